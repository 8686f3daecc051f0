import { genericFailure, type FailureTranslation, type UpstreamCall } from '../../src/upstream/client';
import { failureBody } from './wire';
import type { OptimizeBody } from './wire-requests';

/*
 * Spec, Errors: the maps service words failures in two vocabularies, the gateway's
 * lower_snake_case and the navigation service's UPPER_SNAKE_CASE. 401 invalid_api_key and
 * 429 rate_limited never get here: the base client maps them by status; 429 quota_exceeded
 * and 403 restriction_violation go through translateMapsRefusal. Messages are ours; the
 * upstream's text is never read.
 */

/** What to fix when the service refuses the input of an operation (400 INVALID_PARAMS or VALIDATION_ERROR). */
const REFUSED_INPUT: Record<string, string> = {
  route:
    'The maps service refused the route. A loccode endpoint must be a street loccode of the form ' +
    'four letters or digits, a space, three (e.g. "KN3A 7QP"); area codes such as "KAN 700001" cannot be routed.',
  optimize:
    'The maps service refused the trip. Every loccode among origin, destination and stops must be a street ' +
    'loccode of the form four letters or digits, a space, three (e.g. "KN3A 7QP"); area codes cannot be visited.',
  search:
    'The maps service refused the search: "category" must be a key listed by placeCategories and "query" must not be blank.',
  pointDetails:
    'The maps service refused the point: "osmId" must be an OpenStreetMap id with its type letter first ' +
    '(N, W or R, e.g. "N4839201"), and "osmType" must agree with that letter.',
};

/** What did not exist, per operation (404 NOT_FOUND). */
function notFound(call: UpstreamCall): FailureTranslation {
  switch (call.operation) {
    case 'resolveLoccode':
      return {
        code: 'LOCCODE_NOT_FOUND',
        message: `The maps service does not know the loccode "${pathCode(call)}"; it knows street loccodes such as "KN3A 7QP".`,
      };
    case 'optimize':
      return {
        code: 'LOCCODE_NOT_FOUND',
        message: `A loccode of the trip (${tripLoccodes(call).join(', ')}) does not exist in the maps service.`,
      };
    default:
      return { code: 'NOT_FOUND', message: NOT_FOUND[call.operation] ?? OUTSIDE_COVERAGE };
  }
}

const OUTSIDE_COVERAGE =
  'Nothing found here: the point is outside the coverage area of the maps service (Nigeria).';
const NOT_FOUND: Record<string, string> = {
  route: 'The maps service found no route or point for these endpoints.',
  pointDetails:
    'Nothing found at this point: it is outside the coverage area (Nigeria), or osmId names no place.',
  nearestLoccode:
    'No loccode near this point: it is outside the coverage area of the maps service (Nigeria).',
  reverseGeocode: 'No address at this point: it is outside the coverage area of the maps service (Nigeria).',
};

export function translateMapsFailure(status: number, body: unknown, call: UpstreamCall): FailureTranslation {
  const parsed = failureBody.safeParse(body);
  const code = parsed.success ? parsed.data.code : undefined;
  switch (code) {
    case 'INVALID_PARAMS':
    case 'VALIDATION_ERROR':
      return {
        code: 'BAD_USER_INPUT',
        message:
          REFUSED_INPUT[call.operation] ??
          `The maps service refused the arguments of ${call.operation}; check them against this field's description.`,
      };
    case 'NOT_FOUND':
      return notFound(call);
    case 'ROUTING_FAILED':
      return {
        code: 'ROUTING_FAILED',
        message:
          'The maps routing engine found no path between these points; check that every point is on a road in Nigeria.',
      };
    case 'ENGINE_UNAVAILABLE':
      return {
        code: 'UPSTREAM_UNAVAILABLE',
        message: 'The maps routing engine is unreachable; try again shortly.',
      };
    case 'INTERNAL_ERROR':
    case 'auth_unavailable':
      return {
        code: 'UPSTREAM_UNAVAILABLE',
        message: `The maps service failed to answer ${call.operation}; try again shortly.`,
      };
    default:
      return genericFailure('maps', status, call.operation);
  }
}

/** The loccode of `/sdk/v1/loccode/{code}`, as this client encoded it. */
function pathCode(call: UpstreamCall): string {
  return decodeURIComponent(call.path.slice(call.path.lastIndexOf('/') + 1));
}

/** The loccodes this client put in an optimize body (see wire-requests.ts). */
function tripLoccodes(call: UpstreamCall): string[] {
  const body = call.body as OptimizeBody;
  const codes = [body.origin_loccode, body.dest_loccode, ...body.stops.map((stop) => stop.loccode)];
  return [...new Set(codes.filter((code): code is string => code !== undefined))];
}

/**
 * Spec, Errors: 429 `quota_exceeded` is a usage cap set on the key ("exhausting the monthly
 * allowance does not raise this"), so waiting a minute does not help; 403
 * `restriction_violation` is an origin or bundle-ID restriction. Both are the gateway's
 * configuration to fix, not the client's, and neither is retried.
 */
export function translateMapsRefusal(status: 403 | 429, body: unknown): FailureTranslation | undefined {
  const code = failureBody.safeParse(body).data?.code;
  if (status === 429 && code === 'quota_exceeded')
    return {
      code: 'UPSTREAM_QUOTA_EXCEEDED',
      message:
        "The usage cap set on the gateway's maps key is reached; waiting does not lift it. The gateway operator must raise the cap.",
    };
  if (status === 403 && code === 'restriction_violation')
    return {
      code: 'UPSTREAM_FORBIDDEN',
      message:
        "The maps service refused the gateway's key under an origin or bundle-ID restriction; the gateway operator must allow this gateway.",
    };
  return undefined;
}
