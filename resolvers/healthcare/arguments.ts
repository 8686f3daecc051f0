import type { FacilityQuery, SpecialistQuery } from '../../datasources/healthcare/client';
import { badUserInput } from '../../src/kernel/errors';
import type { LoccodeFacilitiesArgs } from '../../src/graph/generated/graphql';

/** Bounds of the facility search; the spec shows none, these are the service's (sandbox README). */
const MAX_RADIUS_KM = 100;
const MAX_FACILITIES = 50;
const MAX_CONDITION_LENGTH = 200;

/** The facility search's arguments, checked before any call. */
export function facilityQuery(
  loccode: string,
  { level, radiusKm, limit }: LoccodeFacilitiesArgs,
): FacilityQuery {
  if (typeof radiusKm === 'number' && !(radiusKm > 0 && radiusKm <= MAX_RADIUS_KM)) {
    throw badUserInput(
      `"radiusKm" must be more than 0 and at most ${MAX_RADIUS_KM} kilometres; got ${radiusKm}.`,
      'radiusKm',
    );
  }
  if (typeof limit === 'number' && !(limit >= 1 && limit <= MAX_FACILITIES)) {
    throw badUserInput(`"limit" must be from 1 to ${MAX_FACILITIES}; got ${limit}.`, 'limit');
  }
  return { loccode, level, radiusKm, limit };
}

/** A plain-language condition: not blank and of a sensible length. */
export function specialistQuery(loccode: string, condition: string): SpecialistQuery {
  if (condition.trim() === '') {
    throw badUserInput(
      '"condition" must describe the condition in plain language, e.g. "chest pain".',
      'condition',
    );
  }
  if (condition.length > MAX_CONDITION_LENGTH) {
    throw badUserInput(
      `"condition" is at most ${MAX_CONDITION_LENGTH} characters; describe the condition briefly.`,
      'condition',
    );
  }
  return { loccode, condition };
}
