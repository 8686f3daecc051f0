/** Spec "Supported crop names": the tokens the pests and yield endpoints accept. */
export const SUPPORTED_CROPS = [
  'yam',
  'cassava',
  'maize',
  'rice',
  'groundnut',
  'sorghum',
  'cowpea',
  'millet',
  'tomato',
  'pepper',
  'cocoa',
  'palm',
  'plantain',
  'cocoyam',
  'kola_nut',
  'mango_green',
  'watermelon',
  'pineapple',
  'onion_dried',
  'bambara_groundnut',
  'rubber_latex',
] as const;

export type Crop = (typeof SUPPORTED_CROPS)[number];

/** How a crop is named in sentences shown to farmers. */
export const CROP_LABELS: Record<Crop, string> = {
  yam: 'yam',
  cassava: 'cassava',
  maize: 'maize',
  rice: 'rice (paddy)',
  groundnut: 'groundnut',
  sorghum: 'sorghum',
  cowpea: 'cowpea',
  millet: 'millet',
  tomato: 'tomato',
  pepper: 'pepper',
  cocoa: 'cocoa',
  palm: 'oil palm',
  plantain: 'plantain',
  cocoyam: 'cocoyam',
  kola_nut: 'kola nut',
  mango_green: 'green mango',
  watermelon: 'watermelon',
  pineapple: 'pineapple',
  onion_dried: 'dried onion',
  bambara_groundnut: 'Bambara groundnut',
  rubber_latex: 'rubber (latex)',
};

/** Spec: crop matching is case-insensitive; nothing else is forgiven (no trimming, no aliases). */
export function parseCrop(submitted: string): Crop | undefined {
  const token = submitted.toLowerCase();
  return SUPPORTED_CROPS.find((crop) => crop === token);
}
