import type { PestCondition } from './conditions';

export interface Pest {
  common: string;
  /** Scientific name of the organism (the virus, and its vector, for a viral disease). */
  scientific: string;
  /** Weather that makes outbreaks more likely. */
  favouredBy: readonly PestCondition[];
  /** Integrated pest management advice, as a clause (IITA, FAO and NARI extension guides). */
  control: string;
}

/** "Fall armyworm (Spodoptera frugiperda)": the crop-mode display form. */
export function pestLabel(pest: Pest): string {
  return `${pest.common} (${pest.scientific})`;
}
