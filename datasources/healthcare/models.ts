import type { Point } from '../../src/kernel/point';

/*
 * What the healthcare client returns (health-and-address-services.md, spec A), in the
 * graph's terms: our names and units, one coordinate shape, the documented value sets as
 * UPPER_SNAKE literals. Nothing upstream-shaped leaves the datasource.
 */

/** Spec: facility_level is Primary, Secondary or Tertiary. */
export type FacilityLevel = 'PRIMARY' | 'SECONDARY' | 'TERTIARY';
/** Spec: coverage_band is Poor, Adequate, Strong or Excellent. */
export type CoverageBand = 'POOR' | 'ADEQUATE' | 'STRONG' | 'EXCELLENT';
/** Spec: a heatmap point is a risk node or a facility's strength. */
export type HeatmapPointKind = 'RISK' | 'FACILITY_STRENGTH';

/** Where an answer is about: the loccode's position and its administrative area. */
export interface HealthLocationModel {
  coordinates: Point;
  state: string;
  lga: string;
}

export interface FacilitySearchModel {
  location: HealthLocationModel;
  level: FacilityLevel;
  radiusKm: number;
  count: number;
  scoringDescription: string;
  generatedAt: string;
  facilities: FacilityModel[];
}

export interface FacilityModel {
  rank: number;
  name: string;
  category: string;
  ownership: string;
  state: string;
  lga: string;
  ward: string;
  address: string;
  nhfrCode: string;
  level: FacilityLevel;
  functionalStatus: string;
  accreditations: Array<{ body: string; status: string }>;
  specialties: string[];
  distanceKm: number;
  travelTimeMinutes: number;
  emergencyServices: boolean;
  acceptedInsurancePlans: string[];
  bedsCapacity: number | null;
  waitTimeEstimateMinutes: number | null;
  rankingScore: number;
  /** How much each factor weighed in `rankingScore`. */
  scoreWeights: Record<
    'distance' | 'travelTime' | 'accreditation' | 'capacity' | 'satisfaction' | 'waitTime',
    number
  >;
}

export interface EmergencyInfoModel {
  location: HealthLocationModel;
  /** Phone numbers, as the service lists them. */
  contacts: Record<'ambulance' | 'fire' | 'nema' | 'police', string>;
  generatedAt: string;
  nearestFacilities: EmergencyFacilityModel[];
}

export interface EmergencyFacilityModel {
  name: string;
  category: string;
  phone: string | null;
  level: FacilityLevel;
  functionalStatus: string;
  location: Point;
  distanceKm: number;
  travelTimeMinutes: number;
  directionsUrl: string;
}

export interface SpecialistRecommendationModel {
  location: HealthLocationModel;
  interpretedCondition: string;
  predictedSpecialties: Array<{ name: string; confidence: number }>;
  recommendedSpecialists: SpecialistFacilityModel[];
}

export interface SpecialistFacilityModel {
  name: string;
  status: string;
  category: string;
  specialtyMatched: string;
  level: FacilityLevel;
  location: Point;
  confidence: number;
  distanceKm: number;
  rankScore: number;
}

export interface NearbyFacilityModel {
  name: string;
  category: string;
  distanceKm: number;
  functionalStatus: string;
}

export interface HealthcareAccessModel {
  location: HealthLocationModel;
  accessScore: number;
  coverageBand: CoverageBand;
  breakdown: Record<
    | 'facilityDensityWithin5Km'
    | 'hospitalProximity'
    | 'primaryCareProximity'
    | 'emergencyProximity'
    | 'nhiaCoverage',
    number
  >;
  facilityCounts: Record<
    'within5Km' | 'within10Km' | 'functionalWithin10Km' | 'nhiaAccreditedWithin10Km',
    number
  >;
  nearestByType: Record<
    'primaryCare' | 'secondaryCare' | 'tertiaryCare' | 'emergency' | 'maternity',
    NearbyFacilityModel | null
  >;
  coverageGaps: Array<{ specialty: string; severity: string; nearestKm: number }>;
  nhiaAccreditationRateWithin10Km: number;
  interpretation: string;
  useCases: string[];
  generatedAt: string;
}

export interface DiseaseRateModel {
  source: string;
  trend: string;
  prevalencePer1000: number;
}

export interface HealthRiskModel {
  location: HealthLocationModel;
  index: number;
  riskLevel: string;
  breakdown: Record<'urbanDensityStress' | 'infrastructureDeficit' | 'socioEconomicVulnerability', number>;
  environmentalVitals: Record<
    | 'populationDensityPerSquareKm'
    | 'infrastructureQualityScore'
    | 'crimeIndex'
    | 'averageIncomeIndex'
    | 'facilitiesWithin10Km',
    number
  >;
  diseasePrevalence: Record<
    | 'malaria'
    | 'hypertension'
    | 'diabetesMellitus'
    | 'respiratoryInfections'
    | 'diarrhealDiseases'
    | 'musculoskeletalConditions',
    DiseaseRateModel
  >;
}

export interface HeatmapModel {
  center: Point;
  radiusKm: number;
  points: Array<{ location: Point; type: HeatmapPointKind; intensity: number; label: string }>;
  summary: { facilityCount: number; riskNodeCount: number };
}
