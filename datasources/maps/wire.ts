import { z } from 'zod';
import { memberReaders, members } from '../../src/upstream/wire';

/*
 * The maps service's JSON, written once from its spec ("Resources and their fields").
 * Unknown keys are dropped (spec, Envelope: additive fields are non-breaking); members
 * whose presence the spec does not promise are nullish.
 */

/** Each payload's envelope, built once: building a zod schema costs more than a cache hit it guards. */
const envelopes = new WeakMap<z.ZodType, z.ZodType>();

/** Spec, Envelope: `status` is the JSON boolean true, never a string. */
export function envelope<T>(payload: z.ZodType<T>): z.ZodType<{ status: true; data: T }> {
  let schema = envelopes.get(payload);
  if (!schema) {
    schema = z.object({ status: z.literal(true), data: payload });
    envelopes.set(payload, schema);
  }
  return schema as z.ZodType<{ status: true; data: T }>;
}

/** Spec, Errors: `{status: false, code, message}`; only the code is read, never the message. */
export const failureBody = z.object({ status: z.literal(false), code: z.string() });

/** Spec, Coordinate conventions: response geometry is `[longitude, latitude]`. */
const lngLat = z.tuple([z.number(), z.number()]).rest(z.number());
const latLngObject = z.object({ latitude: z.number(), longitude: z.number() });
const lineString = z.object({ type: z.literal('LineString'), coordinates: z.array(lngLat).min(2) });

/** The street members shared by resolve data and point details' `loccode` object. */
const streetMembers = {
  street_name: z.string(),
  highway_type: z.string(),
  street_length: z.number(),
  state: z.string(),
  lga: z.string(),
  country: z.string(),
  geometry: lineString,
  representative_point: latLngObject,
};

/**
 * Spec, Loccode resolve data (also returned by nearest): `loccode` unspaced, `formatted`
 * spaced, and the booleans `valid` and `coverage`, which point details' `loccode` lacks.
 */
export const resolveData = z.object({
  loccode: z.string(),
  formatted: z.string(),
  ...streetMembers,
  valid: z.boolean(),
  coverage: z.boolean(),
});
export type ResolveWire = z.infer<typeof resolveData>;

/** A member whose presence the spec does not promise. */
const optionalText = z.string().nullish();
/** A place's position, as reverse geocoding, point details and search give it. */
const position = { latitude: z.number(), longitude: z.number() };
/** The postal parts of a place. */
const postalParts = members(optionalText, 'street', 'city', 'state', 'country');

/** Spec, Reverse geocode data: all strings but the coordinates. */
export const reverseGeocodeData = z.object({
  name: z.string(),
  address: z.string(),
  ...members(optionalText, 'house_number', 'loccode'),
  ...postalParts,
  ...position,
});
export type ReverseGeocodeWire = z.infer<typeof reverseGeocodeData>;

/**
 * Spec, Point details data, `place` object. Search results are read with it too: their
 * shape is not shown beyond `loccode`, `osm_id` and `distance_km`, so the members the
 * spec names for a place are taken from a search result when it carries them.
 */
const placeMembers = {
  name: z.string(),
  ...members(optionalText, 'address', 'country_code'),
  ...postalParts,
  ...position,
  ...members(
    optionalText,
    'result_type',
    'maiaddy_id',
    'entity_type',
    'loccode',
    'osm_id',
    'category',
    'type',
  ),
};
const pointPlace = z.object(placeMembers);
export type PointPlaceWire = z.infer<typeof pointPlace>;

/** Spec, Point details data; whether `loccode` and `place` may be absent is not shown, so both may. */
export const pointDetailsData = z.object({
  latitude: z.number(),
  longitude: z.number(),
  search_name: z.string().nullish(),
  search_address: z.string().nullish(),
  share_url: z.string().nullish(),
  loccode: z.object({ loccode: z.string(), ...streetMembers }).nullish(),
  place: pointPlace.nullish(),
});
export type PointDetailsWire = z.infer<typeof pointDetailsData>;

/**
 * Spec, Search result members seen: loccode, osm_id, distance_km (km); a place's other members
 * when present, so even a name and a position may be missing. The type of distance_km is not shown: a number sent as text is read as the number,
 * anything else is that field's error alone (src/upstream/wire.ts).
 */
export const searchData = z.array(
  z.object({
    ...placeMembers,
    name: optionalText,
    latitude: z.number().nullish(),
    longitude: z.number().nullish(),
    // Its type is not shown either: an id sent as a number is kept as its digits.
    osm_id: z.union([z.string(), z.number().transform(String)]).nullish(),
    distance_km: memberReaders('maps').looseNumber('distance_km'),
  }),
);
export type SearchResultWire = z.infer<typeof searchData>[number];

/** Spec, Place category. */
export const placeCategoriesData = z.array(
  z.object({
    key: z.string(),
    label: z.string(),
    parentKey: z.string().nullish(),
    status: z.string().nullish(),
  }),
);
export type PlaceCategoryWire = z.infer<typeof placeCategoriesData>[number];

/** Spec, Route data: camelCase `shareUrl`, snake_case maneuver keys. */
const routeStep = z.object({
  distance: z.number(),
  duration: z.number(),
  name: z.string().nullish(),
  mode: z.string().nullish(),
  loccode: z.string().nullish(),
  maneuver: z.object({
    location: lngLat,
    bearing_before: z.number(),
    bearing_after: z.number(),
    type: z.string(),
    modifier: z.string().nullish(),
  }),
});
export type RouteStepWire = z.infer<typeof routeStep>;

const routeLeg = z.object({
  distance: z.number(),
  duration: z.number(),
  summary: z.string().nullish(),
  steps: z.array(routeStep),
});
const route = z.object({
  distance: z.number(),
  duration: z.number(),
  geometry: z.string(),
  legs: z.array(routeLeg),
});

export const routeData = z.object({
  shareUrl: z.string().nullish(),
  code: z.string(),
  /** At least one route; the first is the answer, the others its alternatives. */
  routes: z.tuple([route]).rest(route),
  waypoints: z.array(z.object({ location: lngLat, name: z.string().nullish() })),
});
export type RouteWire = z.infer<typeof routeData>;

/** Spec, Optimize data (camelCase throughout). */
export const optimizeData = z.object({
  code: z.string(),
  totalDistanceMeters: z.number(),
  totalDurationSeconds: z.number(),
  orderedStops: z.array(
    z.object({
      id: z.string(),
      sequence: z.number().int(),
      loccode: z.string().nullish(),
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().nullish(),
    }),
  ),
  optimizedOrderIds: z.array(z.string()),
  legs: z.array(
    z.object({
      fromId: z.string(),
      toId: z.string(),
      distanceMeters: z.number(),
      durationSeconds: z.number(),
      geometry: z.string(),
    }),
  ),
  geometry: z.string(),
});
export type OptimizeWire = z.infer<typeof optimizeData>;

/**
 * Spec, Map display: `/sdk/wordmark.json` is the "Wordmark art and layout manifest"; its
 * structure is not shown, so any JSON is taken and passed on as it is.
 */
export const wordmarkManifest = z.unknown();
