import { round } from '../../geo/point';
import type { Facility } from '../../dataset/types';
import { activeAccreditationCount, travelTimeMinutes } from './nearby';

/** The spec's fixed weights, published as every facility's `score_breakdown`; they sum to 1. */
export const RANKING_WEIGHTS = {
  distance_weight: 0.35,
  travel_time_weight: 0.25,
  accreditation_weight: 0.2,
  capacity_weight: 0.1,
  satisfaction_weight: 0.05,
  wait_time_weight: 0.05,
} as const;

export const SCORING_FORMULA =
  'ranking_score = 0.35 × distance + 0.25 × travel time + 0.20 × accreditation + 0.10 × capacity' +
  ' + 0.05 × satisfaction + 0.05 × wait time; each component is normalised to 0–1, higher is better' +
  ' (nearer, quicker, more active accreditations, larger, better rated, shorter wait).';

/** Beds and wait times are unknown (null) in every record: they score the neutral middle. */
const UNKNOWN_COMPONENT = 0.5;
/** Two active accreditations earn the full accreditation component. */
const FULL_ACCREDITATION_COUNT = 2;

/** The composite score of a facility found `distanceKm` away in a search of `radiusKm`, 0 to 1. */
export function rankingScore(facility: Facility, distanceKm: number, radiusKm: number): number {
  const distance = 1 - Math.min(1, distanceKm / radiusKm);
  const travelTime = 1 - Math.min(1, travelTimeMinutes(distanceKm) / travelTimeMinutes(radiusKm));
  const accreditation = Math.min(1, activeAccreditationCount(facility) / FULL_ACCREDITATION_COUNT);
  const w = RANKING_WEIGHTS;
  const score =
    w.distance_weight * distance +
    w.travel_time_weight * travelTime +
    w.accreditation_weight * accreditation +
    w.capacity_weight * UNKNOWN_COMPONENT +
    w.satisfaction_weight * facility.satisfaction +
    w.wait_time_weight * UNKNOWN_COMPONENT;
  return round(score, 4);
}
