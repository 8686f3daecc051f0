import type { Point } from '../../src/kernel/point';
import { operationLoader } from '../../src/upstream/loader';
import { andThen } from '../../src/upstream/promise-or-value';
import type { LoccodeModel } from '../../src/kernel/loccode';
import type { MapsClient } from './client';
import { billedWithResolves } from './billed-with-resolves';
import type {
  LocationRequest,
  OptimizeRequest,
  PointDetailsRequest,
  RouteRequest,
  SearchRequest,
  StreetModel,
  TripPointRequest,
} from './models';

/** Per-request loaders of the maps service, one per operation. */
export type MapsLoaders = ReturnType<typeof createMapsLoaders>;

/** The one key of operations without arguments. */
export const WHOLE_LIST = 'all';

/*
 * Loader keys, equal exactly when the requests are: each request's members, as JSON where a
 * member is text. Values are not otherwise touched (spec: the service matches loccodes exactly).
 * Written per request rather than as one generic sorted JSON, which cost more than the cache
 * hit that usually follows.
 */

const pair = ({ latitude, longitude }: Point): [number, number] => [latitude, longitude];

/** A loccode as sent, or its coordinates: text or a pair, never mistaken for one another. */
const place = (location: LocationRequest): string | [number, number] =>
  'loccode' in location ? location.loccode : pair(location.coordinates);

const pointKey = ({ latitude, longitude }: Point): string => `${latitude},${longitude}`;

const routeKey = ({ origin, destination, waypoints, mode }: RouteRequest): string =>
  JSON.stringify([mode, place(origin), place(destination), waypoints.map(pair)]);

/** An optional id is null when absent (a given id is never null: resolvers/maps/arguments.ts). */
const tripPoint = ({ id, location }: TripPointRequest) => [id ?? null, place(location)];

const optimizeKey = ({ origin, destination, stops, mode }: OptimizeRequest): string =>
  JSON.stringify([mode, tripPoint(origin), tripPoint(destination), stops.map(tripPoint)]);

const pointDetailsKey = (request: PointDetailsRequest): string =>
  JSON.stringify([
    ...pair(request.location),
    request.osmId ?? null,
    request.osmType ?? null,
    request.searchName ?? null,
    request.searchAddress ?? null,
  ]);

const searchKey = ({ query, near, category }: SearchRequest): string =>
  JSON.stringify([query ?? null, near ? pair(near) : null, category ?? null]);

export function createMapsLoaders(client: MapsClient) {
  // Keyed by the code exactly as sent; nearest and point details prime it with the street they carry.
  // Loaders given the client answer at once when held (loader.ts); priming is the same whenever it runs.
  const street = operationLoader(
    (code: string) => client.resolveLoccode(code),
    (code) => code,
    client,
  );
  const primeStreet = (model: StreetModel | null) => {
    if (model) street.prime(model.formattedCode, model);
  };
  return {
    street,
    nearestLoccode: operationLoader(
      (location: Point) =>
        andThen(client.nearestLoccode(location), (found): LoccodeModel => {
          primeStreet(found);
          return { code: found.formattedCode };
        }),
      pointKey,
      client,
    ),
    reverseGeocode: operationLoader((location: Point) => client.reverseGeocode(location), pointKey, client),
    pointDetails: operationLoader(
      (request: PointDetailsRequest) =>
        andThen(client.pointDetails(request), (answer) => {
          primeStreet(answer.street);
          return answer.details;
        }),
      pointDetailsKey,
      client,
    ),
    search: operationLoader((request: SearchRequest) => client.search(request), searchKey),
    placeCategories: operationLoader(
      (_all: typeof WHOLE_LIST) => client.placeCategories(),
      () => WHOLE_LIST,
      client,
    ),
    // Billed: sent alongside the resolves of the loccodes they name (billed-with-resolves.ts). The same points
    // from `route` and `Loccode.routeTo` are one call.
    route: billedWithResolves(
      street,
      operationLoader((request: RouteRequest) => client.route(request), routeKey),
      'route',
    ),
    optimize: billedWithResolves(
      street,
      operationLoader((request: OptimizeRequest) => client.optimize(request), optimizeKey),
      'trip',
    ),
    /** Keyed by the gateway origin its links are rewritten to (one per request in practice). */
    wordmarkManifest: operationLoader(
      (origin: string) => client.mapHost.wordmarkManifest(origin),
      (origin) => origin,
    ),
  };
}
