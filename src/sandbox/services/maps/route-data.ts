import { round } from '../../geo/point';
import { encodePolyline } from '../../geo/polyline';
import type { Dataset } from '../../dataset/types';
import { compareText } from './compare-text';
import type { TravelMode } from './input';
import type { ResolvedLocation } from './locations';
import { detourLeg, joinLegPaths, travelLeg, type TravelLeg } from './road-path';
import { shareUrl } from './share';
import { legSteps, lngLat, type Step } from './steps';

/** Spec, Route data. The route response is camelCase (`shareUrl`) while maneuver keys are snake_case. */
export interface RouteData {
  shareUrl: string;
  code: 'Ok';
  routes: Array<{ distance: number; duration: number; geometry: string; legs: RouteLeg[] }>;
  waypoints: Array<{ location: [number, number]; name: string }>;
}

interface RouteLeg {
  distance: number;
  duration: number;
  summary: string;
  steps: Step[];
}

/** One leg per consecutive pair of points: origin, the waypoints in order, destination. */
export function buildRoute(
  dataset: Dataset,
  points: readonly ResolvedLocation[],
  mode: TravelMode,
  alternatives = 0,
): RouteData {
  const legs = points.slice(1).map((to, index) => travelLeg(points[index]!.point, to.point, mode));
  const detours = Array.from({ length: alternatives }, (_, index) =>
    points.slice(1).map((to, leg) => detourLeg(points[leg]!.point, to.point, mode, index + 1)),
  );
  const canonical = [mode, ...points.map(({ point }) => `${point.latitude},${point.longitude}`)].join(';');
  return {
    shareUrl: shareUrl('route', canonical),
    code: 'Ok',
    // The `alternativeRoutes` variant: further routes after the first, each a detour of every leg.
    routes: [legs, ...detours].map((routeLegs) => describeRoute(dataset, routeLegs, mode)),
    waypoints: points.map((location) => ({
      location: lngLat(location.point),
      name: locationName(dataset, location),
    })),
  };
}

function describeRoute(
  dataset: Dataset,
  legs: readonly TravelLeg[],
  mode: TravelMode,
): RouteData['routes'][0] {
  return {
    distance: round(
      legs.reduce((sum, leg) => sum + leg.meters, 0),
      1,
    ),
    duration: round(
      legs.reduce((sum, leg) => sum + leg.seconds, 0),
      1,
    ),
    geometry: encodePolyline(joinLegPaths(legs)),
    legs: legs.map((leg) => describeLeg(dataset, leg, mode)),
  };
}

function describeLeg(dataset: Dataset, leg: TravelLeg, mode: TravelMode): RouteLeg {
  const steps = legSteps(dataset, leg.path, mode, leg.metersPerSecond);
  return {
    distance: round(leg.meters, 1),
    duration: round(leg.seconds, 1),
    summary: legSummary(steps),
    steps,
  };
}

/** Like OSRM: the names of the (at most two) streets the leg spends most distance on. */
function legSummary(steps: readonly Step[]): string {
  const meters = new Map<string, number>();
  for (const step of steps) meters.set(step.name, (meters.get(step.name) ?? 0) + step.distance);
  return [...meters.entries()]
    .sort(([nameA, a], [nameB, b]) => b - a || compareText(nameA, nameB))
    .slice(0, 2)
    .map(([name]) => name)
    .join(', ');
}

/** A loccode point is named after its street; a coordinate after the street nearest to it. */
function locationName(dataset: Dataset, location: ResolvedLocation): string {
  return (location.street ?? dataset.nearestStreet(location.point).street).name;
}
