import type { Locality } from '../../dataset/types';
import { round } from '../../geo/point';

/** An extra key the spec does not list: clients must ignore unknown keys. */
const API_VERSION = '1.4.2';

/** `{lat, lon, state, lga}`, the spec's location object. */
export interface LocationBody {
  lat: number;
  lon: number;
  state: string;
  lga: string;
}

/**
 * The loccode as the service echoes it: upper case with a hyphen for the space
 * (`KN3A-7QP`). A display form only; sent back as input it is a 404.
 */
export function displayLoccode(locality: Locality): string {
  return locality.code.toUpperCase().replace(' ', '-');
}

export function locationOf(locality: Locality): LocationBody {
  return {
    lat: round(locality.point.latitude, 6),
    lon: round(locality.point.longitude, 6),
    state: locality.state,
    lga: locality.lga,
  };
}

/** Facilities, emergency-route, specialist and health-risk answer in this wrapper; access and heatmap do not. */
export function wrapped(message: string, now: Date, data: object): object {
  return { success: true, message, timestamp: now.getTime(), api_version: API_VERSION, data };
}
