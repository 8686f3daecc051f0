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

const NORMALS: Record<EcoZone, ZoneNormals> = {
  sahel: {
    meanTempC: [22, 25, 29, 32, 32, 30, 27, 26, 27, 28, 25, 22],
    humidityPct: [20, 17, 17, 25, 38, 50, 68, 77, 70, 45, 27, 23],
    rainDays: [0, 0, 0, 1, 3, 6, 11, 14, 7, 1, 0, 0],
    wetDayRainMm: 13,
  },
  'sudan-savanna': {
    meanTempC: [21.5, 24, 28, 31, 31, 28.5, 26, 25, 26, 27, 24.5, 22],
    humidityPct: [22, 18, 18, 25, 42, 57, 72, 80, 73, 49, 28, 25],
    rainDays: [0, 0, 0.5, 2, 5, 8, 12, 15, 9, 2, 0, 0],
    wetDayRainMm: 15,
  },
  'guinea-savanna': {
    meanTempC: [24, 27, 29, 29, 27, 25.5, 24.5, 24, 25, 26, 25, 24],
    humidityPct: [28, 25, 32, 50, 65, 75, 80, 83, 78, 66, 40, 30],
    rainDays: [0, 0.5, 2, 6, 11, 14, 17, 18, 17, 8, 0.5, 0],
    wetDayRainMm: 16,
  },
  'derived-savanna': {
    meanTempC: [26, 28, 28.5, 28, 27, 25.5, 24.5, 24.5, 25, 26, 26.5, 26],
    humidityPct: [55, 55, 65, 72, 77, 81, 84, 84, 83, 80, 70, 60],
    rainDays: [1, 2, 5, 9, 12, 14, 11, 9, 14, 12, 3, 1],
    wetDayRainMm: 14,
  },
  rainforest: {
    meanTempC: [27, 28, 28, 28, 27, 26, 25, 25, 25.5, 26, 27, 27],
    humidityPct: [70, 70, 75, 80, 83, 86, 87, 87, 86, 84, 78, 72],
    rainDays: [2, 3, 7, 11, 15, 19, 15, 12, 17, 15, 6, 2],
    wetDayRainMm: 16,
  },
  mangrove: {
    meanTempC: [27, 28, 28, 28, 27, 26, 25.5, 25.5, 26, 26, 27, 27],
    humidityPct: [78, 78, 80, 82, 84, 87, 88, 88, 87, 86, 83, 80],
    rainDays: [3, 4, 8, 12, 16, 20, 20, 19, 20, 17, 8, 3],
    wetDayRainMm: 20,
  },
};

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
