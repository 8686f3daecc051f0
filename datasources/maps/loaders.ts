import type { Point } from '../../src/kernel/point';
import { operationLoader } from '../../src/upstream/loader';
import type { LoccodeModel } from '../../src/kernel/loccode';
import type { MapsClient } from './client';
import { billedWithResolves } from './billed-with-resolves';
import type {
  OptimizeRequest,
  PointDetailsRequest,
  RouteRequest,
  SearchRequest,
  StreetModel,
} from './models';

/** Per-request loaders of the maps service, one per operation. */
export type MapsLoaders = ReturnType<typeof createMapsLoaders>;

/** The one key of operations without arguments. */
export const WHOLE_LIST = 'all';

/**
 * The same arguments always give the same key: JSON with object members sorted and absent
 * ones dropped. Values are not otherwise touched (spec: the service matches loccodes exactly).
 */
function argumentsKey(value: unknown): string {
  return JSON.stringify(value, (_name, member: unknown) =>
    member !== null && typeof member === 'object' && !Array.isArray(member)
      ? Object.fromEntries(Object.entries(member).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : member,
  );
}

export function createMapsLoaders(client: MapsClient) {
  // Keyed by the code exactly as sent; nearest and point details prime it with the street they carry.
  const street = operationLoader(
    (code: string) => client.resolveLoccode(code),
    (code) => code,
  );
  const primeStreet = (model: StreetModel | null) => {
    if (model) street.prime(model.formattedCode, model);
  };
  return {
    street,
    nearestLoccode: operationLoader(async (location: Point): Promise<LoccodeModel> => {
      const found = await client.nearestLoccode(location);
      primeStreet(found);
      return { code: found.formattedCode };
    }, argumentsKey),
    reverseGeocode: operationLoader((location: Point) => client.reverseGeocode(location), argumentsKey),
    pointDetails: operationLoader(async (request: PointDetailsRequest) => {
      const answer = await client.pointDetails(request);
      primeStreet(answer.street);
      return answer.details;
    }, argumentsKey),
    search: operationLoader((request: SearchRequest) => client.search(request), argumentsKey),
    placeCategories: operationLoader(
      (_all: typeof WHOLE_LIST) => client.placeCategories(),
      () => WHOLE_LIST,
    ),
    // Billed: sent alongside the resolves of the loccodes they name (billed-with-resolves.ts). The same points
    // from `route` and `Loccode.routeTo` are one call.
    route: billedWithResolves(
      street,
      operationLoader((request: RouteRequest) => client.route(request), argumentsKey),
      'route',
    ),
    optimize: billedWithResolves(
      street,
      operationLoader((request: OptimizeRequest) => client.optimize(request), argumentsKey),
      'trip',
    ),
    /** Keyed by the gateway origin its links are rewritten to (one per request in practice). */
    wordmarkManifest: operationLoader(
      (origin: string) => client.mapHost.wordmarkManifest(origin),
      (origin) => origin,
    ),
  };
}
