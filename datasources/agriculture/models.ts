import type { LoccodeModel } from '../../src/kernel/loccode';
import type { Crop } from './crops';

// What the agriculture domain resolves from: upstream answers renamed to the graph's conventions.

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export type ClimateOutlook = 'CHALLENGING' | 'FAVOURABLE' | 'MODERATE';
export type PestRiskLevel = 'LOW' | 'MEDIUM' | 'HIGH';

export interface ClimateInterpretationModel {
  temperature: string | null;
  humidity: string | null;
  rainfall: string | null;
  soilMoisture: string | null;
  soilTemperature: string | null;
  overallOutlook: ClimateOutlook | null;
  outlookSummary: string | null;
}

export interface ClimateReadingModel {
  /** ISO 8601, UTC. */
  recordedAt: string | null;
  airTemperatureCelsius: number | null;
  relativeHumidityPercent: number | null;
  precipitationMm: number | null;
  soilMoisture0To10CmM3PerM3: number | null;
  soilMoisture10To40CmM3PerM3: number | null;
  soilTemperature0CmCelsius: number | null;
  soilTemperature6CmCelsius: number | null;
  interpretation: ClimateInterpretationModel | null;
}

/** The area and its most recent reading, plus every reading (most recent first). */
export interface ClimateModel extends ClimateReadingModel {
  state: string | null;
  city: string | null;
  location: Coordinates | null;
  readings: ClimateReadingModel[];
}

/** Spec "Pest profile, crop mode". `mode` tells the two shapes of Get Pests apart. */
export interface PestProfileModel {
  mode: 'crop';
  crop: Crop | null;
  locationName: string | null;
  riskLevel: PestRiskLevel | null;
  dominantPests: string[];
  climateConditionsAffectingPests: string[];
  recommendedAction: string | null;
}

/** Spec "Pest overview, location mode". */
export interface PestOverviewModel {
  mode: 'location';
  locationName: string | null;
  state: string | null;
  zone: string | null;
  riskLevel: PestRiskLevel | null;
  activeClimateConditions: string[];
  climateRiskNotes: string[];
  dominantPests: string[];
  cropsAtRisk: string[];
  seasonalAlert: string | null;
  seasonalKeyPests: string[];
  dataSources: string | null;
  tip: string | null;
}

export type PestReportModel = PestProfileModel | PestOverviewModel;

export interface YieldPredictionModel {
  crop: Crop | null;
  locationName: string | null;
  landSizeHectares: number | null;
  tonnesPerHectare: number | null;
  totalTonnes: number | null;
  totalKg: number | null;
  bagCount: number | null;
  /** The service's own words for the bag, e.g. `50kg bag`. */
  bagUnit: string | null;
  bagSizeKg: number | null;
  summary: string | null;
  perHectareSummary: string | null;
  seasonalNote: string | null;
  growingAdvice: string | null;
}

export interface SupplyRoutePlaceModel {
  /** The code as the client sent it, never the service's echo. */
  loccode: LoccodeModel;
  state: string | null;
  city: string | null;
  location: Coordinates | null;
}

export interface SupplyRouteModel {
  origin: SupplyRoutePlaceModel;
  destination: SupplyRoutePlaceModel;
  distanceKm: number | null;
  estimatedTransitHours: number | null;
  transportMode: string | null;
  hubType: string | null;
  hubDescription: string | null;
  dataSource: string | null;
  cropsThatSurviveTransit: string[];
  cropsThatWillSpoil: string[];
}

/** Inputs of the operations, as the loaders key them. */
export interface PestQuery {
  loccode: string;
  /** Absent: location mode. */
  crop?: Crop;
}

export interface YieldQuery {
  loccode: string;
  crop: Crop;
}

export interface SupplyQuery {
  origin: string;
  destination: string;
}
