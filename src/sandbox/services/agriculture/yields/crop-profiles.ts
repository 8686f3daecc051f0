import type { EcoZone } from '../../../dataset/types';
import { isNorthern } from '../climate/climatology';
import type { Crop } from '../crops';

/** Months of a season, 1 = January, both ends included; it may wrap over the new year (e.g. 10 to 3). */
interface MonthSpan {
  from: number;
  to: number;
}

interface CropProfile {
  /**
   * Typical smallholder yield, tonnes per hectare, in the order sahel, sudan savanna,
   * guinea savanna, derived savanna, rainforest, mangrove. From FAOSTAT and NAERLS
   * Nigeria averages, adjusted by zone after IITA and NARI agro-ecological studies.
   * Perennials give a yearly yield: fresh fruit bunches for palm, dry rubber for latex.
   */
  tonnesPerHectare: readonly [number, number, number, number, number, number];
  /** Months the crop is in the field (or bearing), by belt; null where it is not grown. */
  north: MonthSpan | null;
  south: MonthSpan | null;
}

const ECO_ZONE_ORDER: readonly EcoZone[] = [
  'sahel',
  'sudan-savanna',
  'guinea-savanna',
  'derived-savanna',
  'rainforest',
  'mangrove',
];

const ALL_YEAR: MonthSpan = { from: 1, to: 12 };
const span = (from: number, to: number): MonthSpan => ({ from, to });

const PROFILES: Record<Crop, CropProfile> = {
  yam: { tonnesPerHectare: [4.5, 7, 11.5, 11, 9, 6], north: span(3, 11), south: span(2, 11) },
  cassava: { tonnesPerHectare: [4, 6.5, 11, 12.5, 13, 9], north: span(5, 12), south: ALL_YEAR },
  maize: { tonnesPerHectare: [1.6, 2.4, 2.9, 2.1, 1.8, 1.3], north: span(6, 10), south: span(3, 11) },
  rice: { tonnesPerHectare: [2.4, 2.8, 2.6, 2.3, 2.1, 1.9], north: span(6, 12), south: span(4, 11) },
  groundnut: { tonnesPerHectare: [1, 1.3, 1.2, 0.9, 0.6, 0.4], north: span(6, 10), south: span(4, 8) },
  sorghum: { tonnesPerHectare: [1, 1.3, 1.4, 1, 0.6, 0.4], north: span(6, 11), south: span(5, 10) },
  cowpea: { tonnesPerHectare: [0.6, 0.9, 0.8, 0.6, 0.4, 0.3], north: span(7, 11), south: span(8, 11) },
  millet: { tonnesPerHectare: [1, 1.2, 1, 0.7, 0.4, 0.3], north: span(6, 10), south: span(6, 9) },
  // Tomato and onion are dry-season irrigated crops in the north (fadama), rainy-season crops in the south.
  tomato: { tonnesPerHectare: [10, 14, 12, 9, 7, 5], north: span(10, 3), south: span(3, 7) },
  pepper: { tonnesPerHectare: [5, 7, 8, 7, 6, 4], north: span(5, 11), south: span(3, 10) },
  cocoa: { tonnesPerHectare: [0.05, 0.08, 0.25, 0.35, 0.45, 0.3], north: null, south: ALL_YEAR },
  palm: { tonnesPerHectare: [0.8, 1.5, 3.5, 5, 6, 5.5], north: ALL_YEAR, south: ALL_YEAR },
  plantain: { tonnesPerHectare: [2, 3, 6, 7.5, 9, 8], north: span(5, 10), south: ALL_YEAR },
  cocoyam: { tonnesPerHectare: [2, 3, 5, 6, 7, 6.5], north: span(5, 10), south: span(3, 11) },
  kola_nut: { tonnesPerHectare: [0.1, 0.2, 0.5, 0.8, 1, 0.6], north: null, south: ALL_YEAR },
  mango_green: { tonnesPerHectare: [5, 8, 10, 9, 7, 6], north: span(2, 6), south: span(1, 5) },
  watermelon: { tonnesPerHectare: [12, 18, 20, 15, 12, 10], north: span(11, 4), south: span(3, 7) },
  pineapple: { tonnesPerHectare: [5, 8, 18, 22, 25, 20], north: span(4, 10), south: ALL_YEAR },
  onion_dried: { tonnesPerHectare: [12, 18, 15, 9, 6, 4], north: span(10, 4), south: span(11, 3) },
  bambara_groundnut: {
    tonnesPerHectare: [0.6, 0.9, 0.8, 0.6, 0.4, 0.3],
    north: span(6, 10),
    south: span(4, 8),
  },
  // Tapping pauses during leaf fall ("wintering", January to March).
  rubber_latex: { tonnesPerHectare: [0.05, 0.1, 0.3, 0.6, 0.9, 0.8], north: null, south: span(4, 12) },
};

/** Typical yield in an eco zone, tonnes per hectare, before season and site effects. */
export function typicalYield(crop: Crop, ecoZone: EcoZone): number {
  return PROFILES[crop].tonnesPerHectare[ECO_ZONE_ORDER.indexOf(ecoZone)]!;
}

/** Yield in this zone relative to the crop's best zone, 0 to 1. */
export function suitability(crop: Crop, ecoZone: EcoZone): number {
  return typicalYield(crop, ecoZone) / Math.max(...PROFILES[crop].tonnesPerHectare);
}

/** Below this share of its best zone's yield a crop is poorly suited to a zone. */
export const POOR_SUITABILITY = 0.45;
/** From this share a crop counts as commonly grown in a zone. */
export const COMMON_SUITABILITY = 0.6;

/** The crop's season in the zone's belt, or null where the crop is not grown there. */
export function growingSeason(crop: Crop, ecoZone: EcoZone): MonthSpan | null {
  const profile = PROFILES[crop];
  return isNorthern(ecoZone) ? profile.north : profile.south;
}

/** Whether a month (0 = January) falls in the crop's season. */
export function isInSeason(crop: Crop, ecoZone: EcoZone, month: number): boolean {
  const season = growingSeason(crop, ecoZone);
  if (!season) return false;
  const m = month + 1;
  return season.from <= season.to ? m >= season.from && m <= season.to : m >= season.from || m <= season.to;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function monthName(month: number): string {
  return MONTH_NAMES[month]!;
}

export function describeSeason(season: MonthSpan): string {
  if (season.from === 1 && season.to === 12) return 'all year';
  return `${monthName(season.from - 1)} to ${monthName(season.to - 1)}`;
}
