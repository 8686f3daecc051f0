import { distanceMeters, round } from '../../../geo/point';
import { Random } from '../../../dataset/random';
import type { Locality } from '../../../dataset/types';

export interface RoadEstimate {
  distanceKm: number;
  transitHours: number;
  transportMode: string;
}

/** Roads wind: Nigerian road distance runs 25–35% above the great-circle distance. */
const WINDING = { min: 1.25, max: 1.35 } as const;

/** Average truck speeds including stops: slow town roads, faster trunk highways. */
function averageSpeedKmh(distanceKm: number): number {
  if (distanceKm < 100) return 40;
  return distanceKm < 400 ? 50 : 55;
}

function transportMode(distanceKm: number): string {
  if (distanceKm < 80) return 'Pickup van';
  return distanceKm < 400 ? 'Covered 10-tonne truck' : 'Articulated 30-tonne truck';
}

/** Deterministic and symmetric: A to B is as long as B to A. */
export function estimateRoad(origin: Locality, destination: Locality): RoadEstimate {
  const pair = [origin.code, destination.code].sort().join('|');
  const winding = new Random(`route:${pair}`).between(WINDING.min, WINDING.max);
  const distanceKm = round((distanceMeters(origin.point, destination.point) / 1000) * winding, 1);
  return {
    distanceKm,
    transitHours: Math.max(0.1, round(distanceKm / averageSpeedKmh(distanceKm), 1)),
    transportMode: transportMode(distanceKm),
  };
}
