import { UpstreamError } from '../../src/kernel/errors';
import { firstUnreadable, mapReadable, type Readable, type Unreadable } from '../../src/kernel/unreadable';
import { cropFromToken } from './crops';
import type {
  ClimateModel,
  ClimateInterpretationModel,
  ClimateOutlook,
  ClimateReadingModel,
  Coordinates,
  PestOverviewModel,
  PestProfileModel,
  PestRiskLevel,
  SupplyQuery,
  SupplyRouteModel,
  SupplyRoutePlaceModel,
  YieldPredictionModel,
} from './models';
import type {
  WireClimate,
  WireClimateRecord,
  WireOutlook,
  WirePestOverview,
  WirePestProfile,
  WireRiskLevel,
  WireRoutePlace,
  WireSupply,
  WireYield,
} from './wire';

// Upstream JSON, already checked by wire.ts, to the domain's models.

/**
 * Spec, Get Climate: `climate_data` is "normally one element", so an empty list is an
 * answer the spec allows, not a malformed one: the service has no record for the code
 * now (NOT_FOUND, never UPSTREAM_BAD_RESPONSE). The spec does not order several records;
 * the most recent one gives the top-level fields.
 */
export function toClimate({ climate_data: records }: WireClimate, loccode: string): ClimateModel {
  const newestFirst = [...records].sort(byRecency);
  const latest = newestFirst[0];
  if (!latest) {
    throw new UpstreamError(
      'agriculture',
      'NOT_FOUND',
      `The agriculture service has no climate record for loccode "${loccode}" at the moment; try again later.`,
    );
  }
  return {
    ...toReading(latest),
    state: latest.state,
    city: latest.city,
    location: toCoordinates(latest.latitude, latest.longitude),
    readings: newestFirst.map(toReading),
  };
}

/**
 * Most recent first; a record without a readable time after those with one, equal times
 * keeping the service's order (the sort is stable).
 */
function byRecency(a: WireClimateRecord, b: WireClimateRecord): number {
  const [newer, older] = [epochMs(b.event_timestamp), epochMs(a.event_timestamp)];
  // Two records without a time are equal (-Infinity minus itself is NaN).
  return newer === older ? 0 : newer - older;
}

function epochMs(time: Readable<string | null>): number {
  return typeof time === 'string' ? Date.parse(time) : -Infinity;
}

/** The time in UTC, as the graph writes every agriculture time. */
const inUtc = (time: string): string => new Date(time).toISOString();

function toReading(record: WireClimateRecord): ClimateReadingModel {
  return {
    recordedAt: mapReadable(record.event_timestamp, inUtc),
    airTemperatureCelsius: record.temperature_2m,
    relativeHumidityPercent: record.relative_humidity_2m,
    precipitationMm: record.precipitation,
    soilMoisture0To10CmM3PerM3: record.soil_moisture_0_10cm,
    soilMoisture10To40CmM3PerM3: record.soil_moisture_10_40cm,
    soilTemperature0CmCelsius: record.soil_temperature_0cm,
    soilTemperature6CmCelsius: record.soil_temperature_6cm,
    interpretation: mapReadable(record.farmer_interpretation, toInterpretation),
  };
}

const OUTLOOKS: Record<WireOutlook, ClimateOutlook> = {
  Challenging: 'CHALLENGING',
  Favourable: 'FAVOURABLE',
  Moderate: 'MODERATE',
};

type WireInterpretation = Exclude<WireClimateRecord['farmer_interpretation'], null | Unreadable>;

function toInterpretation(text: WireInterpretation): ClimateInterpretationModel {
  return {
    temperature: text.temperature,
    humidity: text.humidity,
    rainfall: text.rainfall,
    soilMoisture: text.soil_moisture,
    soilTemperature: text.soil_temperature,
    overallOutlook: mapReadable(text.overall_outlook, (outlook) => OUTLOOKS[outlook]),
    outlookSummary: text.outlook_summary,
  };
}

export function toPestProfile(profile: WirePestProfile): PestProfileModel {
  return {
    mode: 'crop',
    crop: mapReadable(profile.crop, cropFromToken),
    locationName: profile.location,
    riskLevel: toRiskLevel(profile.risk_level),
    dominantPests: profile.dominant_pests,
    climateConditionsAffectingPests: profile.climate_conditions_affecting_pests,
    recommendedAction: profile.recommended_action,
  };
}

export function toPestOverview(overview: WirePestOverview): PestOverviewModel {
  return {
    mode: 'location',
    locationName: overview.location,
    state: overview.state,
    zone: overview.zone,
    riskLevel: toRiskLevel(overview.risk_level),
    activeClimateConditions: overview.active_climate_conditions,
    climateRiskNotes: overview.climate_risk_notes,
    dominantPests: overview.dominant_pests_in_location,
    cropsAtRisk: overview.crops_at_risk,
    seasonalAlert: overview.seasonal_alert,
    seasonalKeyPests: overview.seasonal_key_pests,
    dataSources: overview.data_sources,
    tip: overview.tip,
  };
}

const RISK_LEVELS: Record<WireRiskLevel, PestRiskLevel> = {
  low: 'LOW',
  medium: 'MEDIUM',
  high: 'HIGH',
};

function toRiskLevel(level: Readable<WireRiskLevel | null>): Readable<PestRiskLevel | null> {
  return mapReadable(level, (known) => RISK_LEVELS[known]);
}

export function toYieldPrediction(prediction: WireYield): YieldPredictionModel {
  const figures = prediction.yield_prediction;
  return {
    crop: mapReadable(prediction.crop, cropFromToken),
    locationName: prediction.location,
    landSizeHectares: prediction.land_size_ha,
    tonnesPerHectare: figures.tonnes_per_hectare,
    totalTonnes: figures.total_tonnes,
    totalKg: figures.total_kg,
    bagCount: figures.total_count,
    bagUnit: figures.unit,
    bagSizeKg: bagSizeKg(figures.unit),
    summary: figures.total_yield,
    perHectareSummary: figures.per_hectare,
    seasonalNote: prediction.seasonal_note,
    growingAdvice: prediction.growing_advice,
  };
}

const BAG_UNIT = /(\d+(?:\.\d+)?)\s*kg/i;

/** Spec: `unit` is text naming the bag ("currently the 50 kg bag unit"); its kilograms, when it names them. */
function bagSizeKg(unit: Readable<string | null>): Readable<number | null> {
  return mapReadable(unit, (text) => {
    const match = BAG_UNIT.exec(text);
    return match ? Number(match[1]) : null;
  });
}

/** The two ends carry the codes the client sent; the service's echo of them is not used. */
export function toSupplyRoute(route: WireSupply, { origin, destination }: SupplyQuery): SupplyRouteModel {
  return {
    origin: toRoutePlace(origin, route.origin),
    destination: toRoutePlace(destination, route.destination),
    distanceKm: route.route.distance_km,
    estimatedTransitHours: route.route.estimated_transit_hours,
    transportMode: route.route.transport_mode,
    hubType: route.route.hub_type,
    hubDescription: route.route.hub_description,
    dataSource: route.route.data_source,
    cropsThatSurviveTransit: route.crops_that_survive_transit,
    cropsThatWillSpoil: route.crops_that_will_spoil,
  };
}

function toRoutePlace(code: string, place: WireRoutePlace): SupplyRoutePlaceModel {
  return {
    loccode: { code },
    state: place.state,
    city: place.city,
    location: toCoordinates(place.latitude, place.longitude),
  };
}

/** A position is unreadable with either of its numbers; null when either is absent. */
function toCoordinates(
  latitude: Readable<number | null>,
  longitude: Readable<number | null>,
): Readable<Coordinates | null> {
  const unreadable = firstUnreadable(latitude, longitude);
  if (unreadable) return unreadable;
  return typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : null;
}
