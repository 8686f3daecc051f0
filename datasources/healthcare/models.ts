import type { Point } from '../../src/kernel/point';
import type { Readable } from '../../src/kernel/unreadable';

/*
 * What the healthcare client returns (health-and-address-services.md, spec A), in the
 * graph's terms: our names and units, one coordinate shape, the documented value sets as
 * UPPER_SNAKE literals. Nothing upstream-shaped leaves the datasource. A member the service
 * sent unreadable stays a marker (src/kernel/unreadable.ts) in the fields typed `Readable`.
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
  level: Readable<FacilityLevel | null>;
  radiusKm: number;
  count: number;
  scoringDescription: string;
  generatedAt: Readable<string | null>;
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
  level: Readable<FacilityLevel | null>;
  functionalStatus: string;
  accreditations: Array<{ body: string; status: string }>;
  specialties: string[];
  distanceKm: number;
  travelTimeMinutes: number;
  emergencyServices: boolean;
  acceptedInsurancePlans: string[];
  bedsCapacity: Readable<number | null>;
  waitTimeEstimateMinutes: Readable<number | null>;
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
  generatedAt: Readable<string | null>;
  nearestFacilities: EmergencyFacilityModel[];
}

export interface EmergencyFacilityModel {
  name: string;
  category: string;
  phone: Readable<string | null>;
  level: Readable<FacilityLevel | null>;
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
  level: Readable<FacilityLevel | null>;
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
  coverageBand: Readable<CoverageBand | null>;
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
  generatedAt: Readable<string | null>;
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

export interface HeatmapPointModel {
  location: Point;
  type: Readable<HeatmapPointKind | null>;
  intensity: number;
  label: string;
}

export interface HeatmapModel {
  center: Point;
  radiusKm: number;
  points: HeatmapPointModel[];
  summary: { facilityCount: number; riskNodeCount: number };
}
