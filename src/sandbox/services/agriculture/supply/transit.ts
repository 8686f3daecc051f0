/**
 * Longest road journey, in hours at ambient temperature in an open or covered truck,
 * before each product loses significant quality (FAO and NSPRI post-harvest guides).
 * The vocabulary adds `cocoa_wet` and `leafy_veg` to the supported crops: the spec shows
 * those two outside the supported list.
 */
const TRANSIT_TOLERANCE_HOURS: Readonly<Record<string, number>> = {
  bambara_groundnut: 2160,
  cassava: 24, // fresh roots start post-harvest deterioration within a day or two
  cocoa: 2160, // fermented, dried beans
  cocoa_wet: 12, // wet beans must reach the fermentary the same day
  cocoyam: 168,
  cowpea: 2160,
  groundnut: 2160,
  kola_nut: 720,
  leafy_veg: 6, // amaranth, ugu and waterleaf wilt within hours without cooling
  maize: 2160,
  mango_green: 72,
  millet: 2160,
  onion_dried: 336,
  palm: 24, // fresh fruit bunches must be milled before free fatty acids rise
  pepper: 24,
  pineapple: 48,
  plantain: 72,
  rice: 2160,
  rubber_latex: 6, // field latex coagulates within hours without ammonia
  sorghum: 2160,
  tomato: 12, // ripe tomatoes bruise and overheat in raffia baskets
  watermelon: 96,
  yam: 720,
};

export interface TransitOutlook {
  survive: string[];
  spoil: string[];
}

/** Splits the product vocabulary by whether each product outlasts the journey. */
export function transitOutlook(transitHours: number): TransitOutlook {
  const products = Object.keys(TRANSIT_TOLERANCE_HOURS);
  return {
    survive: products.filter((product) => TRANSIT_TOLERANCE_HOURS[product]! >= transitHours),
    spoil: products.filter((product) => TRANSIT_TOLERANCE_HOURS[product]! < transitHours),
  };
}
