import { is } from '../../support/shape';

/** The spec's types for each agriculture body; keys not named here are allowed (clients ignore them). */

export const ERROR_BODY = is.object({
  error: is.object({ code: is.string, message: is.string }),
});

const FARMER_INTERPRETATION = is.object({
  temperature: is.string,
  humidity: is.string,
  rainfall: is.string,
  soil_moisture: is.string,
  soil_temperature: is.string,
  overall_outlook: is.oneOf('Challenging', 'Favourable', 'Moderate'),
  outlook_summary: is.string,
});

export const CLIMATE_RECORD = is.object({
  loccode: is.string,
  state: is.string,
  city: is.string,
  latitude: is.number,
  longitude: is.number,
  temperature_2m: is.number,
  relative_humidity_2m: is.number,
  precipitation: is.number,
  soil_moisture_0_10cm: is.number,
  soil_moisture_10_40cm: is.number,
  soil_temperature_0cm: is.number,
  soil_temperature_6cm: is.number,
  event_timestamp: is.isoDateTime,
  farmer_interpretation: FARMER_INTERPRETATION,
});

export const CLIMATE_BODY = is.object({ loccode: is.string, climate_data: is.arrayOf(CLIMATE_RECORD, 1) });

const RISK_LEVEL = is.oneOf('low', 'medium', 'high');

export const PEST_PROFILE = is.object({
  loccode: is.string,
  crop: is.string,
  location: is.string,
  risk_level: RISK_LEVEL,
  dominant_pests: is.arrayOf(is.string, 1),
  climate_conditions_affecting_pests: is.arrayOf(is.string, 1),
  recommended_action: is.string,
});

export const PEST_OVERVIEW = is.object({
  loccode: is.string,
  location: is.string,
  state: is.string,
  zone: is.oneOf('north-central', 'north-east', 'north-west', 'south-east', 'south-south', 'southwest'),
  risk_level: RISK_LEVEL,
  active_climate_conditions: is.arrayOf(is.string),
  climate_risk_notes: is.arrayOf(is.string),
  dominant_pests_in_location: is.arrayOf(is.string, 1),
  crops_at_risk: is.arrayOf(is.string),
  seasonal_alert: is.string,
  seasonal_key_pests: is.arrayOf(is.string, 1),
  data_sources: is.string,
  tip: is.string,
});

export const YIELD_BODY = is.object({
  loccode: is.string,
  crop: is.string,
  land_size_ha: is.number,
  location: is.string,
  yield_prediction: is.object({
    total_yield: is.string,
    unit: is.string,
    total_count: is.number,
    total_kg: is.number,
    total_tonnes: is.number,
    per_hectare: is.string,
    tonnes_per_hectare: is.number,
  }),
  seasonal_note: is.string,
  growing_advice: is.string,
});

const PLACE = is.object({ state: is.string, city: is.string, latitude: is.number, longitude: is.number });

export const SUPPLY_BODY = is.object({
  origin_loccode: is.string,
  destination_loccode: is.string,
  origin: PLACE,
  destination: PLACE,
  route: is.object({
    distance_km: is.number,
    estimated_transit_hours: is.number,
    transport_mode: is.string,
    hub_type: is.string,
    hub_description: is.string,
    data_source: is.string,
  }),
  crops_that_survive_transit: is.arrayOf(is.string),
  crops_that_will_spoil: is.arrayOf(is.string),
});
