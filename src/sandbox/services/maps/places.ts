import { distanceMeters, type Point } from '../../geo/point';
import type { Dataset, Place, Street } from '../../dataset/types';
import type { Variants } from '../../kit/variants';

/** One-line address in Nigerian order: number and street, district, city, state. */
export function formatAddress(street: Street, houseNumber: number | undefined): string {
  const line = houseNumber === undefined ? street.name : `${houseNumber} ${street.name}`;
  return [line, street.district, street.city, street.state].join(', ');
}

export function placeAddress(place: Place): string {
  return formatAddress(place.street, place.houseNumber);
}

/** The place nearest to the point within `radiusMeters`, optionally of one OSM type; ties go to the first listed. */
export function nearestPlace(
  dataset: Dataset,
  point: Point,
  radiusMeters: number,
  osmType?: string,
): Place | undefined {
  let best: Place | undefined;
  let bestMeters = radiusMeters;
  for (const place of dataset.places) {
    if (osmType !== undefined && place.osmType !== osmType) continue;
    const meters = distanceMeters(point, place.point);
    if (meters < bestMeters) {
      best = place;
      bestMeters = meters;
    }
  }
  return best;
}

/**
 * The house number for a point on a street, reading the street's verified numbers as if
 * they ran in order from its first point to its last. Undefined when it has none.
 */
export function houseNumberAt(street: Street, point: Point): number | undefined {
  const numbers = street.houseNumbers;
  if (numbers.length === 0) return undefined;
  const first = street.geometry[0] ?? street.point;
  const last = street.geometry[street.geometry.length - 1] ?? street.point;
  const fromFirst = distanceMeters(first, point);
  const span = fromFirst + distanceMeters(point, last);
  const share = span === 0 ? 0 : fromFirst / span;
  return [...numbers].sort((a, b) => a - b)[Math.round(share * (numbers.length - 1))];
}

/** An `osm_id` as answered: the dataset's `N123`, or `n123` with the `osmIds: lower` variant. */
export function answeredOsmId(osmId: string, variants: Readonly<Variants>): string {
  return variants.osmIds === 'lower' ? osmId.charAt(0).toLowerCase() + osmId.slice(1) : osmId;
}
