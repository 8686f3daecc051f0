import { round } from '../../geo/point';
import type { Variants } from '../../kit/variants';
import type { Facility, Locality } from '../../dataset/types';
import { displayLoccode, locationOf } from './envelope';
import { FACILITY_TYPES } from './facility-types';
import { facilitiesByDistance, roundKm, travelTimeMinutes } from './nearby';

/** Nigerian emergency numbers: 112 is the national toll-free line, 199 the police, 0800-CALL-NEMA the NEMA line. */
export const EMERGENCY_CONTACTS = {
  police: '199',
  ambulance: '112',
  fire: '112',
  nema: '0800 2255 6362',
} as const;

export const MAPS_HOST = 'https://www.google.com/maps';
const MAX_FACILITIES = 5;

/** `/emergency-route` data: the nearest facilities with emergency services, quickest first, with directions links. */
export function planEmergencyRoute(
  facilities: readonly Facility[],
  locality: Locality,
  generatedAt: string,
  phones: Variants['phones'],
): object {
  const origin = `${round(locality.point.latitude, 6)},${round(locality.point.longitude, 6)}`;
  const nearest = facilitiesByDistance(facilities, locality.point)
    .filter(({ facility }) => FACILITY_TYPES.emergency(facility))
    .slice(0, MAX_FACILITIES);
  return {
    loccode: displayLoccode(locality),
    location: locationOf(locality),
    generated_at: generatedAt,
    emergency_contacts: { ...EMERGENCY_CONTACTS },
    nearest_emergency_facilities: nearest.map(({ facility, distanceKm }) => {
      const latitude = round(facility.point.latitude, 6);
      const longitude = round(facility.point.longitude, 6);
      return {
        name: facility.name,
        category: facility.category,
        phone: phones === 'number' ? phoneAsNumber(facility.phone) : facility.phone,
        facility_level: facility.level,
        functional_status: facility.functionalStatus,
        latitude,
        longitude,
        distance_km: roundKm(distanceKm),
        travel_time_minutes: travelTimeMinutes(distanceKm),
        web_maps_url: `${MAPS_HOST}/dir/${origin}/${latitude},${longitude}`,
      };
    }),
  };
}

/** The `phones: number` variant: the digits of the international form (`+234 803 ...` is 234803...). */
function phoneAsNumber(phone: string | null): number | null {
  return phone === null ? null : Number(phone.replace(/\D/g, ''));
}
