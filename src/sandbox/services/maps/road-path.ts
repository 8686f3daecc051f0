import {
  bearingDegrees,
  destinationPoint,
  distanceMeters,
  isInNigeria,
  pathLengthMeters,
  round,
  type Point,
} from '../../geo/point';
import { Random } from '../../dataset/random';
import type { TravelMode } from './input';

/** Encoded polylines carry 5 decimals; paths are built on that grid so the decoded length is the reported one. */
const POLYLINE_DECIMALS = 5;
const METERS_PER_INTERMEDIATE_POINT = 1500;
const MIN_INTERMEDIATE_POINTS = 2;
const MAX_INTERMEDIATE_POINTS = 8;
/** Largest sideways wander of the road, as a share of the straight-line distance. */
const MAX_OFFSET_SHARE = 0.06;
const WALK_METERS_PER_SECOND = 1.3;

export function onPolylineGrid({ latitude, longitude }: Point): Point {
  return { latitude: round(latitude, POLYLINE_DECIMALS), longitude: round(longitude, POLYLINE_DECIMALS) };
}

/**
 * A plausible road between two points: a few intermediate points that wander sideways,
 * most in the middle and none at the ends. Seeded by the endpoints, so the same pair
 * always gets the same road.
 */
export function roadPath(from: Point, to: Point): Point[] {
  const start = onPolylineGrid(from);
  const end = onPolylineGrid(to);
  const straight = distanceMeters(start, end);
  if (straight < 1) return [start, end];
  const random = new Random(`road:${start.latitude},${start.longitude}->${end.latitude},${end.longitude}`);
  const count = Math.min(
    MAX_INTERMEDIATE_POINTS,
    Math.max(MIN_INTERMEDIATE_POINTS, Math.round(straight / METERS_PER_INTERMEDIATE_POINT)),
  );
  const sideways = bearingDegrees(start, end) + 90;
  const path = [start];
  for (let i = 1; i <= count; i++) {
    const share = (i + random.between(-0.3, 0.3)) / (count + 1);
    const onLine = interpolate(start, end, share);
    const offset = random.between(-1, 1) * MAX_OFFSET_SHARE * straight * Math.sin(Math.PI * share);
    const wandered = destinationPoint(onLine, sideways, offset);
    path.push(onPolylineGrid(isInNigeria(wandered) ? wandered : onLine));
  }
  path.push(end);
  return path;
}

function interpolate(a: Point, b: Point, share: number): Point {
  return {
    latitude: a.latitude + (b.latitude - a.latitude) * share,
    longitude: a.longitude + (b.longitude - a.longitude) * share,
  };
}

/** Driving is slow in town and faster between towns: 35 km/h up to 2 km, rising to 60 km/h at 50 km. */
export function speedMetersPerSecond(mode: TravelMode, legMeters: number): number {
  if (mode === 'walk') return WALK_METERS_PER_SECOND;
  const share = Math.min(1, Math.max(0, (legMeters - 2_000) / 48_000));
  return ((35 + 25 * share) * 1000) / 3600;
}

/** A road between two consecutive points of a trip, with its length and travel time. */
export interface TravelLeg {
  path: Point[];
  meters: number;
  seconds: number;
  metersPerSecond: number;
}

export function travelLeg(from: Point, to: Point, mode: TravelMode): TravelLeg {
  const path = roadPath(from, to);
  const meters = pathLengthMeters(path);
  const metersPerSecond = speedMetersPerSecond(mode, meters);
  return { path, meters, seconds: meters / metersPerSecond, metersPerSecond };
}

/** The whole trip's path: legs share their joining point, which appears once. */
export function joinLegPaths(legs: readonly TravelLeg[]): Point[] {
  return legs.flatMap((leg, index) => (index === 0 ? leg.path : leg.path.slice(1)));
}

/** Sideways shift of an alternative route's via point, as a share of the leg's straight line. */
const DETOUR_SHARE = 0.15;

/**
 * Alternative `n` (1, 2, ...) of a leg: by way of a point beside its middle, on alternating
 * sides and farther out each time. A leg of no length has no alternative.
 */
export function detourLeg(from: Point, to: Point, mode: TravelMode, n: number): TravelLeg {
  const straight = distanceMeters(from, to);
  if (straight < 1) return travelLeg(from, to, mode);
  const side = n % 2 === 1 ? 90 : -90;
  const offset = DETOUR_SHARE * Math.ceil(n / 2) * straight;
  const shifted = destinationPoint(interpolate(from, to, 0.5), bearingDegrees(from, to) + side, offset);
  const via = onPolylineGrid(isInNigeria(shifted) ? shifted : interpolate(from, to, 0.5));
  const path = [...roadPath(from, via), ...roadPath(via, to).slice(1)];
  const meters = pathLengthMeters(path);
  const metersPerSecond = speedMetersPerSecond(mode, meters);
  return { path, meters, seconds: meters / metersPerSecond, metersPerSecond };
}
