import type { FacilityQuery, SpecialistQuery } from '../../datasources/healthcare/client';
import { badUserInput } from '../../src/kernel/errors';
import type { LoccodeFacilitiesArgs } from '../../src/graph/generated/graphql';

/**
 * The facility search's arguments. Spec A shows no bounds for `radius_km` or `limit`
 * (their defaults are "not shown" either), so only what a radius and a count are by
 * nature is checked here; a value the service will not serve reaches it, and its
 * refusal is the answer (BAD_USER_INPUT through the failure table).
 */
export function facilityQuery(
  loccode: string,
  { level, radiusKm, limit }: LoccodeFacilitiesArgs,
): FacilityQuery {
  if (typeof radiusKm === 'number' && !(radiusKm > 0)) {
    throw badUserInput(
      `"radiusKm" is a distance in kilometres and must be more than 0; got ${radiusKm}.`,
      'radiusKm',
    );
  }
  if (typeof limit === 'number' && limit < 1) {
    throw badUserInput(
      `"limit" is how many facilities to return, at least 1; got ${limit}. Leave it out for the service's default.`,
      'limit',
    );
  }
  return { loccode, level, radiusKm, limit };
}

/** A plain-language condition (spec A, /specialist: health_condition required): not blank. */
export function specialistQuery(loccode: string, condition: string): SpecialistQuery {
  if (condition.trim() === '') {
    throw badUserInput(
      '"condition" must describe the condition in plain language, e.g. "chest pain".',
      'condition',
    );
  }
  return { loccode, condition };
}
