import type { Point } from '../../geo/point';
import type { Dataset } from '../../dataset/types';
import type { Reply, SandboxRequest } from '../../kit/types';
import type { Variants } from '../../kit/variants';
import { engineUnavailable, success, validationError } from './envelope';
import { bodyObject, isAbsent, isInRange, readMode, requiredQueryPoint } from './input';
import {
  endpointFields,
  readLocation,
  requireCoverage,
  resolveLocation,
  type ResolvedLocation,
} from './locations';
import { buildRoute } from './route-data';

/** Not shown in the spec; a cap keeps one request from asking for an unbounded number of legs. */
const MAX_WAYPOINTS = 25;

interface Waypoint {
  order: number;
  point: Point;
}

/** GET /sdk/v1/route: coordinates only (origin_lat, origin_lng, dest_lat, dest_lng) and mode. */
export function routeFromQuery(dataset: Dataset, req: SandboxRequest, variants: Readonly<Variants>): Reply {
  const problems: string[] = [];
  const mode = readMode(req.query.get('mode') ?? undefined, problems);
  if (problems.length > 0) throw validationError(problems);
  const origin = requiredQueryPoint(req.query, 'origin_lat', 'origin_lng');
  const destination = requiredQueryPoint(req.query, 'dest_lat', 'dest_lng');
  requireCoverage([
    { point: origin, label: 'origin' },
    { point: destination, label: 'destination' },
  ]);
  const points = [{ point: origin }, { point: destination }];
  return success(req, buildRoute(dataset, points, mode, variants.alternativeRoutes));
}

/**
 * POST /sdk/v1/route: each endpoint as coordinates or loccode, plus waypoints visited in
 * ascending `order` whatever their order in the array. Spec, Other behaviour: a loccode
 * endpoint that cannot be resolved is 502 ENGINE_UNAVAILABLE (not 404 as on optimize).
 */
export function routeFromBody(dataset: Dataset, req: SandboxRequest, variants: Readonly<Variants>): Reply {
  const body = bodyObject(req.json());
  const problems: string[] = [];
  const mode = readMode(body.mode, problems);
  const waypoints = readWaypoints(body.waypoints, problems);
  if (problems.length > 0) throw validationError(problems);

  const origin = readLocation(body, endpointFields('origin'), 'origin');
  const destination = readLocation(body, endpointFields('dest'), 'destination');
  const unresolvable = (code: string) =>
    engineUnavailable(`The loccode ${code} could not be resolved to a routable point.`);
  const points: ResolvedLocation[] = [
    resolveLocation(dataset, origin, unresolvable),
    ...waypoints.map(({ point }) => ({ point })),
    resolveLocation(dataset, destination, unresolvable),
  ];
  const labels = ['origin', ...waypoints.map(({ order }) => `waypoint with order ${order}`), 'destination'];
  requireCoverage(points.map(({ point }, index) => ({ point, label: labels[index]! })));
  return success(req, buildRoute(dataset, points, mode, variants.alternativeRoutes));
}

/** Spec: waypoints[] members are camelCase `{order, latitude, longitude}`, visited in ascending order. */
function readWaypoints(value: unknown, problems: string[]): Waypoint[] {
  if (isAbsent(value)) return [];
  if (!Array.isArray(value)) {
    problems.push('waypoints (must be an array)');
    return [];
  }
  if (value.length > MAX_WAYPOINTS) {
    problems.push(`waypoints (at most ${MAX_WAYPOINTS} entries)`);
    return [];
  }
  const waypoints = value.flatMap((item: unknown, index) =>
    readWaypoint(item, `waypoints[${index}]`, problems),
  );
  const seen = new Set<number>();
  for (const { order } of waypoints) {
    if (seen.has(order)) problems.push(`waypoints (order ${order} is used more than once)`);
    seen.add(order);
  }
  return waypoints.sort((a, b) => a.order - b.order);
}

function readWaypoint(item: unknown, name: string, problems: string[]): Waypoint[] {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    problems.push(`${name} (must be an object with order, latitude and longitude)`);
    return [];
  }
  const { order, latitude, longitude } = item as Record<string, unknown>;
  const before = problems.length;
  if (!Number.isInteger(order)) problems.push(`${name}.order (must be an integer)`);
  if (!isInRange(latitude, 90)) problems.push(`${name}.latitude (must be a number from -90 to 90)`);
  if (!isInRange(longitude, 180)) problems.push(`${name}.longitude (must be a number from -180 to 180)`);
  if (problems.length > before) return [];
  return [
    { order: order as number, point: { latitude: latitude as number, longitude: longitude as number } },
  ];
}
