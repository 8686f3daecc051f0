import type { ServiceContext } from '../../context';
import type { Reply, Route, SandboxRequest, ServiceDefinition } from '../../kit/types';
import { authenticateMapsKey } from './auth';
import { glyphRange } from './display/glyphs';
import { spriteFile } from './display/sprites';
import { styleDocument } from './display/style';
import { tileMetadata, vectorTile } from './display/tiles';
import { createTileRenderer } from './display/vector-tile';
import { wordmarkArt, wordmarkManifest } from './display/wordmark';
import { failure } from './envelope';
import { MAPS_LIMITS } from './limits';
import { nearestLoccode, resolveLoccode } from './loccodes';
import { optimizeTrip } from './optimize';
import { pointDetails } from './point-details';
import { reverseGeocode } from './reverse-geocode';
import { routeFromBody, routeFromQuery } from './routing';
import { placeCategories, searchPlaces } from './search';

type Handler = (req: SandboxRequest) => Reply;

/**
 * The map, routing and loccode service (specs/map-service.md): REST under `/sdk/v1` and
 * the map display resources under `/sdk`, on one server (map_host = api_base_url here).
 */
export function createMapsService(context: ServiceContext): ServiceDefinition {
  const { dataset } = context;
  const variants = context.variants;
  const renderTile = createTileRenderer(dataset);
  return {
    name: 'maps',
    routes: [
      rest('GET', '/sdk/v1/route', 'route', 'routing', (req) => routeFromQuery(dataset, req, variants())),
      rest('POST', '/sdk/v1/route', 'route', 'routing', (req) => routeFromBody(dataset, req, variants())),
      rest('POST', '/sdk/v1/optimize', 'optimize', 'optimize', (req) => optimizeTrip(dataset, req)),
      rest('GET', '/sdk/v1/reverse-geocode', 'reverseGeocode', 'reverseGeocode', (req) =>
        reverseGeocode(dataset, req),
      ),
      rest('GET', '/sdk/v1/point-details', 'pointDetails', 'pointDetails', (req) =>
        pointDetails(dataset, req, variants()),
      ),
      rest('GET', '/sdk/v1/loccode/:code', 'resolveLoccode', 'loccode', (req) =>
        resolveLoccode(dataset, req),
      ),
      rest('GET', '/sdk/v1/loccodes/nearest', 'nearestLoccode', 'loccode', (req) =>
        nearestLoccode(dataset, req),
      ),
      rest('GET', '/sdk/v1/place-categories', 'placeCategories', 'placeCategories', (req) =>
        placeCategories(dataset, req),
      ),
      rest('GET', '/sdk/v1/search', 'search', 'search', (req) => searchPlaces(dataset, req, variants())),
      display('/sdk/styles/:family/style.json', 'style', 'mapLoads', styleDocument),
      display('/sdk/tiles/:z/:x/:y', 'tile', 'tiles', (req) => vectorTile(req, renderTile)),
      display('/sdk/tiles.json', 'tileMetadata', undefined, tileMetadata),
      display('/sdk/sprites/:file', 'sprite', undefined, (req) => spriteFile(req.params.file ?? '')),
      display('/sdk/fonts/:fontstack/:range', 'glyphs', undefined, (req) =>
        glyphRange(req.params.fontstack ?? '', req.params.range ?? ''),
      ),
      display('/sdk/wordmark.json', 'wordmark', undefined, wordmarkManifest),
      display('/sdk/wordmark/:file', 'wordmark', undefined, (req) => wordmarkArt(req.params.file ?? '')),
    ],
    limitHeaders: true,
    limits: MAPS_LIMITS,
    authenticate: authenticateMapsKey,
    error: failure,
    // Spec, Errors: the gateway's codes are lower_snake_case, the service's UPPER_SNAKE_CASE.
    codes: {
      unknownPath: 'NOT_FOUND',
      rateLimited: 'rate_limited',
      internal: 'INTERNAL_ERROR',
      unavailable: 'auth_unavailable',
      badGateway: 'ENGINE_UNAVAILABLE',
      invalidJson: 'VALIDATION_ERROR',
    },
  };
}

function rest(
  method: Route['method'],
  path: string,
  operation: string,
  limit: string,
  handle: Handler,
): Route {
  return { method, path, operation, limit, handle };
}

/** Map resources: the key only as the `key` query parameter (spec, Authentication 2). */
function display(path: string, operation: string, limit: string | undefined, handle: Handler): Route {
  return {
    method: 'GET',
    path,
    operation,
    limit,
    keyLocation: 'query-only',
    // Styles, TileJSON and manifests are documents of their own formats, not the REST envelope.
    extraMembers: false,
    handle,
  };
}
