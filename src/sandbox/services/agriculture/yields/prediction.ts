import { round } from '../../../geo/point';
import { Random } from '../../../dataset/random';
import type { Locality } from '../../../dataset/types';
import type { Crop } from '../crops';
import { nigerianLocalTime } from '../local-time';
import { isInSeason, typicalYield } from './crop-profiles';

/** Spec "Limits": yield land size is fixed at 1.0 hectare and the bag holds 50 kg. */
export const LAND_SIZE_HA = 1.0;
export const BAG_KG = 50;
/** Off-season crops need irrigation and lose about a fifth of the yield. */
const OFF_SEASON_FACTOR = 0.8;
/** Site differences (soil, farm management) within one zone, ± this share. */
const SITE_VARIATION = 0.08;

export interface YieldPrediction {
  tonnesPerHectare: number;
  totalTonnes: number;
  totalKg: number;
  bags: number;
}

/**
 * Every figure derives from tonnes per hectare rounded to 10 kg, so kilograms are whole
 * and bags have at most one decimal: total_kg = 50 × total_count = 1000 × total_tonnes exactly.
 */
export function predictYield(crop: Crop, locality: Locality, at: Date): YieldPrediction {
  const local = nigerianLocalTime(at);
  const site = new Random(`yield:${locality.code}:${crop}:${local.getUTCFullYear()}`);
  const season = isInSeason(crop, locality.ecoZone, local.getUTCMonth()) ? 1 : OFF_SEASON_FACTOR;
  const raw =
    typicalYield(crop, locality.ecoZone) * season * site.between(1 - SITE_VARIATION, 1 + SITE_VARIATION);
  const tonnesPerHectare = Math.max(0.01, round(raw, 2));
  const totalKg = Math.round(tonnesPerHectare * LAND_SIZE_HA * 1000);
  return {
    tonnesPerHectare,
    totalTonnes: totalKg / 1000,
    totalKg,
    bags: totalKg / BAG_KG,
  };
}
