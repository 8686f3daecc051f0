import { SOIL_MOISTURE } from '../climate/assessments';
import type { ClimateReading } from '../climate/reading';

/** Weather that drives pest and disease outbreaks, in the overview's identifier style. */
export type PestCondition =
  'high_humidity' | 'heavy_rainfall' | 'high_temperature' | 'dry_spell' | 'waterlogged_soil';

interface ConditionRule {
  applies(reading: ClimateReading): boolean;
  /** Short factor for the crop-mode list, with the measured value. */
  phrase(reading: ClimateReading): string;
  /** Plain-language note for the overview, citing where the threshold comes from. */
  note(reading: ClimateReading): string;
}

const THRESHOLDS = { humidityPct: 80, dailyRainMm: 20, temperatureC: 32, dryTopsoil: 0.15 } as const;

/** Spec: the crop-mode list holds this single entry when no condition is active. */
export const NO_CONDITIONS_DETECTED = 'None detected';

/** In the order they are listed in responses. */
const RULES: Record<PestCondition, ConditionRule> = {
  high_humidity: {
    applies: (r) => r.relativeHumidityPct >= THRESHOLDS.humidityPct,
    phrase: (r) => `High humidity (${r.relativeHumidityPct}%)`,
    note: (r) =>
      `Relative humidity of ${r.relativeHumidityPct}% is at or above ${THRESHOLDS.humidityPct}%, the level at which ` +
      'fungal and bacterial diseases such as black pod, blast and leaf blights spread quickly (IITA).',
  },
  heavy_rainfall: {
    applies: (r) => r.precipitationMm >= THRESHOLDS.dailyRainMm,
    phrase: (r) => `Heavy rainfall (${r.precipitationMm.toFixed(1)} mm)`,
    note: (r) =>
      `${r.precipitationMm.toFixed(1)} mm of rain today is at or above ${THRESHOLDS.dailyRainMm} mm, enough to ` +
      'splash spores from plant to plant and wash protective sprays off the leaves (FAO).',
  },
  high_temperature: {
    applies: (r) => r.airTemperatureC >= THRESHOLDS.temperatureC,
    phrase: (r) => `High temperature (${r.airTemperatureC.toFixed(1)} °C)`,
    note: (r) =>
      `Air temperature of ${r.airTemperatureC.toFixed(1)} °C is at or above ${THRESHOLDS.temperatureC} °C, which ` +
      'shortens the life cycle of insects such as fall armyworm, whitefly and thrips (FAO FAMEWS).',
  },
  dry_spell: {
    applies: (r) => r.precipitationMm === 0 && r.soilMoistureTopsoil < THRESHOLDS.dryTopsoil,
    phrase: (r) => `Dry spell (no rain, topsoil ${r.soilMoistureTopsoil.toFixed(3)} m³/m³)`,
    note: (r) =>
      `No rain and topsoil moisture of ${r.soilMoistureTopsoil.toFixed(3)} m³/m³ (below ${THRESHOLDS.dryTopsoil}) ` +
      'mark a dry spell, when mites, mealybugs, aphids and thrips multiply (IITA).',
  },
  waterlogged_soil: {
    applies: (r) => r.soilMoistureTopsoil >= SOIL_MOISTURE.waterlogged,
    phrase: (r) => `Waterlogged soil (${r.soilMoistureTopsoil.toFixed(3)} m³/m³)`,
    note: (r) =>
      `Topsoil moisture of ${r.soilMoistureTopsoil.toFixed(3)} m³/m³ (at or above ${SOIL_MOISTURE.waterlogged}) ` +
      'means waterlogging, which favours root and tuber rots (IITA).',
  },
};

export function activeConditions(reading: ClimateReading): PestCondition[] {
  return (Object.keys(RULES) as PestCondition[]).filter((condition) => RULES[condition].applies(reading));
}

export function conditionPhrase(condition: PestCondition, reading: ClimateReading): string {
  return RULES[condition].phrase(reading);
}

export function conditionNote(condition: PestCondition, reading: ClimateReading): string {
  return RULES[condition].note(reading);
}
