import type { LoccodeModel } from '../../src/kernel/loccode';
import type { Readable } from '../../src/kernel/unreadable';
import type { Crop } from './crops';

// What the agriculture domain resolves from: upstream answers renamed to the graph's conventions.
// A member the service sent unreadable stays a marker here (src/kernel/unreadable.ts).

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export type ClimateOutlook = 'CHALLENGING' | 'FAVOURABLE' | 'MODERATE';
export type PestRiskLevel = 'LOW' | 'MEDIUM' | 'HIGH';

export interface ClimateInterpretationModel {
  temperature: Readable<string | null>;
  humidity: Readable<string | null>;
  rainfall: Readable<string | null>;
  soilMoisture: Readable<string | null>;
  soilTemperature: Readable<string | null>;
  overallOutlook: Readable<ClimateOutlook | null>;
  outlookSummary: Readable<string | null>;
}

export interface ClimateReadingModel {
  /** ISO 8601, UTC. */
  recordedAt: Readable<string | null>;
  airTemperatureCelsius: Readable<number | null>;
  relativeHumidityPercent: Readable<number | null>;
  precipitationMm: Readable<number | null>;
  soilMoisture0To10CmM3PerM3: Readable<number | null>;
  soilMoisture10To40CmM3PerM3: Readable<number | null>;
  soilTemperature0CmCelsius: Readable<number | null>;
  soilTemperature6CmCelsius: Readable<number | null>;
  interpretation: Readable<ClimateInterpretationModel | null>;
}

/** The area and its most recent reading, plus every reading (most recent first). */
export interface ClimateModel extends ClimateReadingModel {
  state: Readable<string | null>;
  city: Readable<string | null>;
  location: Readable<Coordinates | null>;
  readings: ClimateReadingModel[];
}

/** Spec "Pest profile, crop mode". `mode` tells the two shapes of Get Pests apart. */
export interface PestProfileModel {
  mode: 'crop';
  crop: Readable<Crop | null>;
  locationName: Readable<string | null>;
  riskLevel: Readable<PestRiskLevel | null>;
  dominantPests: string[];
  climateConditionsAffectingPests: string[];
  recommendedAction: Readable<string | null>;
}

/** Spec "Pest overview, location mode". */
export interface PestOverviewModel {
  mode: 'location';
  locationName: Readable<string | null>;
  state: Readable<string | null>;
  zone: Readable<string | null>;
  riskLevel: Readable<PestRiskLevel | null>;
  activeClimateConditions: string[];
  climateRiskNotes: string[];
  dominantPests: string[];
  cropsAtRisk: string[];
  seasonalAlert: Readable<string | null>;
  seasonalKeyPests: string[];
  dataSources: Readable<string | null>;
  tip: Readable<string | null>;
}

export type PestReportModel = PestProfileModel | PestOverviewModel;

export interface YieldPredictionModel {
  crop: Readable<Crop | null>;
  locationName: Readable<string | null>;
  landSizeHectares: Readable<number | null>;
  tonnesPerHectare: Readable<number | null>;
  totalTonnes: Readable<number | null>;
  totalKg: Readable<number | null>;
  bagCount: Readable<number | null>;
  /** The service's own words for the bag, e.g. `50kg bag`. */
  bagUnit: Readable<string | null>;
  bagSizeKg: Readable<number | null>;
  summary: Readable<string | null>;
  perHectareSummary: Readable<string | null>;
  seasonalNote: Readable<string | null>;
  growingAdvice: Readable<string | null>;
}

export interface SupplyRoutePlaceModel {
  /** The code as the client sent it, never the service's echo. */
  loccode: LoccodeModel;
  state: Readable<string | null>;
  city: Readable<string | null>;
  location: Readable<Coordinates | null>;
}

export interface SupplyRouteModel {
  origin: SupplyRoutePlaceModel;
  destination: SupplyRoutePlaceModel;
  distanceKm: Readable<number | null>;
  estimatedTransitHours: Readable<number | null>;
  transportMode: Readable<string | null>;
  hubType: Readable<string | null>;
  hubDescription: Readable<string | null>;
  dataSource: Readable<string | null>;
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
