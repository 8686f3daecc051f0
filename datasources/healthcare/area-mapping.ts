import { mapReadable } from '../../src/kernel/unreadable';
import type {
  CoverageBand,
  DiseaseRateModel,
  HealthcareAccessModel,
  HealthRiskModel,
  HeatmapModel,
  NearbyFacilityModel,
} from './models';
import { coordinates, healthLocation } from './mapping';
import type { COVERAGE_BANDS } from './area-wire';
import type { AccessWire, DiseaseRateWire, HealthRiskWire, HeatmapWire } from './area-wire';

/* Answers about the area around a loccode: access, health risk, heatmap. */

const BANDS: Record<(typeof COVERAGE_BANDS)[number], CoverageBand> = {
  Poor: 'POOR',
  Adequate: 'ADEQUATE',
  Strong: 'STRONG',
  Excellent: 'EXCELLENT',
};

export function toHealthcareAccess(access: AccessWire): HealthcareAccessModel {
  const { score_breakdown: breakdown, facility_counts: counts, nearest_by_type: nearest } = access;
  return {
    location: healthLocation(access.location),
    accessScore: access.access_score,
    coverageBand: mapReadable(access.coverage_band, (band) => BANDS[band]),
    breakdown: {
      facilityDensityWithin5Km: breakdown.facility_density_5km,
      hospitalProximity: breakdown.hospital_proximity,
      primaryCareProximity: breakdown.primary_care_proximity,
      emergencyProximity: breakdown.emergency_proximity,
      nhiaCoverage: breakdown.nhia_coverage_rate,
    },
    facilityCounts: {
      within5Km: counts.within_5km,
      within10Km: counts.within_10km,
      functionalWithin10Km: counts.functional_within_10km,
      nhiaAccreditedWithin10Km: counts.nhia_accredited_within_10km,
    },
    nearestByType: {
      primaryCare: nearbyFacility(nearest.primary_care),
      secondaryCare: nearbyFacility(nearest.secondary_care),
      tertiaryCare: nearbyFacility(nearest.tertiary_care),
      emergency: nearbyFacility(nearest.emergency),
      maternity: nearbyFacility(nearest.maternity),
    },
    coverageGaps: access.coverage_gaps.map((gap) => ({
      specialty: gap.specialty,
      severity: gap.gap_severity,
      nearestKm: gap.nearest_km,
    })),
    nhiaAccreditationRateWithin10Km: access.nhia_accreditation_rate_10km,
    interpretation: access.interpretation,
    useCases: access.use_cases,
    generatedAt: access.generated_at,
  };
}

function nearbyFacility(nearest: AccessWire['nearest_by_type']['maternity']): NearbyFacilityModel | null {
  if (!nearest) return null;
  return {
    name: nearest.name,
    category: nearest.category,
    distanceKm: nearest.distance_km,
    functionalStatus: nearest.functional_status,
  };
}

export function toHealthRisk(risk: HealthRiskWire): HealthRiskModel {
  const {
    computation_breakdown: breakdown,
    environmental_vitals: vitals,
    disease_prevalence: diseases,
  } = risk;
  return {
    index: risk.health_risk_index,
    riskLevel: risk.risk_level,
    location: healthLocation(risk.location),
    breakdown: {
      urbanDensityStress: breakdown.urban_density_stress_35pct,
      infrastructureDeficit: breakdown.infrastructure_deficit_35pct,
      socioEconomicVulnerability: breakdown.socio_economic_vulnerability_30pct,
    },
    environmentalVitals: {
      populationDensityPerSquareKm: vitals.population_density_per_sqkm,
      infrastructureQualityScore: vitals.infrastructure_quality_score,
      crimeIndex: vitals.crime_index,
      averageIncomeIndex: vitals.avg_income_index,
      facilitiesWithin10Km: vitals.nearby_facilities_10km,
    },
    diseasePrevalence: {
      malaria: diseaseRate(diseases.malaria),
      hypertension: diseaseRate(diseases.hypertension),
      diabetesMellitus: diseaseRate(diseases.diabetes_mellitus),
      respiratoryInfections: diseaseRate(diseases.respiratory_infections),
      diarrhealDiseases: diseaseRate(diseases.diarrheal_diseases),
      musculoskeletalConditions: diseaseRate(diseases.musculoskeletal_conditions),
    },
  };
}

function diseaseRate({ source, trend, prevalence_per_1000 }: DiseaseRateWire): DiseaseRateModel {
  return { source, trend, prevalencePer1000: prevalence_per_1000 };
}

export function toHeatmap(heatmap: HeatmapWire): HeatmapModel {
  return {
    center: coordinates(heatmap.center),
    radiusKm: heatmap.radius_km,
    points: heatmap.heatmap_points.map((point) => ({
      location: coordinates(point),
      type: mapReadable(point.type, (type) => (type === 'risk' ? 'RISK' : 'FACILITY_STRENGTH')),
      intensity: point.intensity,
      label: point.label,
    })),
    summary: { facilityCount: heatmap.summary.facility_count, riskNodeCount: heatmap.summary.risk_nodes },
  };
}
