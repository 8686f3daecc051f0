import { round } from '../../geo/point';
import type { Facility, Locality } from '../../dataset/types';
import { displayLoccode, locationOf } from './envelope';
import { facilitiesByDistance, offersSpecialty, roundKm } from './nearby';
import { interpretCondition, predictSpecialties, type PredictedSpecialty } from './specialties';

/** Specialists are looked for within this distance of the loccode. */
export const SPECIALIST_SEARCH_RADIUS_KM = 50;
const MAX_RECOMMENDATIONS = 10;
const CONFIDENCE_WEIGHT = 0.6;
const PROXIMITY_WEIGHT = 0.4;

interface Recommendation {
  facility: Facility;
  distanceKm: number;
  specialty: PredictedSpecialty;
  score: number;
}

/**
 * `/specialist` data: the condition mapped to specialties, and facilities within
 * {@link SPECIALIST_SEARCH_RADIUS_KM} offering one of them, by `final_rank_score`
 * (0.6 × confidence + 0.4 × proximity) descending, at most ten.
 */
export function recommendSpecialists(
  facilities: readonly Facility[],
  locality: Locality,
  condition: string,
): object {
  const interpreted = interpretCondition(condition);
  const predicted = predictSpecialties(interpreted);
  const recommended = facilitiesByDistance(facilities, locality.point)
    .filter(({ distanceKm }) => distanceKm <= SPECIALIST_SEARCH_RADIUS_KM)
    .flatMap(({ facility, distanceKm }) => bestMatch(facility, distanceKm, predicted))
    .sort((a, b) => b.score - a.score || a.distanceKm - b.distanceKm)
    .slice(0, MAX_RECOMMENDATIONS);
  return {
    loccode: displayLoccode(locality),
    location: locationOf(locality),
    input_condition: interpreted,
    predicted_specialties: predicted,
    recommended_specialists: recommended.map(({ facility, distanceKm, specialty, score }) => ({
      name: facility.name,
      status: facility.functionalStatus,
      category: facility.category,
      specialty_matched: specialty.name,
      facility_level: facility.level,
      coordinates: { lat: round(facility.point.latitude, 6), lon: round(facility.point.longitude, 6) },
      confidence_score: specialty.confidence,
      distance_km: roundKm(distanceKm),
      final_rank_score: score,
    })),
  };
}

/** The facility's best-scoring predicted specialty, if it offers any. */
function bestMatch(
  facility: Facility,
  distanceKm: number,
  predicted: PredictedSpecialty[],
): Recommendation[] {
  const proximity = 1 - distanceKm / SPECIALIST_SEARCH_RADIUS_KM;
  const offered = predicted.filter((specialty) => offersSpecialty(facility, specialty.name));
  const best = offered[0]; // predicted is most confident first, and proximity is the same for all
  if (!best) return [];
  const score = round(CONFIDENCE_WEIGHT * best.confidence + PROXIMITY_WEIGHT * proximity, 4);
  return [{ facility, distanceKm, specialty: best, score }];
}
