import {
  keyRefused,
  rateLimited,
  serviceFailed,
  type ConformanceRow,
  type ConformanceTable,
} from '../../src/upstream/conformance';
import type { UpstreamCall } from '../../src/upstream/client';
import type { MapHostOperation, MapsOperation } from './operations';
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

export const MAPS_CONFORMANCE: ConformanceTable<MapsOperation> = {
  title: 'Maps REST API (map-service.md)',
  codeOf: (body) => failureBody.safeParse(body).data?.code,
  quote: (call, body) => ({ ...refusal(refusedFields(body)), trip: tripLoccodes(call).join(', ') }),
  fieldsOf: refusedFields,
  rows: [
    {
      status: 400,
      upstreamCode: 'INVALID_PARAMS',
      operations: ['route'],
      when: 'missing or malformed origin or destination, or bad loccode format',
      code: 'BAD_USER_INPUT',
      message:
        'The maps service refused the route\'s endpoints. A loccode endpoint must be a street loccode of the form four letters or digits, a space, three (e.g. "KN3A 7QP"); area codes such as "KAN 700001" cannot be routed.',
      then: 'report',
    },
    {
      status: 400,
      upstreamCode: 'INVALID_PARAMS',
      operations: ['optimize'],
      when: 'a point with neither coordinates nor loccode, or bad loccode format',
      code: 'BAD_USER_INPUT',
      message:
        'The maps service refused a point of the trip. Every loccode among origin, destination and stops must be a street loccode of the form four letters or digits, a space, three (e.g. "KN3A 7QP"); area codes cannot be visited.',
      then: 'report',
    },
    {
      status: 400,
      upstreamCode: 'INVALID_PARAMS',
      operations: [...COORDINATES, 'search'],
      when: 'malformed coordinates',
      code: 'BAD_USER_INPUT',
      message:
        'The maps service refused the coordinates of {operation}; give latitude and longitude in decimal degrees inside Nigeria.',
      then: 'report',
    },
    {
      status: 400,
      upstreamCode: 'VALIDATION_ERROR',
      when: 'body failed validation; the message lists the offending fields',
      code: 'BAD_USER_INPUT',
      message: 'The maps service refused {named} of {operation}.{hints}',
      then: 'report',
      namesFields: true,
    },
    ...gatewayRows<MapsOperation>(),
    {
      status: 404,
      upstreamCode: 'NOT_FOUND',
      operations: ['resolveLoccode'],
      when: 'an unknown or malformed code',
      code: 'LOCCODE_NOT_FOUND',
      message:
        'The maps service does not know the loccode "{code}"; it knows street loccodes such as "KN3A 7QP".',
      then: 'remember',
    },
    {
      status: 404,
      upstreamCode: 'NOT_FOUND',
      operations: ['optimize'],
      when: 'a loccode that does not exist',
      code: 'LOCCODE_NOT_FOUND',
      message: 'A loccode of the trip ({trip}) does not exist in the maps service.',
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
      message:
        'Nothing found at this point: it is outside the coverage area (Nigeria), or osmId names no place.',
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

export const MAP_HOST_CONFORMANCE: ConformanceTable<MapHostOperation> = {
  title: 'Map host (map-service.md, Map display)',
  // Only the code is read: the rest of a host body may echo the key.
  codeOf: (body) => failureBody.safeParse(body).data?.code,
  rows: [
    ...gatewayRows<MapHostOperation>(),
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

/**
 * Spec, Errors: VALIDATION_ERROR's "message lists the offending fields". Only the names of
 * members this gateway sends are taken from it, in the client's argument names; nothing
 * else of the upstream's text is passed on.
 */
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
  latitude: 'location.latitude',
  longitude: 'location.longitude',
  osm_id: 'osmId',
  osm_type: 'osmType',
  search_name: 'searchName',
  search_address: 'searchAddress',
  q: 'query',
  category: 'category',
};
/** What to fix, for the arguments the service's own rules bound (spec, Limits and Endpoints). */
const HINT_OF: Record<string, string> = {
  category: '"category" must be a key listed by placeCategories.',
  query: '"query" must not be blank.',
  stops: '"stops" takes 1 to 50 stops (Limits, rule 7).',
  osmId: '"osmId" must be an OpenStreetMap id with its type letter first (N, W or R, e.g. "N7350865734").',
  osmType: '"osmType" must agree with the letter of "osmId".',
};

const ELEMENT_MEMBER: Record<string, string> = {
  latitude: 'coordinates.latitude',
  longitude: 'coordinates.longitude',
  loccode: 'loccode',
  id: 'id',
};

function refusedFields(body: unknown): string[] {
  const text = (body as { message?: unknown } | null)?.message;
  const found = new Set<string>();
  if (typeof text === 'string') {
    for (const [, name, index, member] of text.matchAll(/\b([a-z_]+)(?:\[(\d+)\])?(?:\.([a-z_]+))?/g)) {
      const argument = Object.hasOwn(ARGUMENT_OF, name!) ? ARGUMENT_OF[name!] : undefined;
      if (!argument) continue;
      if (index === undefined) found.add(argument);
      else if (name === 'waypoints') found.add(`waypoints[${index}]`);
      else
        found.add(
          `${argument}[${index}]${member && ELEMENT_MEMBER[member] ? `.${ELEMENT_MEMBER[member]}` : ''}`,
        );
    }
  }
  return [...found];
}

/** The refused fields in words, and what to fix for each the spec bounds. */
function refusal(fields: string[]): Record<string, string> {
  const unknown = " Check them against this field's description.";
  if (fields.length === 0) return { named: 'the arguments', hints: unknown };
  const hints = fields.flatMap((field) => (Object.hasOwn(HINT_OF, field) ? [` ${HINT_OF[field]}`] : []));
  return {
    named: `the argument${fields.length > 1 ? 's' : ''} ${fields.map((field) => `"${field}"`).join(', ')}`,
    hints: hints.length > 0 ? hints.join('') : unknown,
  };
}

/** The loccodes this client put in an optimize body (see wire-requests.ts). */
function tripLoccodes(call: UpstreamCall): string[] {
  if (call.operation !== 'optimize') return [];
  const body = call.body as OptimizeBody;
  const codes = [body.origin_loccode, body.dest_loccode, ...(body.stops ?? []).map((stop) => stop.loccode)];
  return [...new Set(codes.filter((code): code is string => code !== undefined))];
}
