import type { Point } from '../../src/kernel/point';
import type { LocationRequest, OptimizeRequest, RouteRequest } from './models';

/*
 * Request bodies of POST /sdk/v1/route and POST /sdk/v1/optimize (spec, Endpoints).
 * The body is snake_case except waypoints[] members, which are camelCase.
 */

type Prefix = 'origin' | 'dest';

/** One endpoint as `{prefix}_lat`/`{prefix}_lng`, or `{prefix}_loccode` exactly as the client sent it. */
function endpoint(prefix: Prefix, location: LocationRequest): Record<string, string | number> {
  if ('loccode' in location) return { [`${prefix}_loccode`]: location.loccode };
  return {
    [`${prefix}_lat`]: location.coordinates.latitude,
    [`${prefix}_lng`]: location.coordinates.longitude,
  };
}

/** Spec: waypoints are visited in ascending `order`, so the client's list order becomes `order`. */
function waypoints(points: readonly Point[]) {
  return points.map(({ latitude, longitude }, order) => ({ order, latitude, longitude }));
}

export function routeBody(request: RouteRequest): Record<string, unknown> {
  return {
    ...endpoint('origin', request.origin),
    ...endpoint('dest', request.destination),
    ...(request.waypoints.length > 0 && { waypoints: waypoints(request.waypoints) }),
    mode: request.mode,
  };
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
  return {
    ...(request.origin.id !== undefined && { origin_id: request.origin.id }),
    ...endpoint('origin', request.origin.location),
    ...(request.destination.id !== undefined && { dest_id: request.destination.id }),
    ...endpoint('dest', request.destination.location),
    stops: request.stops.map(({ id, location }) =>
      'loccode' in location ? { id, loccode: location.loccode } : { id, ...location.coordinates },
    ),
    mode: request.mode,
  };
}
