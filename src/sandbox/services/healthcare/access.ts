import { round } from '../../geo/point';
import type { Facility, Locality } from '../../dataset/types';
import { displayLoccode, locationOf } from './envelope';
import { FACILITY_TYPES, isHospital } from './facility-types';
import {
  facilitiesByDistance,
  isNhiaAccredited,
  offersSpecialty,
  roundKm,
  type NearbyFacility,
} from './nearby';

/** Weights of the score breakdown's components (each 0–100) in `access_score`. */
const ACCESS_WEIGHTS = {
  facility_density_5km: 0.25,
  hospital_proximity: 0.25,
  primary_care_proximity: 0.2,
  emergency_proximity: 0.2,
  nhia_coverage_rate: 0.1,
} as const;

/** Ten facilities within 5 km is full density. */
const FULL_DENSITY_COUNT = 10;
/** Distance at which a proximity component falls to 0. */
const REACH_KM = { hospital: 30, primaryCare: 10, emergency: 20 } as const;

/** Lower bounds of the coverage bands on `access_score`; below the first is Poor. */
export const COVERAGE_BANDS = [
  { band: 'Excellent', from: 80 },
  { band: 'Strong', from: 60 },
  { band: 'Adequate', from: 40 },
] as const;

/** Specialties checked for coverage gaps: farther than {@link GAP_FROM_KM} is a gap. */
const GAP_SPECIALTIES = [
  'Obstetrics and Gynaecology',
  'Paediatrics',
  'General Surgery',
  'Cardiology',
  'Orthopaedics',
  'Ophthalmology',
  'Psychiatry',
];
const GAP_FROM_KM = 10;

const USE_CASES = [
  'Site selection for new clinics and pharmacies',
  'Health insurance network adequacy reviews',
  'Emergency preparedness and ambulance planning',
  'Public health resource allocation by LGA',
];

/** `/access` (unwrapped): density and proximity of care around the loccode, scored 0–100. */
export function assessAccess(
  facilities: readonly Facility[],
  locality: Locality,
  generatedAt: string,
): object {
  const nearby = facilitiesByDistance(facilities, locality.point);
  const within5km = nearby.filter(({ distanceKm }) => distanceKm <= 5);
  const within10km = nearby.filter(({ distanceKm }) => distanceKm <= 10);
  const nhiaAccredited = within10km.filter(({ facility }) => isNhiaAccredited(facility)).length;
  const nhiaRate = within10km.length === 0 ? 0 : nhiaAccredited / within10km.length;
  const nearestKm = (test: (f: Facility) => boolean) =>
    nearby.find(({ facility }) => test(facility))?.distanceKm;

  const breakdown = {
    facility_density_5km: round(Math.min(100, (within5km.length / FULL_DENSITY_COUNT) * 100), 1),
    hospital_proximity: proximity(nearestKm(isHospital), REACH_KM.hospital),
    primary_care_proximity: proximity(nearestKm(FACILITY_TYPES.primary_care), REACH_KM.primaryCare),
    emergency_proximity: proximity(nearestKm(FACILITY_TYPES.emergency), REACH_KM.emergency),
    nhia_coverage_rate: round(nhiaRate * 100, 1),
  };
  const w = ACCESS_WEIGHTS;
  const weighted =
    w.facility_density_5km * breakdown.facility_density_5km +
    w.hospital_proximity * breakdown.hospital_proximity +
    w.primary_care_proximity * breakdown.primary_care_proximity +
    w.emergency_proximity * breakdown.emergency_proximity +
    w.nhia_coverage_rate * breakdown.nhia_coverage_rate;
  const score = round(weighted, 1);
  const band = coverageBand(score);
  return {
    loccode: displayLoccode(locality),
    location: locationOf(locality),
    access_score: score,
    coverage_band: band,
    score_breakdown: breakdown,
    facility_counts: {
      within_5km: within5km.length,
      within_10km: within10km.length,
      functional_within_10km: within10km.filter(({ facility }) => facility.functionalStatus === 'Functional')
        .length,
      nhia_accredited_within_10km: nhiaAccredited,
    },
    nearest_by_type: Object.fromEntries(
      Object.entries(FACILITY_TYPES).map(([type, test]) => [
        type,
        describeNearest(nearby.find((n) => test(n.facility))),
      ]),
    ),
    coverage_gaps: coverageGaps(nearby),
    nhia_accreditation_rate_10km: round(nhiaRate, 3),
    interpretation: interpret(band, within10km.length, nearestKm(isHospital)),
    use_cases: USE_CASES,
    generated_at: generatedAt,
  };
}

export function coverageBand(score: number): string {
  return COVERAGE_BANDS.find(({ from }) => score >= from)?.band ?? 'Poor';
}

function proximity(distanceKm: number | undefined, reachKm: number): number {
  if (distanceKm === undefined) return 0;
  return round(Math.max(0, 1 - distanceKm / reachKm) * 100, 1);
}

function describeNearest(nearest: NearbyFacility | undefined): object | null {
  if (!nearest) return null;
  const { facility, distanceKm } = nearest;
  return {
    name: facility.name,
    category: facility.category,
    distance_km: roundKm(distanceKm),
    functional_status: facility.functionalStatus,
  };
}

/** Key specialties with no provider within 10 km, farthest first; a specialty nobody offers is left out. */
function coverageGaps(nearby: NearbyFacility[]): object[] {
  return GAP_SPECIALTIES.flatMap((specialty) => {
    const nearest = nearby.find(({ facility }) => offersSpecialty(facility, specialty));
    if (!nearest || nearest.distanceKm <= GAP_FROM_KM) return [];
    return [
      { specialty, gap_severity: gapSeverity(nearest.distanceKm), nearest_km: roundKm(nearest.distanceKm) },
    ];
  }).sort((a, b) => b.nearest_km - a.nearest_km);
}

/** moderate up to 25 km, high up to 50 km, critical beyond. */
function gapSeverity(distanceKm: number): string {
  if (distanceKm <= 25) return 'moderate';
  if (distanceKm <= 50) return 'high';
  return 'critical';
}

function interpret(band: string, within10km: number, hospitalKm: number | undefined): string {
  const hospital =
    hospitalKm === undefined
      ? 'no hospital is on record'
      : `the nearest hospital is ${roundKm(hospitalKm)} km away`;
  const verdict: Record<string, string> = {
    Excellent: 'Excellent healthcare access',
    Strong: 'Strong healthcare access',
    Adequate: 'Adequate healthcare access, with gaps in some services',
    Poor: 'Poor healthcare access; residents travel far for care',
  };
  return `${verdict[band] ?? band}: ${within10km} facilities within 10 km, and ${hospital}.`;
}
