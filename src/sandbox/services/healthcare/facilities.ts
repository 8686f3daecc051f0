import type { Facility, FacilityLevel, Locality } from '../../dataset/types';
import { Random } from '../../dataset/random';
import type { Variants } from '../../kit/variants';
import { displayLoccode, locationOf } from './envelope';
import { facilitiesByDistance, roundKm, travelTimeMinutes } from './nearby';
import { RANKING_WEIGHTS, SCORING_FORMULA, rankingScore } from './ranking';

export interface FacilitySearch {
  level: FacilityLevel;
  radiusKm: number;
  limit: number;
}

/**
 * `/facilities` data: facilities of the level within the radius, ranked by
 * `ranking_score` (ties: nearer first), at most `limit` of them. None in range is an empty list.
 */
export function searchFacilities(
  facilities: readonly Facility[],
  locality: Locality,
  search: FacilitySearch,
  generatedAt: string,
  unknownNumbers: Variants['unknownNumbers'],
): object {
  const ranked = facilitiesByDistance(facilities, locality.point)
    .filter(({ facility, distanceKm }) => facility.level === search.level && distanceKm <= search.radiusKm)
    .map(({ facility, distanceKm }) => ({
      facility,
      distanceKm,
      score: rankingScore(facility, distanceKm, search.radiusKm),
    }))
    .sort((a, b) => b.score - a.score || a.distanceKm - b.distanceKm)
    .slice(0, search.limit);
  return {
    loccode: displayLoccode(locality),
    location: locationOf(locality),
    filters: { facility_level: search.level },
    count: ranked.length,
    radius_km: search.radiusKm,
    scoring: SCORING_FORMULA,
    generated_at: generatedAt,
    facilities: ranked.map(({ facility, distanceKm, score }, index) => ({
      rank: index + 1,
      name: facility.name,
      category: facility.category,
      ownership: facility.ownership,
      facility_level: facility.level,
      functional_status: facility.functionalStatus,
      state: facility.state,
      lga: facility.lga,
      ward: facility.ward,
      address: facility.address,
      nhfr_code: facility.nhfrCode,
      accreditations: facility.accreditations.map(({ body, status }) => ({ body, status })),
      specialties: [...facility.specialties],
      distance_km: roundKm(distanceKm),
      travel_time_minutes: travelTimeMinutes(distanceKm),
      emergency_services: facility.emergencyServices,
      accepts_insurance_plans: [...facility.insurancePlans],
      ...capacityAndWait(facility, unknownNumbers),
      ranking_score: score,
      score_breakdown: { ...RANKING_WEIGHTS },
      last_verified: lastVerified(facility),
    })),
  };
}

/** A key the spec does not list (clients must ignore it): a stable date in 2025 per facility. */
function lastVerified(facility: Facility): string {
  const day = new Random(`last-verified:${facility.id}`).int(0, 364);
  return new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10);
}

const TYPICAL_BEDS: Record<FacilityLevel, readonly [number, number]> = {
  Primary: [4, 30],
  Secondary: [60, 250],
  Tertiary: [300, 900],
};

/**
 * `beds_capacity` and `wait_time_estimate_minutes`: "null in all seen records", their type
 * not shown. By variant: null (as seen), a number, or the same number as a string.
 */
function capacityAndWait(facility: Facility, form: Variants['unknownNumbers']) {
  if (form === 'null') return { beds_capacity: null, wait_time_estimate_minutes: null };
  const random = new Random(`capacity:${facility.id}`);
  const [fewest, most] = TYPICAL_BEDS[facility.level];
  const beds = random.int(fewest, most);
  const wait = random.int(10, 120);
  return form === 'number'
    ? { beds_capacity: beds, wait_time_estimate_minutes: wait }
    : { beds_capacity: String(beds), wait_time_estimate_minutes: String(wait) };
}
