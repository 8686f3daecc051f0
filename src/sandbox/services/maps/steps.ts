import { bearingDegrees, distanceMeters, round, type Point } from '../../geo/point';
import type { Dataset } from '../../dataset/types';
import type { TravelMode } from './input';

export interface Maneuver {
  /** [longitude, latitude] (spec, Coordinate conventions). */
  location: [number, number];
  bearing_before: number;
  bearing_after: number;
  type: 'depart' | 'turn' | 'continue' | 'new name' | 'arrive';
  modifier: string;
}

export interface Step {
  distance: number;
  duration: number;
  name: string;
  mode: 'driving' | 'walking';
  loccode: string;
  maneuver: Maneuver;
}

/**
 * One step per segment of the leg's path, then an arrive step of length zero (the
 * shape OSRM-style engines use). Each step names the street nearest to it.
 */
export function legSteps(
  dataset: Dataset,
  path: readonly Point[],
  mode: TravelMode,
  metersPerSecond: number,
): Step[] {
  const steps: Step[] = [];
  for (let i = 0; i + 1 < path.length; i++) {
    const from = path[i]!;
    const to = path[i + 1]!;
    const before = i === 0 ? undefined : bearingDegrees(path[i - 1]!, from);
    const after = bearingDegrees(from, to);
    const meters = distanceMeters(from, to);
    const street = dataset.nearestStreet(midpoint(from, to)).street;
    const previousName = steps[steps.length - 1]?.name;
    steps.push({
      distance: round(meters, 1),
      duration: round(meters / metersPerSecond, 1),
      name: street.name,
      mode: stepMode(mode),
      loccode: street.code,
      maneuver: maneuver(from, before, after, street.name === previousName),
    });
  }
  const end = path[path.length - 1]!;
  const street = dataset.nearestStreet(end).street;
  const lastBearing = path.length > 1 ? bearingDegrees(path[path.length - 2]!, end) : 0;
  steps.push({
    distance: 0,
    duration: 0,
    name: street.name,
    mode: stepMode(mode),
    loccode: street.code,
    maneuver: {
      location: lngLat(end),
      bearing_before: Math.round(lastBearing) % 360,
      bearing_after: 0,
      type: 'arrive',
      modifier: 'straight',
    },
  });
  return steps;
}

function maneuver(at: Point, before: number | undefined, after: number, sameStreet: boolean): Maneuver {
  const location = lngLat(at);
  const bearingAfter = Math.round(after) % 360;
  if (before === undefined) {
    return { location, bearing_before: 0, bearing_after: bearingAfter, type: 'depart', modifier: 'straight' };
  }
  const modifier = turnModifier(after - before);
  const type = modifier !== 'straight' ? 'turn' : sameStreet ? 'continue' : 'new name';
  return { location, bearing_before: Math.round(before) % 360, bearing_after: bearingAfter, type, modifier };
}

/** OSRM's modifiers, from the change of heading in degrees (positive turns right). */
function turnModifier(change: number): string {
  const signed = ((((change + 180) % 360) + 360) % 360) - 180;
  const size = Math.abs(signed);
  if (size < 15) return 'straight';
  if (size >= 170) return 'uturn';
  const side = signed > 0 ? 'right' : 'left';
  if (size < 45) return `slight ${side}`;
  if (size < 135) return side;
  return `sharp ${side}`;
}

export function lngLat({ latitude, longitude }: Point): [number, number] {
  return [round(longitude, 6), round(latitude, 6)];
}

function midpoint(a: Point, b: Point): Point {
  return { latitude: (a.latitude + b.latitude) / 2, longitude: (a.longitude + b.longitude) / 2 };
}

function stepMode(mode: TravelMode): Step['mode'] {
  return mode === 'walk' ? 'walking' : 'driving';
}
