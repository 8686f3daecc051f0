import { round, type Point } from '../../geo/point';
import { encodePolyline } from '../../geo/polyline';
import type { Dataset } from '../../dataset/types';
import type { Reply, SandboxRequest } from '../../kit/types';
import { notFound, success } from './envelope';
import type { TravelMode } from './input';
import { requireCoverage, resolveLocation, type ResolvedLocation } from './locations';
import { readOptimizeRequest, type TripPoint } from './optimize-request';
import { joinLegPaths, travelLeg } from './road-path';
import { snapToStreet } from './snap';
import { solveVisitOrder } from './visit-order';

/**
 * The dataset knows only some streets: a point farther than this from all of them keeps
 * its coordinates (its road is one the sandbox does not know).
 */
const SNAP_RADIUS_METERS = 500;

/** A point of the trip once resolved and snapped to the road network. */
interface TripStop {
  id: string;
  point: Point;
  name: string;
  /** Only for points supplied as a loccode (spec, Optimize data). */
  loccode?: string;
}

/**
 * POST /sdk/v1/optimize. Spec: the origin is visited first and the destination last, only
 * stops are reordered, and an unknown loccode is 404 NOT_FOUND (route answers 502 instead).
 */
export function optimizeTrip(dataset: Dataset, req: SandboxRequest): Reply {
  const request = readOptimizeRequest(req.json());
  const resolve = (tripPoint: TripPoint) => ({
    id: tripPoint.id,
    ...resolveLocation(dataset, tripPoint.location, (code) =>
      notFound(`The loccode ${code} does not exist.`),
    ),
  });
  const origin = resolve(request.origin);
  const destination = resolve(request.destination);
  const stops = request.stops.map(resolve);
  requireCoverage([origin, ...stops, destination].map(({ id, point }) => ({ point, label: `point ${id}` })));

  const snap = (location: ResolvedLocation & { id: string }) => snapTripPoint(dataset, location);
  const start = snap(origin);
  const end = snap(destination);
  const visits = [start, ...solveVisitOrder(start.point, end.point, stops.map(snap)), end];
  return success(req, describeTrip(visits, request.mode));
}

/** Spec, Optimize data: coordinates come back "snapped to the road network"; loccodes are their midpoint. */
function snapTripPoint(dataset: Dataset, location: ResolvedLocation & { id: string }): TripStop {
  if (location.street) {
    return { id: location.id, point: location.point, name: location.street.name, loccode: location.loccode };
  }
  const snapped = snapToStreet(dataset, location.point);
  const point = snapped.distanceMeters <= SNAP_RADIUS_METERS ? snapped.point : location.point;
  return { id: location.id, point, name: snapped.street.name };
}

/** Spec, Optimize data (camelCase throughout). */
function describeTrip(visits: readonly TripStop[], mode: TravelMode) {
  const legs = visits.slice(1).map((to, index) => {
    const from = visits[index]!;
    return { from, to, travel: travelLeg(from.point, to.point, mode) };
  });
  const meters = legs.reduce((sum, { travel }) => sum + travel.meters, 0);
  const seconds = legs.reduce((sum, { travel }) => sum + travel.seconds, 0);
  return {
    code: 'Ok',
    totalDistanceMeters: round(meters, 1),
    totalDurationSeconds: round(seconds, 1),
    orderedStops: visits.map((stop, sequence) => ({
      id: stop.id,
      sequence,
      ...(stop.loccode === undefined ? {} : { loccode: stop.loccode }),
      latitude: round(stop.point.latitude, 6),
      longitude: round(stop.point.longitude, 6),
      name: stop.name,
    })),
    optimizedOrderIds: visits.map(({ id }) => id),
    legs: legs.map(({ from, to, travel }) => ({
      fromId: from.id,
      toId: to.id,
      distanceMeters: round(travel.meters, 1),
      durationSeconds: round(travel.seconds, 1),
      geometry: encodePolyline(travel.path),
    })),
    geometry: encodePolyline(joinLegPaths(legs.map(({ travel }) => travel))),
  };
}
