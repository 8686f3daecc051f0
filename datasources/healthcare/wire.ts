import { z } from 'zod';
import { memberReaders } from '../../src/upstream/wire';

/*
 * The healthcare service's JSON about facilities (search, emergency route,
 * specialists), written once from the spec (service A, "Resources and their
 * fields"). Unknown keys are dropped; members whose null-ness the spec does not
 * show are nullable. A member the spec gives a type and the graph answers as
 * non-null must match, or the answer is UPSTREAM_BAD_RESPONSE. Times, the closed sets
 * and the members whose type is not shown are read on their own (src/upstream/wire.ts):
 * one that cannot be read is that field's error alone.
 */

export const read = memberReaders('healthcare');

/** `{lat, lon, state, lga}` wherever a location appears (spec: "location is ..."). */
export const location = z.object({ lat: z.number(), lon: z.number(), state: z.string(), lga: z.string() });
export const latLon = z.object({ lat: z.number(), lon: z.number() });
/** Spec: facility_level is Primary, Secondary or Tertiary; read in any letter case. */
export const FACILITY_LEVELS = ['Primary', 'Secondary', 'Tertiary'] as const;
export type WireFacilityLevel = (typeof FACILITY_LEVELS)[number];
const facilityLevel = read.oneOf(FACILITY_LEVELS);

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
  facility_level: facilityLevel('facility_level'),
  functional_status: z.string(),
  accreditations: z.array(z.object({ body: z.string(), status: z.string() })),
  specialties: z.array(z.string()),
  distance_km: z.number(),
  travel_time_minutes: z.number(),
  emergency_services: z.boolean(),
  accepts_insurance_plans: z.array(z.string()),
  /** Spec: "null in all seen records", type not shown. */
  beds_capacity: read.looseInteger('beds_capacity'),
  wait_time_estimate_minutes: read.looseNumber('wait_time_estimate_minutes'),
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
    filters: z.object({ facility_level: facilityLevel('filters.facility_level') }),
    count: z.number().int(),
    radius_km: z.number(),
    scoring: z.string(),
    generated_at: read.instant('generated_at'),
    facilities: z.array(facility),
  }),
);
export type FacilitiesWire = z.infer<typeof facilitiesBody>['data'];
export type FacilityWire = z.infer<typeof facility>;

export const emergencyBody = wrapped(
  z.object({
    location,
    generated_at: read.instant('generated_at'),
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
        /** Spec: "string or null"; the non-null type is not shown, so a number is its text. */
        phone: read.looseText('phone'),
        facility_level: facilityLevel('facility_level'),
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
        facility_level: facilityLevel('facility_level'),
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
