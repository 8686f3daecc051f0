import { z } from 'zod';
import { latLon, location, read, wrapped } from './wire';

/*
 * The healthcare service's JSON about the area around a loccode (access, health
 * risk, heatmap), written once from the spec (service A, "Resources and their fields").
 */

/** Spec: coverage_band is Poor, Adequate, Strong or Excellent; read in any letter case. */
export const COVERAGE_BANDS = ['Poor', 'Adequate', 'Strong', 'Excellent'] as const;
/** Spec: a heatmap point's type is facility_strength or risk; read in any letter case. */
export const HEATMAP_POINT_TYPES = ['facility_strength', 'risk'] as const;

const nearbyFacility = z
  .object({
    name: z.string(),
    category: z.string(),
    distance_km: z.number(),
    functional_status: z.string(),
  })
  .nullish();

/** Unwrapped: the fields are at the root. */
export const accessBody = z.object({
  location,
  access_score: z.number().min(0).max(100),
  coverage_band: read.oneOf(COVERAGE_BANDS)('coverage_band'),
  score_breakdown: z.object({
    facility_density_5km: z.number(),
    hospital_proximity: z.number(),
    primary_care_proximity: z.number(),
    emergency_proximity: z.number(),
    nhia_coverage_rate: z.number(),
  }),
  facility_counts: z.object({
    within_5km: z.number().int(),
    within_10km: z.number().int(),
    functional_within_10km: z.number().int(),
    nhia_accredited_within_10km: z.number().int(),
  }),
  nearest_by_type: z.object({
    primary_care: nearbyFacility,
    secondary_care: nearbyFacility,
    tertiary_care: nearbyFacility,
    emergency: nearbyFacility,
    maternity: nearbyFacility,
  }),
  coverage_gaps: z.array(
    z.object({ specialty: z.string(), gap_severity: z.string(), nearest_km: z.number() }),
  ),
  nhia_accreditation_rate_10km: z.number(),
  interpretation: z.string(),
  use_cases: z.array(z.string()),
  generated_at: read.instant('generated_at'),
});
export type AccessWire = z.infer<typeof accessBody>;

const diseaseRate = z.object({ source: z.string(), trend: z.string(), prevalence_per_1000: z.number() });

export const healthRiskBody = wrapped(
  z.object({
    location,
    health_risk_index: z.number(),
    risk_level: z.string(),
    computation_breakdown: z.object({
      urban_density_stress_35pct: z.number(),
      infrastructure_deficit_35pct: z.number(),
      socio_economic_vulnerability_30pct: z.number(),
    }),
    environmental_vitals: z.object({
      population_density_per_sqkm: z.number(),
      infrastructure_quality_score: z.number(),
      crime_index: z.number(),
      avg_income_index: z.number(),
      nearby_facilities_10km: z.number().int(),
    }),
    disease_prevalence: z.object({
      malaria: diseaseRate,
      hypertension: diseaseRate,
      diabetes_mellitus: diseaseRate,
      respiratory_infections: diseaseRate,
      diarrheal_diseases: diseaseRate,
      musculoskeletal_conditions: diseaseRate,
    }),
  }),
);
export type HealthRiskWire = z.infer<typeof healthRiskBody>['data'];
export type DiseaseRateWire = z.infer<typeof diseaseRate>;

/** Unwrapped: the fields are at the root. */
export const heatmapBody = z.object({
  center: latLon,
  radius_km: z.number(),
  heatmap_points: z.array(
    latLon.extend({
      type: read.oneOf(HEATMAP_POINT_TYPES)('type'),
      intensity: z.number(),
      label: z.string(),
    }),
  ),
  summary: z.object({ facility_count: z.number().int(), risk_nodes: z.number().int() }),
});
export type HeatmapWire = z.infer<typeof heatmapBody>;
