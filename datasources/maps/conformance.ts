import { capitalsHint } from '../../src/kernel/loccode';
import {
  keyRefused,
  operationLabel,
  rateLimited,
  serviceFailed,
  type ConformanceRow,
  type ConformanceTable,
} from '../../src/upstream/conformance';
import type { UpstreamCall } from '../../src/upstream/client';
import type { MapHostEndpoint, MapsEndpoint } from './endpoints';
import { failureBody } from './wire';
import type { OptimizeBody } from './wire-requests';

/*
 * map-service.md, Errors, row by row, for the REST API and the map host. Two vocabularies
 * (the gateway's lower_snake_case, the navigation service's UPPER_SNAKE_CASE); rows match on
 * the body's `code`. Rate limit, usage cap, restriction and refused key are four outcomes.
 */

/** The maps gateway's own refusals, the same on both hosts. */
function gatewayRows<Operation extends string>(): Array<ConformanceRow<Operation>> {
  return [
    keyRefused(401, 'key missing, malformed, revoked or wrong product', 'invalid_api_key'),
    {
      status: 403,
      upstreamCode: 'restriction_violation',
      when: 'origin or bundle-ID restriction failed',
      code: 'UPSTREAM_FORBIDDEN',
      message:
        "The maps service refused the gateway's key under an origin or bundle-ID restriction; the gateway operator must allow this gateway.",
      then: 'report',
    },
    rateLimited('per-key rate limit hit; honour Retry-After', 'rate_limited'),
    {
      status: 429,
      upstreamCode: 'quota_exceeded',
      // Spec: "exhausting the monthly allowance does not raise this": waiting does not lift it.
      when: 'a usage cap set on the key was reached',
      code: 'UPSTREAM_QUOTA_EXCEEDED',
      message:
        "The usage cap set on the gateway's maps key is reached; waiting does not lift it. The gateway operator must raise the cap.",
      then: 'report',
    },
    serviceFailed(503, 'key validation backend unreachable', 'retry', 'auth_unavailable'),
  ];
}

const COORDINATES = ['reverseGeocode', 'nearestLoccode', 'pointDetails'] as const;

/** Every 400: the argument the service named, or the ones it was sent; never one it was not. */
const REFUSED = 'The maps service refused {refused}.{hints}';

export const MAPS_CONFORMANCE: ConformanceTable<MapsEndpoint> = {
  title: 'Maps REST API (map-service.md)',
  codeOf: (body) => failureBody.safeParse(body).data?.code,
  quote: (call, body) => ({
    ...refusal(call, refusedFields(call, body)),
    trip: tripLoccodes(call).join(', '),
    tripCapitals: capitalsHint(tripLoccodes(call)),
    orPinned: call.query?.osm_id === undefined ? '' : ', or "osmId" names no place',
  }),
  fieldsOf: refusedFields,
  notes: [
    "A 400 names what the service refused: `{refused}` is the arguments its message names among those the gateway sent, in the client's names (also in `extensions.fields`), or else the arguments that call carried, saying the service did not say which. `{hints}` says what to fix only where the value sent is out of the spec's bounds (e.g. the stop count outside 1 to 50).",
    '`{trip}` is the loccodes an optimize request sent; `{tripCapitals}` the capitals sentence for those among them holding lower-case letters; `{orPinned}` mentions `osmId` only when it was sent.',
  ],
  rows: [
    {
      status: 400,
      upstreamCode: 'INVALID_PARAMS',
      operations: ['route', 'optimize'],
      when: 'missing or malformed origin or destination, or bad loccode format; a point with neither coordinates nor loccode (optimize). The message may name the members',
      code: 'BAD_USER_INPUT',
      message: REFUSED,
      then: 'report',
      namesFields: true,
    },
    {
      status: 400,
      upstreamCode: 'INVALID_PARAMS',
      operations: [...COORDINATES, 'search', 'resolveLoccode'],
      when: 'malformed coordinates or a bad loccode format (the spec names route and optimize; a service may answer it here too)',
      code: 'BAD_USER_INPUT',
      message: REFUSED,
      then: 'report',
      namesFields: true,
    },
    {
      status: 400,
      upstreamCode: 'VALIDATION_ERROR',
      when: 'body failed validation; the message lists the offending fields',
      code: 'BAD_USER_INPUT',
      message: REFUSED,
      then: 'report',
      namesFields: true,
    },
    ...gatewayRows<MapsEndpoint>(),
    {
      status: 404,
      upstreamCode: 'NOT_FOUND',
      operations: ['resolveLoccode'],
      when: 'an unknown or malformed code',
      code: 'LOCCODE_NOT_FOUND',
      message:
        'The maps service does not know the loccode "{code}"; it knows street loccodes such as "KN3A 7QP".{capitals:code}',
      then: 'remember',
    },
    {
      status: 404,
      upstreamCode: 'NOT_FOUND',
      operations: ['optimize'],
      when: 'a loccode that does not exist',
      code: 'LOCCODE_NOT_FOUND',
      message: 'A loccode of the trip ({trip}) does not exist in the maps service.{tripCapitals}',
      then: 'remember',
    },
    {
      status: 404,
      upstreamCode: 'NOT_FOUND',
      operations: ['nearestLoccode'],
      when: 'outside coverage',
      code: 'NOT_FOUND',
      message: 'No loccode near this point: it is outside the coverage area of the maps service (Nigeria).',
      then: 'report',
    },
    {
      status: 404,
      upstreamCode: 'NOT_FOUND',
      operations: ['route'],
      when: 'no route or point exists',
      code: 'NOT_FOUND',
      message: 'The maps service found no route or point for these endpoints.',
      then: 'report',
    },
    {
      status: 404,
      upstreamCode: 'NOT_FOUND',
      operations: ['pointDetails'],
      when: 'no point exists',
      code: 'NOT_FOUND',
      message: 'Nothing found at this point: it is outside the coverage area (Nigeria){orPinned}.',
      then: 'report',
    },
    {
      status: 404,
      upstreamCode: 'NOT_FOUND',
      operations: ['reverseGeocode'],
      when: 'no point exists',
      code: 'NOT_FOUND',
      message: 'No address at this point: it is outside the coverage area of the maps service (Nigeria).',
      then: 'report',
    },
    {
      status: 404,
      upstreamCode: 'NOT_FOUND',
      operations: ['search'],
      // The client turns it into an empty list (datasources/maps/client.ts): no match is not an error.
      when: 'nothing matches',
      code: 'NOT_FOUND',
      message: 'No place matches this search.',
      then: 'report',
    },
    {
      status: 422,
      upstreamCode: 'ROUTING_FAILED',
      operations: ['route', 'optimize'],
      when: 'engine ran but could not compute a route',
      code: 'ROUTING_FAILED',
      message:
        'The maps routing engine found no path between these points; check that every point is on a road in Nigeria.',
      then: 'report',
    },
    serviceFailed(500, 'unhandled error', 'report', 'INTERNAL_ERROR'),
    {
      status: 502,
      upstreamCode: 'ENGINE_UNAVAILABLE',
      // A billed route or optimize is never sent twice (it may have been billed); reads are.
      when: 'map engine unreachable, or a loccode origin or destination could not be resolved',
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'The maps routing engine is unreachable; try again shortly.',
      then: 'retry',
    },
  ],
};

export const MAP_HOST_CONFORMANCE: ConformanceTable<MapHostEndpoint> = {
  title: 'Map host (map-service.md, Map display)',
  // Only the code is read: the rest of a host body may echo the key.
  codeOf: (body) => failureBody.safeParse(body).data?.code,
  rows: [
    ...gatewayRows<MapHostEndpoint>(),
    {
      status: 400,
      operations: ['style', 'tileMetadata', 'tile', 'sprite', 'glyphs', 'wordmarkArt'],
      when: 'the host refused the resource request (status not shown in the spec)',
      code: 'BAD_USER_INPUT',
      message: 'The map host refused this request; check the path and its parameters.',
      then: 'report',
    },
    {
      status: 404,
      operations: ['style', 'tileMetadata', 'tile', 'sprite', 'glyphs', 'wordmarkArt'],
      when: 'no such resource (valid families: not shown)',
      code: 'NOT_FOUND',
      message: 'The map host has no such resource (for styles: no such family).',
      then: 'report',
    },
  ],
};

/*
 * Spec, Errors: VALIDATION_ERROR's "message lists the offending fields", and an
 * INVALID_PARAMS message may name them too. Only names of members this gateway sent in
 * this call are taken from it, in the client's argument names; nothing else of the
 * upstream's text is passed on. A refusal that names none is reported with the
 * arguments the call carried, without guessing which of them was refused.
 */

/** A member of a request (query, path or body), as the client's argument. */
const ARGUMENT_OF: Record<string, string> = {
  origin_lat: 'origin.coordinates.latitude',
  origin_lng: 'origin.coordinates.longitude',
  origin_loccode: 'origin.loccode',
  origin_id: 'origin.id',
  dest_lat: 'destination.coordinates.latitude',
  dest_lng: 'destination.coordinates.longitude',
  dest_loccode: 'destination.loccode',
  dest_id: 'destination.id',
  stops: 'stops',
  waypoints: 'waypoints',
  mode: 'mode',
  osm_id: 'osmId',
  osm_type: 'osmType',
  search_name: 'searchName',
  search_address: 'searchAddress',
  q: 'query',
  category: 'category',
  code: 'code',
};

/** A member of one element of `stops[]` or `waypoints[]`, as the client's argument. */
const ELEMENT_MEMBER: Record<string, string> = {
  latitude: 'coordinates.latitude',
  longitude: 'coordinates.longitude',
  loccode: 'loccode',
  id: 'id',
};

/** A query's point: `location` of the point operations, `near` of a search. */
function argumentOf(operation: string, member: string): string | undefined {
  if (member === 'latitude' || member === 'longitude')
    return `${operation === 'search' ? 'near' : 'location'}.${member}`;
  return Object.hasOwn(ARGUMENT_OF, member) ? ARGUMENT_OF[member] : undefined;
}

/** The members `call` carried with a value: query, path and body. */
function sentMembers(call: UpstreamCall): Record<string, unknown> {
  const body = typeof call.body === 'object' && call.body !== null ? call.body : {};
  const members = { ...call.params, ...call.query, ...body } as Record<string, unknown>;
  return Object.fromEntries(Object.entries(members).filter(([, value]) => value !== undefined));
}

/** `stops[2].loccode` names a member sent only if the third stop carried a loccode; `stops[].id`, if any did. */
function elementSent(list: unknown, index: string, member: string | undefined): boolean {
  if (!Array.isArray(list)) return false;
  const elements: unknown[] = index === '' ? list : [list[Number(index)]];
  return elements.some(
    (element) =>
      typeof element === 'object' &&
      element !== null &&
      (member === undefined || (element as Record<string, unknown>)[member] !== undefined),
  );
}

function refusedFields(call: UpstreamCall, body: unknown): string[] {
  const text = (body as { message?: unknown } | null)?.message;
  if (typeof text !== 'string') return [];
  const sent = sentMembers(call);
  const found = new Set<string>();
  for (const [, name, index, member] of text.matchAll(/\b([a-z_]+)(?:\[(\d*)\])?(?:\.([a-z_]+))?/g)) {
    const argument = argumentOf(call.operation, name!);
    if (!argument || !Object.hasOwn(sent, name!)) continue;
    if (index === undefined) found.add(argument);
    else if (!elementSent(sent[name!], index, member && ELEMENT_MEMBER[member] ? member : undefined))
      continue;
    else if (name === 'waypoints' || !member || !ELEMENT_MEMBER[member]) found.add(`${argument}[${index}]`);
    else found.add(`${argument}[${index}].${ELEMENT_MEMBER[member]}`);
  }
  return [...found];
}

/** The client's top-level arguments behind the members `call` carried, e.g. `origin` for `origin_lat`. */
function sentArguments(call: UpstreamCall): string[] {
  const names = Object.entries(sentMembers(call))
    // The gateway sends the spec's default mode when the client gave none: not the client's to check.
    .filter(([member, value]) => !(member === 'mode' && value === 'drive'))
    .flatMap(([member]) => argumentOf(call.operation, member)?.split('.')[0] ?? []);
  return [...new Set(names)];
}

const STOPS = { min: 1, max: 50 };

/** What to fix, for an argument the service named, where the spec bounds it and the value sent is out of bounds. */
const HINT_OF: Record<string, (sent: Record<string, unknown>) => string | undefined> = {
  category: () => '"category" must be a key listed by placeCategories.',
  query: (sent) => (String(sent.q).trim() === '' ? '"query" must not be blank.' : undefined),
  stops: (sent) => {
    const count = Array.isArray(sent.stops) ? sent.stops.length : 0;
    return count < STOPS.min || count > STOPS.max
      ? `"stops" takes ${STOPS.min} to ${STOPS.max} stops (Limits, rule 7); ${count} were sent.`
      : undefined;
  },
  osmType: (sent) =>
    typeof sent.osm_id === 'string' && sent.osm_id.charAt(0).toLowerCase() !== sent.osm_type
      ? '"osmType" must agree with the letter of "osmId".'
      : undefined,
};

const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ');

/** The refusal in words: the arguments named, or those sent; and what to fix where it applies. */
function refusal(call: UpstreamCall, fields: string[]): Record<string, string> {
  const operation = operationLabel(call.operation);
  if (fields.length === 0) {
    const sent = sentArguments(call);
    const which =
      sent.length === 0 ? '' : `; the argument${sent.length > 1 ? 's' : ''} sent: ${quoted(sent)}`;
    return {
      refused: `the ${operation} request without saying which argument it objects to${which}`,
      hints: ` Check ${sent.length > 1 ? 'them' : 'it'} against the field's description.`,
    };
  }
  const sent = sentMembers(call);
  const hints = fields.flatMap((field) =>
    Object.hasOwn(HINT_OF, field) ? (HINT_OF[field]!(sent) ?? []) : [],
  );
  return {
    refused: `${quoted(fields)} of the ${operation} request`,
    hints: ` ${hints.length > 0 ? hints.join(' ') : `Check ${fields.length > 1 ? 'them' : 'it'} against the field's description.`}`,
  };
}

/** The loccodes this client put in an optimize body (see wire-requests.ts). */
function tripLoccodes(call: UpstreamCall): string[] {
  if (call.operation !== 'optimize') return [];
  const body = call.body as OptimizeBody;
  const codes = [body.origin_loccode, body.dest_loccode, ...(body.stops ?? []).map((stop) => stop.loccode)];
  return [...new Set(codes.filter((code): code is string => code !== undefined))];
}
