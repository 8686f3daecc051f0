import type { Point } from '../../src/sandbox/geo/point';
import type { Street } from '../../src/sandbox/dataset/types';
import type { GraphQLResult, TestStack } from '../support/gateway';
import { decodeReference } from '../support/polyline';

/** The spec's example street loccode (Kano Municipal). */
export const KANO_STREET = 'KN3A 7QP';
/** Well-formed for the maps wire format (4 + space + 3) but issued to no street. */
export const UNISSUED_LOCCODE = 'ZZ9Z 9ZZ';
/** An area loccode: a valid loccode shape that the maps service does not take. */
export const KANO_AREA = 'KAN 700001';
/** Accra, Ghana: a real place outside the coverage area. */
export const ACCRA: Point = { latitude: 5.6037, longitude: -0.187 };

export function street(stack: TestStack, code: string): Street {
  const found = stack.sandbox.dataset.streetByCode.get(code);
  if (!found) throw new Error(`the dataset has no street ${code}`);
  return found;
}

/** A street of another state than Kano's, for routes of some length. */
export function otherStreet(stack: TestStack, state: string): Street {
  const found = stack.sandbox.dataset.streets.find((candidate) => candidate.state === state);
  if (!found) throw new Error(`the dataset has no street in ${state}`);
  return found;
}

/** Another street of Kano than {@link KANO_STREET}, a few kilometres away. */
export function otherKanoCode(stack: TestStack): string {
  return stack.sandbox.dataset.streets.find(
    (candidate) => candidate.state === 'Kano' && candidate.code !== KANO_STREET,
  )!.code;
}

/**
 * The `data` the maps service itself answers for a REST call, fetched directly with the
 * sandbox key in `X-Api-Key`: what the gateway's fields must equal once converted.
 */
export async function upstreamData(
  stack: TestStack,
  path: string,
  request: { query?: Record<string, string | number>; body?: unknown } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<any> {
  const search = new URLSearchParams(
    Object.entries(request.query ?? {}).map(([name, value]): [string, string] => [name, String(value)]),
  );
  const url = `${stack.sandbox.urls.maps}/sdk/v1/${path}${search.size > 0 ? `?${search}` : ''}`;
  const headers = { 'x-api-key': stack.sandbox.keys.maps };
  const response =
    request.body === undefined
      ? await stack.http.get(url, headers)
      : await stack.http.post(url, request.body, headers);
  if (response.status !== 200) throw new Error(`the sandbox answered ${response.status}: ${response.text}`);
  return response.json.data;
}

/** `[lng, lat]`, the service's response order, as our coordinates. */
export function fromLngLat([longitude, latitude]: number[]): Point {
  return { latitude: latitude!, longitude: longitude! };
}

/** Upstream calls of one maps operation since the log was last cleared. */
export function mapsCalls(stack: TestStack, operation: string): number {
  return stack.sandbox.controls.count({ service: 'maps', operation });
}

/** The one error at `path`, as a client reads it. */
export function errorAt(result: GraphQLResult, path: Array<string | number>) {
  const matching = (result.errors ?? []).filter(
    (error) => JSON.stringify(error.path) === JSON.stringify(path),
  );
  expect(matching).toHaveLength(1);
  return matching[0]!;
}

/** The fields of one route (`Route` or one of its alternatives), legs and steps included. */
export const ONE_ROUTE_FIELDS = `distanceMeters durationSeconds encodedPolyline
  geometry { coordinates { latitude longitude } }
  legs { distanceMeters durationSeconds summary steps {
    distanceMeters durationSeconds name travelMode loccode { code }
    maneuver { location { latitude longitude } bearingBeforeDegrees bearingAfterDegrees type modifier } } }`;

/* eslint-disable @typescript-eslint/no-explicit-any -- upstream JSON is compared field by field */
/** Spec, Route data, one of `routes[]` in the graph's names: `[lng, lat]` becomes Coordinates, the polyline is decoded. */
export function expectedOneRoute(route: any) {
  return {
    distanceMeters: route.distance,
    durationSeconds: route.duration,
    encodedPolyline: route.geometry,
    geometry: { coordinates: decodeReference(route.geometry) },
    legs: route.legs.map((leg: any) => ({
      distanceMeters: leg.distance,
      durationSeconds: leg.duration,
      summary: leg.summary,
      steps: leg.steps.map((step: any) => ({
        distanceMeters: step.distance,
        durationSeconds: step.duration,
        name: step.name,
        travelMode: step.mode,
        loccode: { code: step.loccode },
        maneuver: {
          location: fromLngLat(step.maneuver.location),
          bearingBeforeDegrees: step.maneuver.bearing_before,
          bearingAfterDegrees: step.maneuver.bearing_after,
          type: step.maneuver.type,
          modifier: step.maneuver.modifier,
        },
      })),
    })),
  };
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Resolve data for a Kano street, as the spec shows it, without its geometry. */
export const ZOO_ROAD_RESOLVE = {
  loccode: 'KN3A7QP',
  formatted: 'KN3A 7QP',
  street_name: 'Zoo Road',
  highway_type: 'primary',
  street_length: 800,
  state: 'Kano',
  lga: 'Kano Municipal',
  country: 'Nigeria',
  valid: true,
  coverage: true,
  representative_point: { latitude: 12, longitude: 8.5 },
};
