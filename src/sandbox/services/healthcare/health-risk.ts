import { round } from '../../geo/point';
import { Random } from '../../dataset/random';
import type { Area, Facility, GeoZone, Street } from '../../dataset/types';
import { diseasePrevalence } from './disease-prevalence';
import { displayLoccode, locationOf } from './envelope';
import { facilitiesByDistance } from './nearby';

/** Lower bounds of the risk levels on `health_risk_index` (0–100); below the first is Low. */
export const RISK_LEVELS = [
  { level: 'Very High', from: 55 },
  { level: 'High', from: 45 },
  { level: 'Moderate', from: 35 },
] as const;

interface ZoneProfile {
  /** People per km² in the zone's typical LGA. */
  density: number;
  infrastructure: number;
  crime: number;
  income: number;
}

const ZONES: Record<GeoZone, ZoneProfile> = {
  southwest: { density: 900, infrastructure: 68, crime: 50, income: 65 },
  'south-east': { density: 700, infrastructure: 62, crime: 55, income: 58 },
  'south-south': { density: 500, infrastructure: 58, crime: 58, income: 58 },
  'north-central': { density: 250, infrastructure: 52, crime: 52, income: 45 },
  'north-west': { density: 350, infrastructure: 40, crime: 56, income: 32 },
  'north-east': { density: 180, infrastructure: 30, crime: 65, income: 25 },
};

/** States with a megacity or large metropolitan areas. */
const METROPOLITAN_DENSITY: Record<string, number> = {
  Lagos: 6,
  'Federal Capital Territory': 3,
  Kano: 2.5,
  Anambra: 1.8,
  Rivers: 2,
  Oyo: 1.5,
};

/** A street loccode is a built-up place; an area loccode covers its surroundings too. */
const STREET_DENSITY_FACTOR = 3;
const STREET_BONUS = { infrastructure: 8, income: 6 } as const;
/** Density at which urban stress is full. */
const FULL_STRESS_DENSITY = 20_000;
/** Facilities within 10 km that remove the facility part of the infrastructure deficit. */
const ENOUGH_FACILITIES_10KM = 15;

/** `/health-risk` data: a 0–100 index from density (35 %), infrastructure (35 %) and socio-economics (30 %). */
export function assessHealthRisk(facilities: readonly Facility[], locality: Street | Area): object {
  const vitals = environmentalVitals(facilities, locality);
  const breakdown = {
    urban_density_stress_35pct: round(
      35 * Math.min(1, Math.sqrt(vitals.population_density_per_sqkm / FULL_STRESS_DENSITY)),
      2,
    ),
    infrastructure_deficit_35pct: round(
      35 *
        (0.7 * (1 - vitals.infrastructure_quality_score / 100) +
          0.3 * (1 - Math.min(1, vitals.nearby_facilities_10km / ENOUGH_FACILITIES_10KM))),
      2,
    ),
    socio_economic_vulnerability_30pct: round(
      30 * (0.7 * (1 - vitals.avg_income_index / 100) + 0.3 * (vitals.crime_index / 100)),
      2,
    ),
  };
  const index = round(
    breakdown.urban_density_stress_35pct +
      breakdown.infrastructure_deficit_35pct +
      breakdown.socio_economic_vulnerability_30pct,
    1,
  );
  return {
    loccode: displayLoccode(locality),
    location: locationOf(locality),
    health_risk_index: index,
    risk_level: riskLevel(index),
    computation_breakdown: breakdown,
    environmental_vitals: vitals,
    disease_prevalence: diseasePrevalence(locality),
  };
}

export function riskLevel(index: number): string {
  return RISK_LEVELS.find(({ from }) => index >= from)?.level ?? 'Low';
}

function environmentalVitals(facilities: readonly Facility[], locality: Street | Area) {
  const random = new Random(`health-risk:${locality.code}`);
  const zone = ZONES[locality.zone];
  const isStreet = locality.kind === 'street';
  const metropolitan = METROPOLITAN_DENSITY[locality.state] ?? 1;
  const spread = (value: number, by: number) => Math.min(95, Math.max(5, value + random.between(-by, by)));
  return {
    population_density_per_sqkm: Math.round(
      zone.density * metropolitan * (isStreet ? STREET_DENSITY_FACTOR : 1) * random.between(0.6, 1.4),
    ),
    infrastructure_quality_score: round(
      spread(zone.infrastructure + (isStreet ? STREET_BONUS.infrastructure : 0), 12),
      1,
    ),
    crime_index: round(spread(zone.crime, 10), 1),
    avg_income_index: round(spread(zone.income + (isStreet ? STREET_BONUS.income : 0), 12), 1),
    nearby_facilities_10km: facilitiesByDistance(facilities, locality.point).filter(
      ({ distanceKm }) => distanceKm <= 10,
    ).length,
  };
}
