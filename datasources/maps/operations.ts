import { HOURLY, HOURS_12, MINUTES_10, operation, type OperationTable } from '../../src/upstream/operations';

/**
 * The maps REST API below `{api_base_url}` (map-service.md). Dimensions are the rows of
 * the spec's Limits table; `billed` marks the dimensions with a monthly allowance that
 * bills from the wallet beyond it (Loccode and Place categories are never billed).
 * Route and optimize are POSTs that only read.
 */
export const MAPS_OPERATIONS = {
  /** The space of the code travels as %20. */
  resolveLoccode: operation('GET', '/sdk/v1/loccode/{code}', 'loccode', HOURS_12),
  nearestLoccode: operation('GET', '/sdk/v1/loccodes/nearest', 'loccode', HOURS_12),
  placeCategories: operation('GET', '/sdk/v1/place-categories', 'placeCategories', HOURS_12),
  search: operation('GET', '/sdk/v1/search', 'search', MINUTES_10, { billed: true }),
  reverseGeocode: operation('GET', '/sdk/v1/reverse-geocode', 'reverseGeocode', HOURLY, { billed: true }),
  pointDetails: operation('GET', '/sdk/v1/point-details', 'pointDetails', HOURLY, { billed: true }),
  /** The GET form takes coordinates only, so every route goes by POST. */
  route: operation('POST', '/sdk/v1/route', 'routing', MINUTES_10, { billed: true }),
  optimize: operation('POST', '/sdk/v1/optimize', 'optimize', MINUTES_10, { billed: true }),
} satisfies OperationTable<string>;

export type MapsOperation = keyof typeof MAPS_OPERATIONS;

/**
 * What `{map_host}` serves under `/sdk/` (spec, Map display). A style fetch is the billed
 * map load (10 a minute); tiles have their own 600 a minute; the rest has no row in the
 * Limits table. Path parameters are `{+...}`: passed as the client sent them, once their
 * shape has matched (see map-host.ts), so a font stack keeps its commas.
 */
export const MAP_HOST_OPERATIONS = {
  style: operation('GET', '/sdk/styles/{+family}/style.json', 'mapLoads', HOURLY, { billed: true }),
  tileMetadata: operation('GET', '/sdk/tiles.json', 'unlimited', HOURS_12),
  tile: operation('GET', '/sdk/tiles/{+z}/{+x}/{+y}.pbf', 'tiles', HOURS_12),
  sprite: operation('GET', '/sdk/sprites/{+sheet}', 'unlimited', HOURS_12),
  glyphs: operation('GET', '/sdk/fonts/{+fontstack}/{+range}.pbf', 'unlimited', HOURS_12),
  wordmark: operation('GET', '/sdk/wordmark.json', 'unlimited', HOURS_12),
  wordmarkArt: operation('GET', '/sdk/wordmark/{+file}', 'unlimited', HOURS_12),
} satisfies OperationTable<string>;

export type MapHostOperation = keyof typeof MAP_HOST_OPERATIONS;
