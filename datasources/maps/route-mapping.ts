import { UpstreamError } from '../../src/kernel/errors';
import { decodePolyline, PolylineError } from '../../src/kernel/polyline';
import { fromLngLat, loccodeLink } from './mapping';
import type {
  LineStringModel,
  OptimizedTripModel,
  RouteAlternativeModel,
  RouteModel,
  RouteStepModel,
} from './models';
import type { OptimizeWire, RouteStepWire, RouteWire } from './wire';

/** Spec, Route data and Optimize data: `code` is the engine's status, `Ok` on success. */
const ENGINE_OK = 'Ok';

/** Spec, Coordinate conventions: encoded polylines use precision 5. */
function decodeLine(encoded: string, operation: string): LineStringModel {
  try {
    return { coordinates: decodePolyline(encoded, 5) };
  } catch (error) {
    if (!(error instanceof PolylineError)) throw error;
    throw new UpstreamError(
      'maps',
      'UPSTREAM_BAD_RESPONSE',
      `The maps service answered ${operation} with a path that is not a valid encoded polyline.`,
    );
  }
}

/** A success envelope whose engine status is not `Ok` is an engine that ran and found nothing. */
function requireEngineOk(code: string, operation: string): void {
  if (code === ENGINE_OK) return;
  throw new UpstreamError(
    'maps',
    'ROUTING_FAILED',
    `The maps routing engine could not compute the ${operation}; check that every point is on a road in Nigeria.`,
  );
}

function step(wire: RouteStepWire): RouteStepModel {
  return {
    distanceMeters: wire.distance,
    durationSeconds: wire.duration,
    name: wire.name ?? null,
    travelMode: wire.mode ?? null,
    loccode: loccodeLink(wire.loccode),
    maneuver: {
      location: fromLngLat(wire.maneuver.location),
      bearingBeforeDegrees: wire.maneuver.bearing_before,
      bearingAfterDegrees: wire.maneuver.bearing_after,
      type: wire.maneuver.type,
      modifier: wire.maneuver.modifier ?? null,
    },
  };
}

/** One of `routes[]`: its length, time, path and legs. */
function routeAlternative(route: RouteWire['routes'][number]): RouteAlternativeModel {
  return {
    distanceMeters: route.distance,
    durationSeconds: route.duration,
    encodedPolyline: route.geometry,
    geometry: decodeLine(route.geometry, 'route'),
    legs: route.legs.map((leg) => ({
      distanceMeters: leg.distance,
      durationSeconds: leg.duration,
      summary: leg.summary ?? null,
      steps: leg.steps.map(step),
    })),
  };
}

/** The first of `routes[]` is the route; the others, in the service's order, are its alternatives. */
export function routeFromWire(wire: RouteWire): RouteModel {
  requireEngineOk(wire.code, 'route');
  const [route, ...others] = wire.routes;
  return {
    ...routeAlternative(route),
    waypoints: wire.waypoints.map(({ location, name }) => ({
      location: fromLngLat(location),
      name: name ?? null,
    })),
    shareUrl: wire.shareUrl ?? null,
    alternatives: others.map(routeAlternative),
  };
}

export function optimizedTripFromWire(wire: OptimizeWire): OptimizedTripModel {
  requireEngineOk(wire.code, 'trip');
  return {
    totalDistanceMeters: wire.totalDistanceMeters,
    totalDurationSeconds: wire.totalDurationSeconds,
    orderedStops: wire.orderedStops.map((stop) => ({
      id: stop.id,
      sequence: stop.sequence,
      loccode: loccodeLink(stop.loccode),
      location: { latitude: stop.latitude, longitude: stop.longitude },
      name: stop.name ?? null,
    })),
    optimizedOrderIds: wire.optimizedOrderIds,
    legs: wire.legs.map((leg) => ({
      fromId: leg.fromId,
      toId: leg.toId,
      distanceMeters: leg.distanceMeters,
      durationSeconds: leg.durationSeconds,
      encodedPolyline: leg.geometry,
      geometry: decodeLine(leg.geometry, 'optimize'),
    })),
    encodedPolyline: wire.geometry,
    geometry: decodeLine(wire.geometry, 'optimize'),
  };
}
