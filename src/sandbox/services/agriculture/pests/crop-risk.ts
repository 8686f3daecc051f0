import type { GeoZone } from '../../../dataset/types';
import type { Crop } from '../crops';
import type { PestCondition } from './conditions';
import { pestsOf } from './crop-pests';
import type { Pest } from './types';

export type RiskLevel = 'low' | 'medium' | 'high';

export interface RankedPest {
  pest: Pest;
  /** Position in the crop's pest list, which is written most important first. */
  tableRank: number;
  /** How many of the pest's favouring conditions are active now. */
  pressure: number;
}

export interface CropPestRisk {
  crop: Crop;
  level: RiskLevel;
  /** Sum of the pests' pressures. */
  pressure: number;
  /** The crop's pests in the zone, the most favoured by today's weather first. */
  pests: RankedPest[];
  /** Active conditions that favour at least one of those pests. */
  drivers: PestCondition[];
}

/** Pressure from which the crop's risk is high: e.g. two pests each favoured by one condition and a third by one more. */
const HIGH_PRESSURE = 3;

/** Spec: risk_level derives from the crop and the current climate. */
export function assessCropRisk(crop: Crop, zone: GeoZone, active: readonly PestCondition[]): CropPestRisk {
  const pests = pestsOf(crop, zone)
    .map((pest, tableRank) => ({
      pest,
      tableRank,
      pressure: pest.favouredBy.filter((c) => active.includes(c)).length,
    }))
    .sort((a, b) => b.pressure - a.pressure);
  const pressure = pests.reduce((sum, ranked) => sum + ranked.pressure, 0);
  const drivers = active.filter((condition) => pests.some(({ pest }) => pest.favouredBy.includes(condition)));
  return { crop, level: riskLevel(pressure), pressure, pests, drivers };
}

function riskLevel(pressure: number): RiskLevel {
  if (pressure >= HIGH_PRESSURE) return 'high';
  return pressure > 0 ? 'medium' : 'low';
}

/** One management recommendation, aimed at the most favoured pest. */
export function recommendedAction(risk: CropPestRisk): string {
  const top = risk.pests[0]!.pest;
  const advice = `${top.control.charAt(0).toUpperCase()}${top.control.slice(1)}.`;
  switch (risk.level) {
    case 'high':
      return `High risk from ${top.common}. ${advice} Check fields every two to three days while this weather lasts.`;
    case 'medium':
      return `Moderate risk from ${top.common}. ${advice}`;
    case 'low':
      return `Low risk in today's weather: keep routine weekly scouting. If ${top.common} appears: ${top.control}.`;
  }
}
