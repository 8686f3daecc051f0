import { is, type Shape } from '../../support/shape';

/** The healthcare spec's bodies, field by field, as shapes. */

const LOCATION = is.object({ lat: is.number, lon: is.number, state: is.string, lga: is.string });
const LEVEL = is.oneOf('Primary', 'Secondary', 'Tertiary');

export const ERROR_BODY = is.object({
  error: is.object({ code: is.string, message: is.string }),
});

export function wrappedBody(data: Shape): Shape {
  return is.object({ success: is.boolean, message: is.string, timestamp: is.integer, data });
}

export const FACILITY = is.object({
  rank: is.integer,
  name: is.string,
  category: is.string,
  ownership: is.string,
  state: is.string,
  lga: is.string,
  ward: is.string,
  address: is.string,
  nhfr_code: is.string,
  facility_level: LEVEL,
  functional_status: is.oneOf('Functional', 'Unknown'),
  accreditations: is.arrayOf(is.object({ body: is.string, status: is.string })),
  specialties: is.arrayOf(is.string),
  distance_km: is.number,
  travel_time_minutes: is.number,
  emergency_services: is.boolean,
  accepts_insurance_plans: is.arrayOf(is.string),
  beds_capacity: is.null,
  wait_time_estimate_minutes: is.null,
  ranking_score: is.number,
  score_breakdown: is.object({
    distance_weight: is.number,
    travel_time_weight: is.number,
    accreditation_weight: is.number,
    capacity_weight: is.number,
    satisfaction_weight: is.number,
    wait_time_weight: is.number,
  }),
});

export const FACILITIES_DATA = is.object({
  loccode: is.string,
  location: LOCATION,
  filters: is.object({ facility_level: LEVEL }),
  count: is.integer,
  radius_km: is.number,
  scoring: is.string,
  generated_at: is.isoDateTime,
  facilities: is.arrayOf(FACILITY, 1),
});

const NEAREST = is.object({
  name: is.string,
  category: is.string,
  distance_km: is.number,
  functional_status: is.string,
});

export const ACCESS_BODY = is.object({
  loccode: is.string,
  location: LOCATION,
  access_score: is.number,
  coverage_band: is.oneOf('Poor', 'Adequate', 'Strong', 'Excellent'),
  score_breakdown: is.object({
    facility_density_5km: is.number,
    hospital_proximity: is.number,
    primary_care_proximity: is.number,
    emergency_proximity: is.number,
    nhia_coverage_rate: is.number,
  }),
  facility_counts: is.object({
    within_5km: is.integer,
    within_10km: is.integer,
    functional_within_10km: is.integer,
    nhia_accredited_within_10km: is.integer,
  }),
  nearest_by_type: is.object({
    primary_care: NEAREST,
    secondary_care: NEAREST,
    tertiary_care: NEAREST,
    emergency: NEAREST,
    maternity: NEAREST,
  }),
  coverage_gaps: is.arrayOf(
    is.object({ specialty: is.string, gap_severity: is.string, nearest_km: is.number }),
  ),
  nhia_accreditation_rate_10km: is.number,
  interpretation: is.string,
  use_cases: is.arrayOf(is.string, 1),
  generated_at: is.isoDateTime,
});

export const EMERGENCY_DATA = is.object({
  loccode: is.string,
  location: LOCATION,
  generated_at: is.isoDateTime,
  emergency_contacts: is.object({
    police: is.string,
    ambulance: is.string,
    fire: is.string,
    nema: is.string,
  }),
  nearest_emergency_facilities: is.arrayOf(
    is.object({
      name: is.string,
      category: is.string,
      phone: is.nullable(is.string),
      facility_level: is.string,
      functional_status: is.string,
      latitude: is.number,
      longitude: is.number,
      distance_km: is.number,
      travel_time_minutes: is.number,
      web_maps_url: is.string,
    }),
    1,
  ),
});

export const SPECIALIST_DATA = is.object({
  loccode: is.string,
  location: LOCATION,
  input_condition: is.string,
  predicted_specialties: is.arrayOf(is.object({ name: is.string, confidence: is.number }), 1),
  recommended_specialists: is.arrayOf(
    is.object({
      name: is.string,
      status: is.string,
      category: is.string,
      specialty_matched: is.string,
      facility_level: is.string,
      coordinates: is.object({ lat: is.number, lon: is.number }),
      confidence_score: is.number,
      distance_km: is.number,
      final_rank_score: is.number,
    }),
    1,
  ),
});

const PREVALENCE = is.object({
  source: is.string,
  trend: is.oneOf('stable', 'increasing', 'decreasing'),
  prevalence_per_1000: is.number,
});

export const HEALTH_RISK_DATA = is.object({
  loccode: is.string,
  location: LOCATION,
  health_risk_index: is.number,
  risk_level: is.oneOf('Low', 'Moderate', 'High', 'Very High'),
  computation_breakdown: is.object({
    urban_density_stress_35pct: is.number,
    infrastructure_deficit_35pct: is.number,
    socio_economic_vulnerability_30pct: is.number,
  }),
  environmental_vitals: is.object({
    population_density_per_sqkm: is.number,
    infrastructure_quality_score: is.number,
    crime_index: is.number,
    avg_income_index: is.number,
    nearby_facilities_10km: is.number,
  }),
  disease_prevalence: is.object({
    malaria: PREVALENCE,
    hypertension: PREVALENCE,
    diabetes_mellitus: PREVALENCE,
    respiratory_infections: PREVALENCE,
    diarrheal_diseases: PREVALENCE,
    musculoskeletal_conditions: PREVALENCE,
  }),
});

export const HEATMAP_BODY = is.object({
  loccode: is.string,
  center: is.object({ lat: is.number, lon: is.number }),
  radius_km: is.number,
  heatmap_points: is.arrayOf(
    is.object({
      lat: is.number,
      lon: is.number,
      type: is.oneOf('facility_strength', 'risk'),
      intensity: is.number,
      label: is.string,
    }),
    1,
  ),
  summary: is.object({ facility_count: is.integer, risk_nodes: is.integer }),
});
