import type { GeoZone } from '../../../dataset/types';
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

/** A pest of one crop, and the geopolitical zones where it matters for that crop. */
export interface CropPest {
  pest: Pest;
  zones: readonly GeoZone[];
}

export const NORTH: readonly GeoZone[] = ['north-central', 'north-east', 'north-west'];
export const FAR_NORTH: readonly GeoZone[] = ['north-east', 'north-west'];
export const SOUTH: readonly GeoZone[] = ['south-east', 'south-south', 'southwest'];
const ALL_ZONES: readonly GeoZone[] = [...NORTH, ...SOUTH];

export function everywhere(pest: Pest): CropPest {
  return { pest, zones: ALL_ZONES };
}

export function inZones(zones: readonly GeoZone[], pest: Pest): CropPest {
  return { pest, zones };
}

/** "Fall armyworm (Spodoptera frugiperda)": the crop-mode display form. */
export function pestLabel(pest: Pest): string {
  return `${pest.common} (${pest.scientific})`;
}
