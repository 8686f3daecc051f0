/** Spec "Supported crop names", as the graph's `Crop` values (the upstream token is the lower-case form). */
export const CROPS = [
  'YAM',
  'CASSAVA',
  'MAIZE',
  'RICE',
  'GROUNDNUT',
  'SORGHUM',
  'COWPEA',
  'MILLET',
  'TOMATO',
  'PEPPER',
  'COCOA',
  'PALM',
  'PLANTAIN',
  'COCOYAM',
  'KOLA_NUT',
  'MANGO_GREEN',
  'WATERMELON',
  'PINEAPPLE',
  'ONION_DRIED',
  'BAMBARA_GROUNDNUT',
  'RUBBER_LATEX',
] as const;

export type Crop = (typeof CROPS)[number];

/** The token the service accepts (spec: matching is case-insensitive; we send the listed lower-case form). */
export function cropToken(crop: Crop): string {
  return crop.toLowerCase();
}

/** A crop name the service echoed, as a `Crop`; null when it is not one of ours. */
export function cropFromToken(token: string): Crop | null {
  const upper = token.toUpperCase();
  return CROPS.find((crop) => crop === upper) ?? null;
}
