import states from './states.json';
import type { EcoZone, GeoZone } from './types';

/** [town, its LGA (as in the LGA list after corrections), latitude, longitude]; the capital first. */
export type TownRow = readonly [string, string, number, number];

export interface StateRow {
  name: string;
  code2: string;
  code3: string;
  zone: GeoZone;
  ecoZone: EcoZone;
  /** Postcode of the capital district. */
  postcode: string;
  /** How far from its towns an LGA without a coordinate here may be placed, km. */
  spreadKm: number;
  towns: readonly TownRow[];
}

/**
 * The 36 states and the FCT (states.json): real capitals and major towns with their
 * coordinates, geopolitical and agro-ecological zones, and the capital's postcode.
 */
export const STATE_ROWS = states as unknown as readonly StateRow[];
