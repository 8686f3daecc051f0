import { z } from 'zod';
import { members } from '../../src/upstream/wire';

/**
 * The agriculture service's JSON, written once from agri-service.md "Resources and
 * their fields". Unknown keys are dropped (zod's default). Rule for what is required:
 * the lists and the objects that carry an answer must be there, or the answer is
 * UPSTREAM_BAD_RESPONSE; a missing scalar becomes null. A value of the wrong type
 * is always a bad response. The loccodes the service echoes are not read: some are
 * in a display form, and the graph reports the code the client sent.
 */

/** A scalar the service may leave out: null when absent. */
function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? null);
}

const text = optional(z.string());
const number = optional(z.number());
const texts = z.array(z.string());

const ISO_8601_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Spec: event_timestamp is ISO 8601; we keep the instant, written in UTC. */
const instant = z
  .string()
  .refine((value) => ISO_8601_WITH_OFFSET.test(value) && !Number.isNaN(Date.parse(value)), {
    message: 'not an ISO 8601 date-time with an offset',
  })
  .transform((value) => new Date(value).toISOString());

/** Spec "States and transitions": the only two enumerations. */
const riskLevel = optional(z.enum(['low', 'medium', 'high']));
const outlook = optional(z.enum(['Challenging', 'Favourable', 'Moderate']));
export type WireRiskLevel = z.infer<typeof riskLevel>;
export type WireOutlook = z.infer<typeof outlook>;

const farmerInterpretation = z.object({
  temperature: text,
  humidity: text,
  rainfall: text,
  soil_moisture: text,
  soil_temperature: text,
  overall_outlook: outlook,
  outlook_summary: text,
});

const climateRecord = z.object({
  state: text,
  city: text,
  latitude: number,
  longitude: number,
  temperature_2m: number,
  relative_humidity_2m: number,
  precipitation: number,
  soil_moisture_0_10cm: number,
  soil_moisture_10_40cm: number,
  soil_temperature_0cm: number,
  soil_temperature_6cm: number,
  event_timestamp: optional(instant),
  farmer_interpretation: optional(farmerInterpretation),
});
export type WireClimateRecord = z.infer<typeof climateRecord>;

/** Get Climate: `{loccode, climate_data: [record, ...]}`, normally one record. */
export const climateResponse = z.object({ climate_data: z.array(climateRecord) });
export type WireClimate = z.infer<typeof climateResponse>;

/** Get Pests with a crop (spec rule 1: crop mode). */
export const pestProfileResponse = z.object({
  ...members(text, 'crop', 'location', 'recommended_action'),
  ...members(texts, 'dominant_pests', 'climate_conditions_affecting_pests'),
  risk_level: riskLevel,
});
export type WirePestProfile = z.infer<typeof pestProfileResponse>;

/** Get Pests without a crop (spec rule 1: location mode). */
export const pestOverviewResponse = z.object({
  ...members(text, 'location', 'state', 'zone', 'seasonal_alert', 'data_sources', 'tip'),
  ...members(
    texts,
    'active_climate_conditions',
    'climate_risk_notes',
    'dominant_pests_in_location',
    'crops_at_risk',
    'seasonal_key_pests',
  ),
  risk_level: riskLevel,
});
export type WirePestOverview = z.infer<typeof pestOverviewResponse>;

/** Get Crop Yield. */
export const yieldResponse = z.object({
  crop: text,
  land_size_ha: number,
  location: text,
  yield_prediction: z.object({
    total_yield: text,
    unit: text,
    total_count: number,
    total_kg: number,
    total_tonnes: number,
    per_hectare: text,
    tonnes_per_hectare: number,
  }),
  seasonal_note: text,
  growing_advice: text,
});
export type WireYield = z.infer<typeof yieldResponse>;

const routePlace = z.object({ state: text, city: text, latitude: number, longitude: number });
export type WireRoutePlace = z.infer<typeof routePlace>;

/** Supply Farm Produce. */
export const supplyResponse = z.object({
  origin: routePlace,
  destination: routePlace,
  route: z.object({
    distance_km: number,
    estimated_transit_hours: number,
    transport_mode: text,
    hub_type: text,
    hub_description: text,
    data_source: text,
  }),
  crops_that_survive_transit: texts,
  crops_that_will_spoil: texts,
});
export type WireSupply = z.infer<typeof supplyResponse>;

/** Spec "Error body": `{error: {code, message, details?}}`; only the code is read. */
export const errorBody = z.object({ error: z.object({ code: z.string() }) });
