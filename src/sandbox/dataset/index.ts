import { distanceMeters, type Point } from '../geo/point';
import { buildFacilities } from './facilities';
import { buildPlaces, PLACE_CATEGORIES } from './places';
import { buildStates } from './states';
import { buildAreas, buildStreets } from './streets';
import type { Area, Dataset, Street } from './types';

let cached: Dataset | undefined;

/** The sandbox dataset, built once per process from the compact tables beside this file. */
export function loadDataset(): Dataset {
  cached ??= buildDataset();
  return cached;
}

function buildDataset(): Dataset {
  const states = buildStates();
  const streets = buildStreets(states);
  const areas = buildAreas(states);
  const streetByCode = new Map(streets.map((s) => [s.code, s]));
  const localityByCode = new Map<string, Street | Area>([
    ...streetByCode,
    ...areas.map((a) => [a.code, a] as const),
  ]);
  return {
    states,
    streets,
    areas,
    facilities: buildFacilities(states),
    places: buildPlaces(streets),
    categories: PLACE_CATEGORIES,
    streetByCode,
    localityByCode,
    nearestStreet: (point) => nearestStreet(streets, point),
  };
}

/** Distance to a street: to its nearest vertex (vertices are at most ~420 m apart). */
function nearestStreet(streets: Street[], point: Point): { street: Street; distanceMeters: number } {
  let best = { street: streets[0]!, distanceMeters: Infinity };
  for (const street of streets) {
    for (const vertex of street.geometry) {
      const d = distanceMeters(point, vertex);
      if (d < best.distanceMeters) best = { street, distanceMeters: d };
    }
  }
  return best;
}
