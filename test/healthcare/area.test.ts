import { useTestStack } from '../support/gateway';
import {
  coordinates,
  healthcareDirect,
  healthLocation,
  KANO_AREA,
  KANO_STREET,
  LOCATION_FIELDS,
  type UpstreamJson,
} from './upstream';

const NEARBY = 'name category distanceKm functionalStatus';

const nearby = (facility: UpstreamJson) =>
  facility && {
    name: facility.name,
    category: facility.category,
    distanceKm: facility.distance_km,
    functionalStatus: facility.functional_status,
  };

const rate = (disease: UpstreamJson) => ({
  source: disease.source,
  trend: disease.trend,
  prevalencePer1000: disease.prevalence_per_1000,
});

describe('Loccode.healthcareAccess, healthRisk and heatmap', () => {
  const stack = useTestStack();

  it('healthcareAccess is the unwrapped access answer, with the coverage band as an enum', async () => {
    const upstream = await healthcareDirect(stack, 'access', { loccode: KANO_STREET });
    const { data, errors } = await stack.query(`{ loccode(code: "${KANO_STREET}") { healthcareAccess {
      ${LOCATION_FIELDS} accessScore coverageBand
      breakdown { facilityDensityWithin5Km hospitalProximity primaryCareProximity emergencyProximity nhiaCoverage }
      facilityCounts { within5Km within10Km functionalWithin10Km nhiaAccreditedWithin10Km }
      nearestByType { primaryCare { ${NEARBY} } secondaryCare { ${NEARBY} } tertiaryCare { ${NEARBY} }
        emergency { ${NEARBY} } maternity { ${NEARBY} } }
      coverageGaps { specialty severity nearestKm }
      nhiaAccreditationRateWithin10Km interpretation useCases generatedAt } } }`);
    expect(errors).toBeUndefined();
    const breakdown = upstream.score_breakdown;
    const counts = upstream.facility_counts;
    const nearest = upstream.nearest_by_type;
    expect(data.loccode.healthcareAccess).toEqual({
      location: healthLocation(upstream.location),
      accessScore: upstream.access_score,
      coverageBand: upstream.coverage_band.toUpperCase(),
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
        primaryCare: nearby(nearest.primary_care),
        secondaryCare: nearby(nearest.secondary_care),
        tertiaryCare: nearby(nearest.tertiary_care),
        emergency: nearby(nearest.emergency),
        maternity: nearby(nearest.maternity),
      },
      coverageGaps: upstream.coverage_gaps.map((gap: UpstreamJson) => ({
        specialty: gap.specialty,
        severity: gap.gap_severity,
        nearestKm: gap.nearest_km,
      })),
      nhiaAccreditationRateWithin10Km: upstream.nhia_accreditation_rate_10km,
      interpretation: upstream.interpretation,
      useCases: upstream.use_cases,
      generatedAt: upstream.generated_at,
    });
  });

  it('healthRisk names the 35/35/30 components and the six diseases', async () => {
    const upstream = await healthcareDirect(stack, 'health-risk', { loccode: KANO_AREA });
    const { data, errors } = await stack.query(`{ loccode(code: "${KANO_AREA}") { healthRisk {
      ${LOCATION_FIELDS} index riskLevel
      breakdown { urbanDensityStress infrastructureDeficit socioEconomicVulnerability }
      environmentalVitals { populationDensityPerSquareKm infrastructureQualityScore crimeIndex averageIncomeIndex facilitiesWithin10Km }
      diseasePrevalence {
        malaria { source trend prevalencePer1000 } hypertension { source trend prevalencePer1000 }
        diabetesMellitus { source trend prevalencePer1000 } respiratoryInfections { source trend prevalencePer1000 }
        diarrhealDiseases { source trend prevalencePer1000 } musculoskeletalConditions { source trend prevalencePer1000 }
      } } } }`);
    expect(errors).toBeUndefined();
    const breakdown = upstream.computation_breakdown;
    const vitals = upstream.environmental_vitals;
    const diseases = upstream.disease_prevalence;
    expect(data.loccode.healthRisk).toEqual({
      location: healthLocation(upstream.location),
      index: upstream.health_risk_index,
      riskLevel: upstream.risk_level,
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
        malaria: rate(diseases.malaria),
        hypertension: rate(diseases.hypertension),
        diabetesMellitus: rate(diseases.diabetes_mellitus),
        respiratoryInfections: rate(diseases.respiratory_infections),
        diarrhealDiseases: rate(diseases.diarrheal_diseases),
        musculoskeletalConditions: rate(diseases.musculoskeletal_conditions),
      },
    });
  });

  it('heatmap converts {lat, lon} points to Coordinates and the point type to an enum', async () => {
    const upstream = await healthcareDirect(stack, 'heatmap', { loccode: KANO_STREET });
    const { data, errors } = await stack.query(`{ loccode(code: "${KANO_STREET}") { heatmap {
      center { latitude longitude } radiusKm
      points { location { latitude longitude } type intensity label }
      summary { facilityCount riskNodeCount } } } }`);
    expect(errors).toBeUndefined();
    expect(data.loccode.heatmap).toEqual({
      center: coordinates(upstream.center),
      radiusKm: upstream.radius_km,
      points: upstream.heatmap_points.map((point: UpstreamJson) => ({
        location: coordinates(point as { lat: number; lon: number }),
        type: point.type === 'risk' ? 'RISK' : 'FACILITY_STRENGTH',
        intensity: point.intensity,
        label: point.label,
      })),
      summary: { facilityCount: upstream.summary.facility_count, riskNodeCount: upstream.summary.risk_nodes },
    });
    const types = new Set(data.loccode.heatmap.points.map((point: { type: string }) => point.type));
    expect(types).toEqual(new Set(['FACILITY_STRENGTH', 'RISK']));
  });
});
