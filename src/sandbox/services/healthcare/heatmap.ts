import { destinationPoint, round, type Point } from '../../geo/point';
import type { Facility, FacilityLevel, Locality } from '../../dataset/types';
import { displayLoccode } from './envelope';
import { facilitiesByDistance, roundKm } from './nearby';

export const HEATMAP_RADIUS_KM = 10;
/** Risk nodes sit on a ring around the centre, one every 45°. */
const RISK_RING_FRACTION = 0.6;
const RISK_BEARINGS = [0, 45, 90, 135, 180, 225, 270, 315];
/** A risk node this far from its nearest facility has full intensity. */
const FULL_RISK_KM = 15;

const LEVEL_STRENGTH: Record<FacilityLevel, number> = { Primary: 0.4, Secondary: 0.7, Tertiary: 1 };
/** A facility whose functional status is Unknown counts half. */
const UNKNOWN_STATUS_FACTOR = 0.5;

/**
 * `/heatmap` (unwrapped): a `facility_strength` point per facility within
 * {@link HEATMAP_RADIUS_KM}, and `risk` points on a ring whose intensity grows
 * with the distance to the nearest facility.
 */
export function buildHeatmap(facilities: readonly Facility[], locality: Locality): object {
  const strengthPoints = facilitiesByDistance(facilities, locality.point)
    .filter(({ distanceKm }) => distanceKm <= HEATMAP_RADIUS_KM)
    .map(({ facility }) => ({
      ...coordinates(facility.point),
      type: 'facility_strength',
      intensity: round(
        LEVEL_STRENGTH[facility.level] *
          (facility.functionalStatus === 'Functional' ? 1 : UNKNOWN_STATUS_FACTOR),
        2,
      ),
      label: facility.name,
    }));
  const riskPoints = RISK_BEARINGS.map((bearing) => {
    const node = destinationPoint(locality.point, bearing, RISK_RING_FRACTION * HEATMAP_RADIUS_KM * 1000);
    const nearestKm = facilitiesByDistance(facilities, node)[0]?.distanceKm ?? Infinity;
    return {
      ...coordinates(node),
      type: 'risk',
      intensity: round(Math.min(1, Math.max(0.05, nearestKm / FULL_RISK_KM)), 2),
      label: Number.isFinite(nearestKm)
        ? `Coverage risk: nearest facility ${roundKm(nearestKm)} km away`
        : 'Coverage risk: no facility on record',
    };
  });
  return {
    loccode: displayLoccode(locality),
    center: coordinates(locality.point),
    radius_km: HEATMAP_RADIUS_KM,
    heatmap_points: [...strengthPoints, ...riskPoints],
    summary: { facility_count: strengthPoints.length, risk_nodes: riskPoints.length },
  };
}

function coordinates(point: Point): { lat: number; lon: number } {
  return { lat: round(point.latitude, 6), lon: round(point.longitude, 6) };
}
