import type DataLoader from 'dataloader';
import { UpstreamError } from '../../src/kernel/errors';
import type { Point } from '../../src/kernel/point';
import { operationLoader } from '../../src/upstream/loader';
import type { LoccodeModel } from '../../src/kernel/loccode';
import type { MapsClient } from './client';
import type {
  LocationRequest,
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
    route: operationLoader(
      (request: RouteRequest) =>
        client.route(request).catch((error: unknown) => explainRouteFailure(error, request, street)),
      argumentsKey,
    ),
    optimize: operationLoader((request: OptimizeRequest) => client.optimize(request), argumentsKey),
    wordmarkImages: operationLoader(
      (_all: typeof WHOLE_LIST) => client.mapHost.wordmarkImages(),
      () => WHOLE_LIST,
    ),
  };
}

/**
 * Spec, Other behaviour: route answers 502 ENGINE_UNAVAILABLE both when the engine is
 * unreachable and when a loccode endpoint cannot be resolved. Only after a route has
 * failed as unavailable, resolving its loccode endpoints (never billed, shared with
 * `Loccode.street`) tells the two apart, so a client whose code does not exist hears
 * LOCCODE_NOT_FOUND rather than "try again later".
 */
async function explainRouteFailure(
  error: unknown,
  request: RouteRequest,
  street: DataLoader<string, StreetModel, string>,
): Promise<never> {
  if (!(error instanceof UpstreamError) || error.code !== 'UPSTREAM_UNAVAILABLE') throw error;
  const endpoints = loccodeEndpoints([
    { role: 'origin', location: request.origin },
    { role: 'destination', location: request.destination },
  ]);
  const unknown = await Promise.all(endpoints.map(({ code }) => isUnknownLoccode(street, code)));
  const missing = endpoints.find((_endpoint, index) => unknown[index]);
  if (!missing) throw error;
  throw new UpstreamError(
    'maps',
    'LOCCODE_NOT_FOUND',
    `The ${missing.role} loccode "${missing.code}" does not exist in the maps service, so no route can use it.`,
  );
}

/** Only a definite "no such loccode" counts; a resolve that fails otherwise proves nothing. */
function isUnknownLoccode(street: DataLoader<string, StreetModel, string>, code: string): Promise<boolean> {
  return street.load(code).then(
    () => false,
    (error: unknown) => error instanceof UpstreamError && error.code === 'LOCCODE_NOT_FOUND',
  );
}

function loccodeEndpoints(
  endpoints: ReadonlyArray<{ role: string; location: LocationRequest }>,
): Array<{ role: string; code: string }> {
  return endpoints.flatMap(({ role, location }) =>
    'loccode' in location ? [{ role, code: location.loccode }] : [],
  );
}
