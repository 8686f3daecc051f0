import { z } from 'zod';

/*
 * The healthcare service's JSON about facilities (search, emergency route,
 * specialists), written once from the spec (service A, "Resources and their
 * fields"). Unknown keys are dropped; members whose null-ness the spec does not
 * show are nullable.
 */

/** `{lat, lon, state, lga}` wherever a location appears (spec: "location is ..."). */
export const location = z.object({ lat: z.number(), lon: z.number(), state: z.string(), lga: z.string() });
export const latLon = z.object({ lat: z.number(), lon: z.number() });
export const facilityLevel = z.enum(['Primary', 'Secondary', 'Tertiary']);

/**
 * Facilities, emergency-route, specialist and health-risk answers are wrapped
 * (spec: "Response wrapping"); anything but `success: true` is not an answer.
 */
export function wrapped<T extends z.ZodType>(payload: T) {
  return z.object({ success: z.literal(true), data: payload });
}

const facility = z.object({
  rank: z.number().int(),
  name: z.string(),
  category: z.string(),
  ownership: z.string(),
  state: z.string(),
  lga: z.string(),
  ward: z.string(),
  address: z.string(),
  nhfr_code: z.string(),
  facility_level: facilityLevel,
  functional_status: z.string(),
  accreditations: z.array(z.object({ body: z.string(), status: z.string() })),
  specialties: z.array(z.string()),
  distance_km: z.number(),
  travel_time_minutes: z.number(),
  emergency_services: z.boolean(),
  accepts_insurance_plans: z.array(z.string()),
  beds_capacity: z.number().int().nullish(),
  wait_time_estimate_minutes: z.number().nullish(),
  ranking_score: z.number(),
  score_breakdown: z.object({
    distance_weight: z.number(),
    travel_time_weight: z.number(),
    accreditation_weight: z.number(),
    capacity_weight: z.number(),
    satisfaction_weight: z.number(),
    wait_time_weight: z.number(),
  }),
});

export const facilitiesBody = wrapped(
  z.object({
    location,
    filters: z.object({ facility_level: facilityLevel }),
    count: z.number().int(),
    radius_km: z.number(),
    scoring: z.string(),
    generated_at: z.iso.datetime({ offset: true }),
    facilities: z.array(facility),
  }),
);
export type FacilitiesWire = z.infer<typeof facilitiesBody>['data'];
export type FacilityWire = z.infer<typeof facility>;

export const emergencyBody = wrapped(
  z.object({
    location,
    generated_at: z.iso.datetime({ offset: true }),
    emergency_contacts: z.object({
      police: z.string(),
      ambulance: z.string(),
      fire: z.string(),
      nema: z.string(),
    }),
    nearest_emergency_facilities: z.array(
      z.object({
        name: z.string(),
        category: z.string(),
        phone: z.string().nullish(),
        facility_level: facilityLevel,
        functional_status: z.string(),
        latitude: z.number(),
        longitude: z.number(),
        distance_km: z.number(),
        travel_time_minutes: z.number(),
        web_maps_url: z.string(),
      }),
    ),
  }),
);
export type EmergencyWire = z.infer<typeof emergencyBody>['data'];

export const specialistBody = wrapped(
  z.object({
    location,
    input_condition: z.string(),
    predicted_specialties: z.array(z.object({ name: z.string(), confidence: z.number() })),
    recommended_specialists: z.array(
      z.object({
        name: z.string(),
        status: z.string(),
        category: z.string(),
        specialty_matched: z.string(),
        facility_level: facilityLevel,
        coordinates: latLon,
        confidence_score: z.number(),
        distance_km: z.number(),
        final_rank_score: z.number(),
      }),
    ),
  }),
);
export type SpecialistWire = z.infer<typeof specialistBody>['data'];

/** The error body (spec: "Errors"); `details` is never read, it may echo anything. */
export const errorBody = z.object({ error: z.object({ code: z.string() }) });
