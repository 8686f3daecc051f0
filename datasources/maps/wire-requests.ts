import type { Point } from '../../src/kernel/point';
import type { LocationRequest, OptimizeRequest, RouteRequest } from './models';

/*
 * Request bodies of POST /sdk/v1/route and POST /sdk/v1/optimize (spec, Endpoints).
 * The body is snake_case except waypoints[] members, which are camelCase.
 */

type Prefix = 'origin' | 'dest';

/** Each end's member names, written out: a name built per call makes a slower object to build and to stringify. */
const MEMBERS = {
  origin: { loccode: 'origin_loccode', lat: 'origin_lat', lng: 'origin_lng' },
  dest: { loccode: 'dest_loccode', lat: 'dest_lat', lng: 'dest_lng' },
} as const;

/** One endpoint into `body` as `{prefix}_lat`/`{prefix}_lng`, or `{prefix}_loccode` exactly as the client sent it. */
function endpoint(body: Record<string, unknown>, prefix: Prefix, location: LocationRequest): void {
  const names = MEMBERS[prefix];
  if ('loccode' in location) body[names.loccode] = location.loccode;
  else {
    body[names.lat] = location.coordinates.latitude;
    body[names.lng] = location.coordinates.longitude;
  }
}

/** Spec: waypoints are visited in ascending `order`, so the client's list order becomes `order`. */
function waypoints(points: readonly Point[]) {
  return points.map(({ latitude, longitude }, order) => ({ order, latitude, longitude }));
}

/** Members always in this order: it is part of the cache key (the body's JSON). */
export function routeBody(request: RouteRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  endpoint(body, 'origin', request.origin);
  endpoint(body, 'dest', request.destination);
  if (request.waypoints.length > 0) body.waypoints = waypoints(request.waypoints);
  body.mode = request.mode;
  return body;
}

export interface OptimizeBody {
  origin_id?: string;
  origin_loccode?: string;
  dest_id?: string;
  dest_loccode?: string;
  stops: Array<{ id: string; loccode?: string; latitude?: number; longitude?: number }>;
  mode: string;
}

/** Spec: `origin_id` and `dest_id` are optional, so an id the client left out is not sent. */
export function optimizeBody(request: OptimizeRequest): OptimizeBody {
  const ends: Record<string, unknown> = {};
  if (request.origin.id !== undefined) ends.origin_id = request.origin.id;
  endpoint(ends, 'origin', request.origin.location);
  if (request.destination.id !== undefined) ends.dest_id = request.destination.id;
  endpoint(ends, 'dest', request.destination.location);
  return {
    ...ends,
    stops: request.stops.map(({ id, location }) =>
      'loccode' in location ? { id, loccode: location.loccode } : { id, ...location.coordinates },
    ),
    mode: request.mode,
  };
}
