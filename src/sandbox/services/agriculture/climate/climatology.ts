import normals from './normals.json';
import type { EcoZone } from '../../../dataset/types';

/**
 * Monthly normals per agro-ecological zone, January first: daily mean air temperature (°C),
 * mean relative humidity (%) and rain days per month. Rounded from NiMet station normals
 * (Maiduguri, Kano, Kaduna/Minna, Ibadan/Enugu, Benin/Owerri, Port Harcourt/Calabar).
 */
interface ZoneNormals {
  meanTempC: readonly number[];
  humidityPct: readonly number[];
  rainDays: readonly number[];
  /** Mean rainfall of a wet day, mm. */
  wetDayRainMm: number;
}

/** Per zone, from normals.json. */
const NORMALS = normals as Record<EcoZone, ZoneNormals>;

/** Zones north of the derived savanna: one rainy season, harmattan in the dry season. */
const NORTHERN_ZONES: readonly EcoZone[] = ['sahel', 'sudan-savanna', 'guinea-savanna'];

export function isNorthern(ecoZone: EcoZone): boolean {
  return NORTHERN_ZONES.includes(ecoZone);
}

/** Normals for one calendar month (0 = January). */
interface MonthNormals {
  meanTempC: number;
  humidityPct: number;
  rainDays: number;
  wetDayRainMm: number;
}

function monthNormals(ecoZone: EcoZone, month: number): MonthNormals {
  const zone = NORMALS[ecoZone];
  const m = (month + 12) % 12;
  return {
    meanTempC: zone.meanTempC[m]!,
    humidityPct: zone.humidityPct[m]!,
    rainDays: zone.rainDays[m]!,
    wetDayRainMm: zone.wetDayRainMm,
  };
}

/**
 * Normals for a day, blended linearly towards the neighbouring month so values do not
 * jump at a month boundary (each table value stands for the middle of its month).
 */
export function dayNormals(ecoZone: EcoZone, month: number, dayOfMonth: number): MonthNormals {
  const offset = (dayOfMonth - 15) / 30;
  const neighbour = monthNormals(ecoZone, offset < 0 ? month - 1 : month + 1);
  const own = monthNormals(ecoZone, month);
  const weight = Math.abs(offset);
  const blend = (a: number, b: number): number => a * (1 - weight) + b * weight;
  return {
    meanTempC: blend(own.meanTempC, neighbour.meanTempC),
    humidityPct: blend(own.humidityPct, neighbour.humidityPct),
    rainDays: blend(own.rainDays, neighbour.rainDays),
    wetDayRainMm: own.wetDayRainMm,
  };
}

export type SeasonPhase =
  'harmattan' | 'dry season' | 'early rains' | 'rainy season' | 'August break' | 'late rains';

/** Rain days per month from which a month counts as the rainy season proper. */
const RAINY_MONTH_DAYS = 10;
/** Below this many rain days a month is dry. */
const DRY_MONTH_DAYS = 3.5;
const AUGUST = 7;
const HARMATTAN_MONTHS: readonly number[] = [11, 0, 1];

/**
 * The season a month falls in: rains run roughly March–October in the south and
 * June–September in the far north; the south has a short dry spell in August; the
 * harmattan (December–February) is the dry, dusty season north of the forest.
 */
export function seasonPhase(ecoZone: EcoZone, month: number): SeasonPhase {
  const rainDays = (m: number): number => monthNormals(ecoZone, m).rainDays;
  const days = rainDays(month);
  if (month === AUGUST && !isNorthern(ecoZone) && days < rainDays(month - 1)) return 'August break';
  if (days >= RAINY_MONTH_DAYS) return 'rainy season';
  if (days >= DRY_MONTH_DAYS) return rainDays(month + 1) > days ? 'early rains' : 'late rains';
  const forest = ecoZone === 'rainforest' || ecoZone === 'mangrove';
  return HARMATTAN_MONTHS.includes(month) && !forest ? 'harmattan' : 'dry season';
}

/** Share of the past months' days that were wet, 0 to 1: how much water the soil holds. */
export function soilWetness(ecoZone: EcoZone, month: number, monthsBack: number): number {
  let wetDays = 0;
  let weights = 0;
  for (let back = 0; back <= monthsBack; back++) {
    const weight = 1 / (back + 1);
    wetDays += weight * monthNormals(ecoZone, month - back).rainDays;
    weights += weight;
  }
  return Math.min(1, wetDays / weights / 18);
}

/** How an agro-ecological zone is named in sentences. */
export const ECO_ZONE_LABELS: Record<EcoZone, string> = {
  sahel: 'Sahel savanna',
  'sudan-savanna': 'Sudan savanna',
  'guinea-savanna': 'Guinea savanna',
  'derived-savanna': 'derived savanna',
  rainforest: 'rainforest zone',
  mangrove: 'mangrove and coastal swamp zone',
};
