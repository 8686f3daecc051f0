import type { Area, FacilityLevel, Street } from '../../dataset/types';
import { RejectedRequest } from '../../kit/types';
import { HEALTHCARE_ERROR_CODES as CODES } from './errors';

const FACILITY_LEVELS: readonly FacilityLevel[] = ['Primary', 'Secondary', 'Tertiary'];

export const RADIUS_KM = { default: 25, max: 100 } as const;
export const LIMIT = { default: 10, max: 50 } as const;

const DECIMAL = /^\d+(\.\d+)?$/;
const WHOLE_NUMBER = /^\d+$/;

/** The 400 for each required query parameter that is missing or blank. */
const MISSING: Record<string, [code: string, message: string]> = {
  loccode: [CODES.loccodeRequired, 'The loccode query parameter is required.'],
  facility_level: [CODES.facilityLevelRequired, 'The facility_level query parameter is required.'],
  health_condition: [
    CODES.healthConditionRequired,
    'The health_condition query parameter is required, in plain language (e.g. "chest pain").',
  ],
};

/** A query parameter that must be there; a blank one counts as missing. */
function required(query: URLSearchParams, name: keyof typeof MISSING): string {
  const value = query.get(name);
  if (value === null || value.trim() === '') throw new RejectedRequest(400, ...MISSING[name]!);
  return value;
}

/** The `loccode` query parameter, checked before anything else. */
export function requiredLoccode(query: URLSearchParams): string {
  return required(query, 'loccode');
}

/**
 * Case-insensitive lookup; spacing and characters must be exact, so the hyphenated
 * display form (`KN3A-7QP`) and padded input are not found (spec: malformed or unregistered is 404).
 */
export function findLocality(localities: ReadonlyMap<string, Street | Area>, loccode: string): Street | Area {
  const locality = localities.get(loccode.toUpperCase());
  if (!locality) {
    throw new RejectedRequest(
      404,
      CODES.loccodeNotFound,
      `Loccode '${loccode}' is not registered. Loccodes are two groups separated by one space, e.g. 'KN3A 7QP'.`,
    );
  }
  return locality;
}

/** `facility_level`: exactly Primary, Secondary or Tertiary, case-sensitive. */
export function facilityLevel(query: URLSearchParams): FacilityLevel {
  const level = required(query, 'facility_level');
  const known = FACILITY_LEVELS.find((candidate) => candidate === level);
  if (!known) {
    throw new RejectedRequest(
      400,
      CODES.invalidFacilityLevel,
      `facility_level must be one of ${FACILITY_LEVELS.join(', ')} (case-sensitive); got '${level}'.`,
    );
  }
  return known;
}

/** `radius_km`: optional decimal kilometres, more than 0 and at most {@link RADIUS_KM}.max. */
export function radiusKm(query: URLSearchParams): number {
  const text = query.get('radius_km');
  if (text === null) return RADIUS_KM.default;
  const value = DECIMAL.test(text) ? Number(text) : NaN;
  if (!(value > 0 && value <= RADIUS_KM.max)) {
    throw new RejectedRequest(
      400,
      CODES.invalidRadius,
      `radius_km must be a number of kilometres greater than 0 and at most ${RADIUS_KM.max}; got '${text}'.`,
    );
  }
  return value;
}

/** `limit`: optional whole number from 1 to {@link LIMIT}.max. */
export function resultLimit(query: URLSearchParams): number {
  const text = query.get('limit');
  if (text === null) return LIMIT.default;
  const value = WHOLE_NUMBER.test(text) ? Number(text) : NaN;
  if (!(value >= 1 && value <= LIMIT.max)) {
    throw new RejectedRequest(
      400,
      CODES.invalidLimit,
      `limit must be a whole number from 1 to ${LIMIT.max}; got '${text}'.`,
    );
  }
  return value;
}

/** `health_condition`: plain language, required and not blank. */
export function healthCondition(query: URLSearchParams): string {
  const condition = required(query, 'health_condition');
  return condition;
}
