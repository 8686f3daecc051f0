import { isInNigeria, type Point } from '../../geo/point';
import type { Dataset, Street } from '../../dataset/types';
import { badRequest, notFound } from './errors';

/** Four letters or digits, one space, three: the spec's loccode pattern (area codes like `KAN 700001` fail it). */
const LOCCODE_PATTERN = /^[A-Za-z0-9]{4} [A-Za-z0-9]{3}$/;
const COORDINATE = /^-?\d+(\.\d+)?$/;
/** A point farther than this from every street has no verified address. */
export const MAX_ADDRESS_DISTANCE_METERS = 25_000;

/** Pattern first (400), then a case-insensitive lookup (404). */
export function streetByLoccode(dataset: Dataset, loccode: string): Street {
  if (!LOCCODE_PATTERN.test(loccode)) {
    throw badRequest(
      `loccode must match the pattern XXXX XXX (four letters or digits, a space, three letters or digits), e.g. "KN3A 7QP"; got "${loccode}".`,
    );
  }
  const street = dataset.streetByCode.get(loccode.toUpperCase());
  if (!street) throw notFound(`No verified address found for loccode "${loccode}".`);
  return street;
}

/** `latitude` and `longitude` required, WGS-84 decimal degrees; the nearest street within reach, inside Nigeria. */
export function streetNearCoordinates(dataset: Dataset, query: URLSearchParams): Street {
  const point: Point = {
    latitude: coordinate(query, 'latitude', 90),
    longitude: coordinate(query, 'longitude', 180),
  };
  const nothingNear = `No verified address found near ${point.latitude}, ${point.longitude}.`;
  if (!isInNigeria(point)) throw notFound(`${nothingNear} The service covers Nigeria only.`);
  const { street, distanceMeters } = dataset.nearestStreet(point);
  if (distanceMeters > MAX_ADDRESS_DISTANCE_METERS) throw notFound(nothingNear);
  return street;
}

/**
 * `streetName`, full or partial, case-insensitive and with spaces collapsed.
 * An exact name wins; otherwise the first street, in dataset order, whose name contains the text.
 */
export function streetByName(dataset: Dataset, query: URLSearchParams): Street {
  const wanted = normaliseName(query.get('streetName') ?? '');
  if (wanted === '') throw badRequest('streetName is required and must not be blank.');
  const names = dataset.streets.map((street) => ({ street, name: normaliseName(street.name) }));
  const match = names.find(({ name }) => name === wanted) ?? names.find(({ name }) => name.includes(wanted));
  if (!match) throw notFound(`No verified street matches "${query.get('streetName')?.trim()}".`);
  return match.street;
}

function coordinate(query: URLSearchParams, name: string, bound: number): number {
  const text = query.get(name);
  if (text === null || text.trim() === '') throw badRequest(`${name} is required.`);
  const value = COORDINATE.test(text) ? Number(text) : NaN;
  if (!(Math.abs(value) <= bound)) {
    throw badRequest(`${name} must be a number from -${bound} to ${bound} (decimal degrees); got "${text}".`);
  }
  return value;
}

function normaliseName(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}
