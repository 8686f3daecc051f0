import { is, type Shape } from '../../support/shape';

/** The map service spec's bodies, field by field, as shapes (unknown keys are allowed). */

export const FAILURE_BODY = is.object({ status: is.oneOf(false), code: is.string, message: is.string });

export function envelope(data: Shape): Shape {
  return is.object({ status: is.oneOf(true), message: is.oneOf(''), data });
}

const LNG_LAT = is.arrayOf(is.number, 2);
const POINT_OBJECT = is.object({ latitude: is.number, longitude: is.number });
const LINE_STRING = is.object({ type: is.oneOf('LineString'), coordinates: is.arrayOf(LNG_LAT, 2) });

export const ROUTE_DATA = is.object({
  shareUrl: is.string,
  code: is.oneOf('Ok'),
  routes: is.arrayOf(
    is.object({
      distance: is.number,
      duration: is.number,
      geometry: is.string,
      legs: is.arrayOf(
        is.object({
          distance: is.number,
          duration: is.number,
          summary: is.string,
          steps: is.arrayOf(
            is.object({
              distance: is.number,
              duration: is.number,
              name: is.string,
              mode: is.string,
              loccode: is.string,
              maneuver: is.object({
                location: LNG_LAT,
                bearing_before: is.number,
                bearing_after: is.number,
                type: is.string,
                modifier: is.string,
              }),
            }),
            2,
          ),
        }),
        1,
      ),
    }),
    1,
  ),
  waypoints: is.arrayOf(is.object({ location: LNG_LAT, name: is.string }), 2),
});

export const OPTIMIZE_DATA = is.object({
  code: is.oneOf('Ok'),
  totalDistanceMeters: is.number,
  totalDurationSeconds: is.number,
  orderedStops: is.arrayOf(
    is.object({
      id: is.string,
      sequence: is.integer,
      latitude: is.number,
      longitude: is.number,
      name: is.string,
    }),
    3,
  ),
  optimizedOrderIds: is.arrayOf(is.string, 3),
  legs: is.arrayOf(
    is.object({
      fromId: is.string,
      toId: is.string,
      distanceMeters: is.number,
      durationSeconds: is.number,
      geometry: is.string,
    }),
    2,
  ),
  geometry: is.string,
});

export const REVERSE_GEOCODE_DATA = is.object({
  name: is.string,
  address: is.string,
  street: is.string,
  house_number: is.string,
  city: is.string,
  state: is.string,
  country: is.string,
  loccode: is.string,
  latitude: is.number,
  longitude: is.number,
});

const STREET_MEMBERS = {
  street_name: is.string,
  highway_type: is.string,
  street_length: is.number,
  state: is.string,
  lga: is.string,
  country: is.string,
  geometry: LINE_STRING,
  representative_point: POINT_OBJECT,
};

export const RESOLVE_DATA = is.object({
  loccode: is.string,
  formatted: is.string,
  valid: is.boolean,
  coverage: is.boolean,
  ...STREET_MEMBERS,
});

export const PLACE_DETAILS = is.object({
  name: is.string,
  result_type: is.string,
  maiaddy_id: is.string,
  entity_type: is.string,
  loccode: is.string,
  osm_id: is.string,
  address: is.string,
  street: is.string,
  city: is.string,
  state: is.string,
  country: is.string,
  country_code: is.string,
  category: is.string,
  type: is.string,
  latitude: is.number,
  longitude: is.number,
});

export const POINT_DETAILS_DATA = is.object({
  latitude: is.number,
  longitude: is.number,
  search_name: is.nullable(is.string),
  search_address: is.nullable(is.string),
  share_url: is.string,
  loccode: is.object({ loccode: is.string, ...STREET_MEMBERS }),
  place: is.nullable(PLACE_DETAILS),
});

export const PLACE_CATEGORY = is.object({ key: is.string, label: is.string, status: is.oneOf('active') });

/** The sandbox's documented search result (the spec shows only loccode, osm_id and distance_km). */
export const SEARCH_RESULT = is.object({
  name: is.string,
  address: is.string,
  category: is.string,
  type: is.string,
  latitude: is.number,
  longitude: is.number,
  loccode: is.string,
  osm_id: is.string,
  distance_km: is.nullable(is.number),
});
