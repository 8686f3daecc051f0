import { distanceMeters, round, type Point } from '../../geo/point';
import type { Facility } from '../../dataset/types';

export interface NearbyFacility {
  facility: Facility;
  /** Straight-line distance, unrounded. */
  distanceKm: number;
}

/** Roads are longer than the straight line. */
const ROAD_FACTOR = 1.3;
const CITY_SPEED_KMH = 24;
const OPEN_ROAD_SPEED_KMH = 45;
/** Road kilometres driven at city speed before the open road. */
const CITY_STRETCH_KM = 5;
const SETTING_OFF_MINUTES = 2;

/** Driving minutes for a straight-line distance: city speed for the first stretch, open road after. */
export function travelTimeMinutes(distanceKm: number): number {
  const roadKm = distanceKm * ROAD_FACTOR;
  const cityKm = Math.min(roadKm, CITY_STRETCH_KM);
  const openKm = roadKm - cityKm;
  return round(SETTING_OFF_MINUTES + (cityKm / CITY_SPEED_KMH + openKm / OPEN_ROAD_SPEED_KMH) * 60, 1);
}

/** Every facility with its distance from `from`, nearest first (ties by id, so the order is stable). */
export function facilitiesByDistance(facilities: readonly Facility[], from: Point): NearbyFacility[] {
  return facilities
    .map((facility) => ({ facility, distanceKm: distanceMeters(from, facility.point) / 1000 }))
    .sort((a, b) => a.distanceKm - b.distanceKm || compareIds(a.facility.id, b.facility.id));
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function isNhiaAccredited(facility: Facility): boolean {
  return facility.accreditations.some((a) => /\bNHIA\b/i.test(a.body) && a.status.toLowerCase() === 'active');
}

export function activeAccreditationCount(facility: Facility): number {
  return facility.accreditations.filter((a) => a.status.toLowerCase() === 'active').length;
}

export function offersSpecialty(facility: Facility, specialty: string): boolean {
  const wanted = specialty.toLowerCase();
  return facility.specialties.some((s) => s.toLowerCase() === wanted);
}

export function roundKm(distanceKm: number): number {
  return round(distanceKm, 2);
}
