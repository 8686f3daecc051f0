import { isInNigeria, type Point } from '../../geo/point';
import type { Dataset, Street } from '../../dataset/types';
import { invalidParams, routingFailed, type MapsError } from './envelope';
import { isAbsent, isInRange, isLoccodeWireFormat } from './input';

/** A route or optimize point as the caller gave it: coordinates, or a street loccode. */
export type LocationInput = { kind: 'point'; point: Point } | { kind: 'loccode'; code: string };

/** A point ready for routing; `street` and `loccode` are set when it was given as a loccode. */
export interface ResolvedLocation {
  point: Point;
  street?: Street;
  /** The loccode exactly as supplied. */
  loccode?: string;
}

/** Member names of one point in a request body, e.g. `origin_lat`, `origin_lng`, `origin_loccode`. */
export interface LocationFields {
  latitude: string;
  longitude: string;
  loccode: string;
}

export const endpointFields = (prefix: 'origin' | 'dest'): LocationFields => ({
  latitude: `${prefix}_lat`,
  longitude: `${prefix}_lng`,
  loccode: `${prefix}_loccode`,
});

/**
 * Reads one point of a body. Spec: each point is given by coordinates or by a loccode;
 * neither, a malformed coordinate or a loccode off the wire format is 400 INVALID_PARAMS.
 * Both at once is refused too, because the spec offers no rule for choosing.
 */
export function readLocation(
  source: Record<string, unknown>,
  fields: LocationFields,
  label: string,
): LocationInput {
  const latitude = source[fields.latitude];
  const longitude = source[fields.longitude];
  const loccode = source[fields.loccode];
  const hasCoordinates = !isAbsent(latitude) || !isAbsent(longitude);
  if (!isAbsent(loccode) && hasCoordinates) {
    throw invalidParams(
      `${label}: give either ${fields.latitude}/${fields.longitude} or ${fields.loccode}, not both.`,
    );
  }
  if (!isAbsent(loccode)) {
    if (!isLoccodeWireFormat(loccode)) {
      throw invalidParams(
        `${label}: ${fields.loccode} must be 4 characters, a space and 3 characters (e.g. KN3A 7QP).`,
      );
    }
    return { kind: 'loccode', code: loccode };
  }
  if (!hasCoordinates) {
    throw invalidParams(`${label}: needs ${fields.latitude} and ${fields.longitude}, or ${fields.loccode}.`);
  }
  if (!isInRange(latitude, 90) || !isInRange(longitude, 180)) {
    throw invalidParams(
      `${label}: ${fields.latitude} must be a number from -90 to 90 and ${fields.longitude} from -180 to 180.`,
    );
  }
  return { kind: 'point', point: { latitude, longitude } };
}

/**
 * Turns a loccode into its street's midpoint (spec: "Routing to a loccode routes to that
 * midpoint"). An unknown code fails with the error the calling endpoint documents.
 */
export function resolveLocation(
  dataset: Dataset,
  input: LocationInput,
  unknownCode: (code: string) => MapsError,
): ResolvedLocation {
  if (input.kind === 'point') return { point: input.point };
  const street = dataset.streetByCode.get(input.code);
  if (!street) throw unknownCode(input.code);
  return { point: street.point, street, loccode: input.code };
}

/** Spec: coverage is Nigeria; the engine finds no path to a point outside it (422 ROUTING_FAILED). */
export function requireCoverage(points: ReadonlyArray<{ point: Point; label: string }>): void {
  const outside = points.filter(({ point }) => !isInNigeria(point)).map(({ label }) => label);
  if (outside.length > 0) {
    throw routingFailed(`No route found: ${outside.join(', ')} outside the coverage area (Nigeria).`);
  }
}
