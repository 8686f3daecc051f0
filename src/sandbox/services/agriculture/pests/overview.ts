import type { Locality } from '../../../dataset/types';
import type { ClimateReading } from '../climate/reading';
import { CROP_LABELS, SUPPORTED_CROPS, type Crop } from '../crops';
import { COMMON_SUITABILITY, isInSeason, monthName, suitability } from '../yields/crop-profiles';
import { activeConditions, conditionNote, type PestCondition } from './conditions';
import { assessCropRisk, type CropPestRisk, type RiskLevel } from './crop-risk';
import { pestLabel, type Pest } from './types';

export interface PestOverview {
  risk_level: RiskLevel;
  active_climate_conditions: PestCondition[];
  climate_risk_notes: string[];
  dominant_pests_in_location: string[];
  crops_at_risk: string[];
  seasonal_alert: string;
  seasonal_key_pests: string[];
}

interface LocalThreat {
  pest: Pest;
  pressure: number;
  crops: Crop[];
  inSeason: boolean;
  /** How much the pest matters here regardless of weather: its rank on its crops and how common they are. */
  weight: number;
}

const DOMINANT_PESTS = 6;
const KEY_PESTS = 3;

/** Location mode: the pest picture over the crops commonly grown where the locality is. */
export function pestOverview(locality: Locality, reading: ClimateReading): PestOverview {
  const active = activeConditions(reading);
  const risks = localCrops(locality).map((crop) => assessCropRisk(crop, locality.zone, active));
  const threats = rankThreats(risks, locality, reading.month);
  const keyThreats = threats.slice(0, KEY_PESTS);
  return {
    // Independent of any crop (spec): the more pest-favouring conditions at once, the higher.
    risk_level: active.length >= 2 ? 'high' : active.length === 1 ? 'medium' : 'low',
    active_climate_conditions: active,
    climate_risk_notes: active.map((condition) => conditionNote(condition, reading)),
    // Spec: scientific names where available; every catalogued pest has one.
    dominant_pests_in_location: [...new Set(threats.map((threat) => threat.pest.scientific))].slice(
      0,
      DOMINANT_PESTS,
    ),
    crops_at_risk: cropsAtRisk(risks),
    seasonal_alert: seasonalAlert(locality, reading, active, keyThreats),
    seasonal_key_pests: keyThreats.map((threat) => pestLabel(threat.pest)),
  };
}

/** Crops commonly grown in the locality's agro-ecological zone. */
function localCrops(locality: Locality): Crop[] {
  return SUPPORTED_CROPS.filter((crop) => suitability(crop, locality.ecoZone) >= COMMON_SUITABILITY);
}

/** "Elevated" risk is the crop-mode `high` level; the most threatened crop first. */
function cropsAtRisk(risks: CropPestRisk[]): Crop[] {
  return risks
    .filter((risk) => risk.level === 'high')
    .sort((a, b) => b.pressure - a.pressure)
    .map((risk) => risk.crop);
}

/** Each pest once: most favoured by the weather first, then those on crops now in the field, then by weight. */
function rankThreats(risks: CropPestRisk[], locality: Locality, month: number): LocalThreat[] {
  const byPest = new Map<Pest, LocalThreat>();
  for (const risk of risks) {
    const inSeason = isInSeason(risk.crop, locality.ecoZone, month);
    const cropWeight = suitability(risk.crop, locality.ecoZone);
    for (const { pest, pressure, tableRank } of risk.pests) {
      const threat = byPest.get(pest) ?? { pest, pressure, crops: [], inSeason: false, weight: 0 };
      threat.crops.push(risk.crop);
      threat.inSeason ||= inSeason;
      threat.weight = Math.max(threat.weight, cropWeight / (1 + tableRank));
      byPest.set(pest, threat);
    }
  }
  return [...byPest.values()].sort(
    (a, b) => b.pressure - a.pressure || Number(b.inSeason) - Number(a.inSeason) || b.weight - a.weight,
  );
}

function seasonalAlert(
  locality: Locality,
  reading: ClimateReading,
  active: readonly PestCondition[],
  keyThreats: LocalThreat[],
): string {
  const when = `${monthName(reading.month)}, ${reading.season} in ${locality.state} (${locality.zone})`;
  if (active.length === 0) return `${when}: no pest-favouring weather right now; keep weekly scouting.`;
  const conditions = listing(active.map((condition) => condition.replace('_', ' ')));
  const pests = keyThreats
    .slice(0, 2)
    .map((threat) => `${threat.pest.common} on ${listing(threat.crops.map((crop) => CROP_LABELS[crop]))}`);
  return `${when}: ${conditions} ${active.length > 1 ? 'favour' : 'favours'} ${pests.join('; ')}. Scout these crops this week.`;
}

/** "a", "a and b", "a, b and c". */
function listing(items: string[]): string {
  return items.length < 2
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}
