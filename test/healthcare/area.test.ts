import { useTestStack } from '../support/gateway';
import { renamed } from '../support/renamed';
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
  facility &&
  renamed(facility, {
    name: 'name',
    category: 'category',
    distanceKm: 'distance_km',
    functionalStatus: 'functional_status',
  });

const rate = (disease: UpstreamJson) =>
  renamed(disease, { source: 'source', trend: 'trend', prevalencePer1000: 'prevalence_per_1000' });

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
    const nearestByType = Object.fromEntries(
      Object.entries({
        primaryCare: 'primary_care',
        secondaryCare: 'secondary_care',
        tertiaryCare: 'tertiary_care',
        emergency: 'emergency',
        maternity: 'maternity',
      }).map(([ours, theirs]) => [ours, nearby(upstream.nearest_by_type[theirs])]),
    );
    expect(data.loccode.healthcareAccess).toEqual({
      ...renamed(upstream, {
        accessScore: 'access_score',
        nhiaAccreditationRateWithin10Km: 'nhia_accreditation_rate_10km',
        interpretation: 'interpretation',
        useCases: 'use_cases',
        generatedAt: 'generated_at',
      }),
      location: healthLocation(upstream.location),
      coverageBand: upstream.coverage_band.toUpperCase(),
      breakdown: renamed(upstream.score_breakdown, {
        facilityDensityWithin5Km: 'facility_density_5km',
        hospitalProximity: 'hospital_proximity',
        primaryCareProximity: 'primary_care_proximity',
        emergencyProximity: 'emergency_proximity',
        nhiaCoverage: 'nhia_coverage_rate',
      }),
      facilityCounts: renamed(upstream.facility_counts, {
        within5Km: 'within_5km',
        within10Km: 'within_10km',
        functionalWithin10Km: 'functional_within_10km',
        nhiaAccreditedWithin10Km: 'nhia_accredited_within_10km',
      }),
      nearestByType,
      coverageGaps: upstream.coverage_gaps.map((gap: UpstreamJson) =>
        renamed(gap, { specialty: 'specialty', severity: 'gap_severity', nearestKm: 'nearest_km' }),
      ),
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
    const diseases = Object.fromEntries(
      Object.entries({
        malaria: 'malaria',
        hypertension: 'hypertension',
        diabetesMellitus: 'diabetes_mellitus',
        respiratoryInfections: 'respiratory_infections',
        diarrhealDiseases: 'diarrheal_diseases',
        musculoskeletalConditions: 'musculoskeletal_conditions',
      }).map(([ours, theirs]) => [ours, rate(upstream.disease_prevalence[theirs])]),
    );
    expect(data.loccode.healthRisk).toEqual({
      ...renamed(upstream, { index: 'health_risk_index', riskLevel: 'risk_level' }),
      location: healthLocation(upstream.location),
      breakdown: renamed(upstream.computation_breakdown, {
        urbanDensityStress: 'urban_density_stress_35pct',
        infrastructureDeficit: 'infrastructure_deficit_35pct',
        socioEconomicVulnerability: 'socio_economic_vulnerability_30pct',
      }),
      environmentalVitals: renamed(upstream.environmental_vitals, {
        populationDensityPerSquareKm: 'population_density_per_sqkm',
        infrastructureQualityScore: 'infrastructure_quality_score',
        crimeIndex: 'crime_index',
        averageIncomeIndex: 'avg_income_index',
        facilitiesWithin10Km: 'nearby_facilities_10km',
      }),
      diseasePrevalence: diseases,
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
