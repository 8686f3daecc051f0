import { defineUpstream } from '../../src/upstream/client';
import { HOURLY, HOURS_12, MINUTES_10, endpoint } from '../../src/upstream/endpoints';
import { MAP_HOST_CONFORMANCE, MAPS_CONFORMANCE } from './conformance';

/** The operations, apart so their names can type the conformance table without a cycle. */
const MAPS_ENDPOINTS = {
  /** The space of the code travels as %20. */
  resolveLoccode: endpoint('GET', '/sdk/v1/loccode/{code}', 'loccode', HOURS_12),
  nearestLoccode: endpoint('GET', '/sdk/v1/loccodes/nearest', 'loccode', HOURS_12),
  placeCategories: endpoint('GET', '/sdk/v1/place-categories', 'placeCategories', HOURS_12),
  search: endpoint('GET', '/sdk/v1/search', 'search', MINUTES_10, { billed: true }),
  reverseGeocode: endpoint('GET', '/sdk/v1/reverse-geocode', 'reverseGeocode', HOURLY, { billed: true }),
  pointDetails: endpoint('GET', '/sdk/v1/point-details', 'pointDetails', HOURLY, { billed: true }),
  /** The GET form takes coordinates only, so every route goes by POST. */
  route: endpoint('POST', '/sdk/v1/route', 'routing', MINUTES_10, { billed: true }),
  optimize: endpoint('POST', '/sdk/v1/optimize', 'optimize', MINUTES_10, { billed: true }),
};

export type MapsEndpoint = keyof typeof MAPS_ENDPOINTS;

/**
 * The maps REST API below `{api_base_url}` (map-service.md). Dimensions are the rows of
 * the spec's Limits table; `billed` marks the dimensions with a monthly allowance that
 * bills from the wallet beyond it (Loccode and Place categories are never billed).
 * Route and optimize are POSTs that only read.
 */
export const MAPS = defineUpstream({
  service: 'maps',
  // Spec, Authentication 2: REST takes the `X-Api-Key` header (preferred).
  credentials: (apiKey) => ({ headers: { 'x-api-key': apiKey } }),
  conformance: MAPS_CONFORMANCE,
  endpoints: MAPS_ENDPOINTS,
});

/** A static display asset below `{map_host}/sdk/`, kept 12 hours; most have no row in the Limits table. */
const asset = (path: string, dimension = 'unlimited') => endpoint('GET', `/sdk/${path}`, dimension, HOURS_12);

/** The operations, apart so their names can type the conformance table without a cycle. */
const MAP_HOST_ENDPOINTS = {
  style: endpoint('GET', '/sdk/styles/{+family}/style.json', 'mapLoads', HOURLY, { billed: true }),
  tileMetadata: asset('tiles.json'),
  tile: asset('tiles/{+z}/{+x}/{+y}.pbf', 'tiles'),
  sprite: asset('sprites/{+sheet}'),
  glyphs: asset('fonts/{+fontstack}/{+range}.pbf'),
  wordmark: asset('wordmark.json'),
  wordmarkArt: asset('wordmark/{+file}'),
};

export type MapHostEndpoint = keyof typeof MAP_HOST_ENDPOINTS;

/**
 * What `{map_host}` serves under `/sdk/` (spec, Map display). A style fetch is the billed
 * map load (10 a minute); tiles have their own 600 a minute. Path parameters are `{+...}`:
 * passed as the client sent them, once their shape has matched (see map-host.ts), so a
 * font stack keeps its commas.
 */
export const MAP_HOST = defineUpstream({
  service: 'maps',
  // Spec, Authentication 2: map resources take the key only as the `key` query parameter.
  credentials: (apiKey) => ({ query: { key: apiKey } }),
  conformance: MAP_HOST_CONFORMANCE,
  connections: 16,
  endpoints: MAP_HOST_ENDPOINTS,
});
