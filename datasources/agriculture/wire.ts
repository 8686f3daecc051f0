import { z } from 'zod';
import { each, memberReaders, members } from '../../src/upstream/wire';

/**
 * The agriculture service's JSON, written once from agri-service.md "Resources and
 * their fields". Unknown keys are dropped (zod's default). The lists and the objects that
 * carry an answer must be there, or the answer is UPSTREAM_BAD_RESPONSE. Every other member
 * is read on its own (src/upstream/wire.ts): absent is null, and a value that cannot be read
 * (text where the spec says number, a time that is not ISO 8601, a risk level outside the
 * set) is that member's error alone. The loccodes the service echoes are not read: some are
 * in a display form, and the graph reports the code the client sent.
 */

const read = memberReaders('agriculture');
const texts = z.array(z.string());

/** Spec "States and transitions": the only two enumerations, read in any letter case. */
export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export const OUTLOOKS = ['Challenging', 'Favourable', 'Moderate'] as const;
export type WireRiskLevel = (typeof RISK_LEVELS)[number];
export type WireOutlook = (typeof OUTLOOKS)[number];

const farmerInterpretation = z.object({
  ...each(
    read.text,
    'temperature',
    'humidity',
    'rainfall',
    'soil_moisture',
    'soil_temperature',
    'outlook_summary',
  ),
  overall_outlook: read.oneOf(OUTLOOKS)('overall_outlook'),
});

const climateRecord = z.object({
  ...each(read.text, 'state', 'city'),
  ...each(
    read.number,
    'latitude',
    'longitude',
    'temperature_2m',
    'relative_humidity_2m',
    'precipitation',
    'soil_moisture_0_10cm',
    'soil_moisture_10_40cm',
    'soil_temperature_0cm',
    'soil_temperature_6cm',
  ),
  /** Spec: "ISO 8601"; with or without an offset (none: Nigeria's time). */
  event_timestamp: read.instant('event_timestamp'),
  farmer_interpretation: read.object(farmerInterpretation)('farmer_interpretation'),
});
export type WireClimateRecord = z.infer<typeof climateRecord>;

/** Get Climate: `{loccode, climate_data: [record, ...]}`, normally one record. */
export const climateResponse = z.object({ climate_data: z.array(climateRecord) });
export type WireClimate = z.infer<typeof climateResponse>;

/** Get Pests with a crop (spec rule 1: crop mode). */
export const pestProfileResponse = z.object({
  ...each(read.text, 'crop', 'location', 'recommended_action'),
  ...members(texts, 'dominant_pests', 'climate_conditions_affecting_pests'),
  risk_level: read.oneOf(RISK_LEVELS)('risk_level'),
});
export type WirePestProfile = z.infer<typeof pestProfileResponse>;

/** Get Pests without a crop (spec rule 1: location mode). */
export const pestOverviewResponse = z.object({
  ...each(read.text, 'location', 'state', 'zone', 'seasonal_alert', 'data_sources', 'tip'),
  ...members(
    texts,
    'active_climate_conditions',
    'climate_risk_notes',
    'dominant_pests_in_location',
    'crops_at_risk',
    'seasonal_key_pests',
  ),
  risk_level: read.oneOf(RISK_LEVELS)('risk_level'),
});
export type WirePestOverview = z.infer<typeof pestOverviewResponse>;

/** Get Crop Yield. */
export const yieldResponse = z.object({
  ...each(read.text, 'crop', 'location', 'seasonal_note', 'growing_advice'),
  land_size_ha: read.number('land_size_ha'),
  yield_prediction: z.object({
    ...each(read.text, 'total_yield', 'unit', 'per_hectare'),
    ...each(read.number, 'total_count', 'total_kg', 'total_tonnes', 'tonnes_per_hectare'),
  }),
});
export type WireYield = z.infer<typeof yieldResponse>;

const routePlace = z.object({
  ...each(read.text, 'state', 'city'),
  ...each(read.number, 'latitude', 'longitude'),
});
export type WireRoutePlace = z.infer<typeof routePlace>;

/** Supply Farm Produce. */
export const supplyResponse = z.object({
  origin: routePlace,
  destination: routePlace,
  route: z.object({
    ...each(read.number, 'distance_km', 'estimated_transit_hours'),
    ...each(read.text, 'transport_mode', 'hub_type', 'hub_description', 'data_source'),
  }),
  crops_that_survive_transit: texts,
  crops_that_will_spoil: texts,
});
export type WireSupply = z.infer<typeof supplyResponse>;

/** Spec "Error body": `{error: {code, message, details?}}`; only the code is read. */
export const errorBody = z.object({ error: z.object({ code: z.string() }) });
