import type { Point } from '../../geo/point';
import { invalidParams, validationError } from './envelope';

export type TravelMode = 'drive' | 'walk';

/** A plain decimal number as sent in a query string: no hex, no exponent, no blanks. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Spec, Loccode: "four characters, one space, three characters"; characters are letters or digits. */
const LOCCODE_WIRE_FORMAT = /^[A-Za-z0-9]{4} [A-Za-z0-9]{3}$/;

export function isLoccodeWireFormat(value: unknown): value is string {
  return typeof value === 'string' && LOCCODE_WIRE_FORMAT.test(value);
}

/** JSON `null` is treated like an absent member. */
export function isAbsent(value: unknown): value is undefined | null {
  return value === undefined || value === null;
}

export function isInRange(value: unknown, limit: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;
}

/** The request body as an object; anything else fails validation. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationError(['body (must be a JSON object)']);
  }
  return body as Record<string, unknown>;
}

/** Spec: mode is `drive` (default) or `walk`; any other value is a validation failure. */
export function readMode(value: unknown, problems: string[]): TravelMode {
  if (isAbsent(value)) return 'drive';
  if (value === 'drive' || value === 'walk') return value;
  problems.push('mode (must be drive or walk)');
  return 'drive';
}

/**
 * A point given as two query parameters, latitude first (spec, Coordinate conventions).
 * Missing or malformed coordinates are INVALID_PARAMS everywhere in this sandbox.
 */
export function requiredQueryPoint(
  query: URLSearchParams,
  latitudeName: string,
  longitudeName: string,
): Point {
  const latitude = queryDegrees(query, latitudeName, 90);
  const longitude = queryDegrees(query, longitudeName, 180);
  const problems = [latitude, longitude].filter((part): part is string => typeof part === 'string');
  if (problems.length > 0) throw invalidParams(problems.join(' '));
  return { latitude: latitude as number, longitude: longitude as number };
}

/** Like {@link requiredQueryPoint}, but both parameters may be left out together. */
export function optionalQueryPoint(
  query: URLSearchParams,
  latitudeName: string,
  longitudeName: string,
): Point | undefined {
  if (!query.has(latitudeName) && !query.has(longitudeName)) return undefined;
  return requiredQueryPoint(query, latitudeName, longitudeName);
}

/** The number, or a sentence saying what is wrong with it. */
function queryDegrees(query: URLSearchParams, name: string, limit: number): number | string {
  const raw = query.get(name);
  if (raw === null || raw === '') return `${name} is required.`;
  const value = Number(raw);
  const valid = DECIMAL.test(raw) && isInRange(value, limit);
  return valid ? value : `${name} must be a number from -${limit} to ${limit}.`;
}
