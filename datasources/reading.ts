import type { ServiceName } from '../src/kernel/services';

/*
 * How the gateway reads what the services send where a spec pins a member down (a closed
 * set, a required list or object) and a service breaks it: whether that voids the member or
 * the answer. Kept as data so docs/CONFORMANCE.md lists exactly these decisions
 * (datasources/conformance.ts); the readers themselves are in each datasource's wire.ts.
 */

/** What a violation costs the client. */
export type Voids = 'member' | 'answer';

export interface ReadingDecision {
  service: ServiceName;
  /** The member as the spec spells it. */
  member: string;
  /** What the spec pins. */
  pinned: string;
  /** What the graph reads besides the pinned form. */
  alsoRead: string;
  /** What a value that still cannot be read voids. */
  voids: Voids;
}

const CASE_FOLDED = 'the same value in another letter case';
const NOTHING = 'nothing';

export const READING_DECISIONS: readonly ReadingDecision[] = [
  {
    service: 'agriculture',
    member: 'risk_level',
    pinned: 'low, medium or high',
    alsoRead: CASE_FOLDED,
    voids: 'member',
  },
  {
    service: 'agriculture',
    member: 'farmer_interpretation.overall_outlook',
    pinned: 'Challenging, Favourable or Moderate',
    alsoRead: CASE_FOLDED,
    voids: 'member',
  },
  {
    service: 'agriculture',
    member: 'farmer_interpretation',
    pinned: 'an object of text members',
    alsoRead: 'absent or null (null)',
    voids: 'member',
  },
  {
    service: 'agriculture',
    member: 'climate_data',
    pinned: 'a list of climate records (an empty one is `NOT_FOUND`)',
    alsoRead: NOTHING,
    voids: 'answer',
  },
  {
    service: 'agriculture',
    member: 'yield_prediction, route, origin, destination',
    pinned: 'objects that carry the answer',
    alsoRead: NOTHING,
    voids: 'answer',
  },
  {
    service: 'agriculture',
    member: 'the lists of pests, conditions and crops',
    pinned: 'lists of text',
    alsoRead: NOTHING,
    voids: 'answer',
  },
  {
    service: 'agriculture',
    member: 'every other member',
    pinned: 'its type (text or number)',
    alsoRead: 'absent or null (null)',
    voids: 'member',
  },
  {
    service: 'healthcare',
    member: 'facility_level (facilities, their filters, emergency, specialists)',
    pinned: 'Primary, Secondary or Tertiary',
    alsoRead: CASE_FOLDED,
    voids: 'member',
  },
  {
    service: 'healthcare',
    member: 'coverage_band',
    pinned: 'Poor, Adequate, Strong or Excellent',
    alsoRead: CASE_FOLDED,
    voids: 'member',
  },
  {
    service: 'healthcare',
    member: 'heatmap_points[].type',
    pinned: 'facility_strength or risk',
    alsoRead: CASE_FOLDED,
    voids: 'member',
  },
  {
    service: 'healthcare',
    member: 'success, data',
    pinned: 'the wrapping: `success: true` and the data object',
    alsoRead: NOTHING,
    voids: 'answer',
  },
  {
    service: 'healthcare',
    member: 'facilities, nearest_emergency_facilities, recommended_specialists, heatmap_points',
    pinned: 'lists that carry the answer',
    alsoRead: NOTHING,
    voids: 'answer',
  },
  {
    service: 'healthcare',
    member: 'the other members the spec types (names, distances, scores, counts, location)',
    pinned: 'their type, and the graph answers them as non-null',
    alsoRead: NOTHING,
    voids: 'answer',
  },
  {
    service: 'address',
    member: 'every member',
    pinned: 'its type; all are optional',
    alsoRead: 'absent or null (null)',
    voids: 'member',
  },
  {
    service: 'maps',
    member: 'status, data',
    pinned: 'the envelope: `status: true` and the data',
    alsoRead: NOTHING,
    voids: 'answer',
  },
  {
    service: 'maps',
    member: 'the members the spec types',
    pinned: 'their type',
    alsoRead: 'absent or null where the spec does not promise the member (null)',
    voids: 'answer',
  },
];

/** The members whose type or format a spec does not show, and how they are read. */
export const LENIENT_MEMBERS: ReadonlyArray<{ service: ServiceName; member: string; reading: string }> = [
  {
    service: 'agriculture',
    member: 'event_timestamp',
    reading: 'ISO 8601, with or without an offset; none is Nigeria time (WAT, UTC+01:00); written in UTC',
  },
  {
    service: 'healthcare',
    member: 'generated_at (facilities, access, emergency route)',
    reading: 'ISO 8601, with or without an offset; none is Nigeria time (WAT, UTC+01:00), written `+01:00`',
  },
  {
    service: 'healthcare',
    member: 'beds_capacity',
    reading: 'a whole number, or one written as text (`"120"`)',
  },
  {
    service: 'healthcare',
    member: 'wait_time_estimate_minutes',
    reading: 'a number, or one written as text',
  },
  { service: 'healthcare', member: 'phone', reading: 'text, or a number given as its digits' },
  {
    service: 'healthcare',
    member: 'risk_level, gap_severity, trend, functional_status',
    reading: 'their value sets are not shown: the text as sent',
  },
  {
    service: 'maps',
    member: 'search results: distance_km',
    reading: 'a number, or one written as text',
  },
  {
    service: 'maps',
    member: 'route steps: mode, maneuver type and modifier; place types and categories',
    reading: 'given by example only ("e.g. driving"): the text as sent',
  },
  {
    service: 'maps',
    member: 'search results: the other members',
    reading: "their shape is not shown: a place's members when present, null when absent",
  },
];
