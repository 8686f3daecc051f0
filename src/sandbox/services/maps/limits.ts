import type { LimitSpec } from '../../kit/types';

/**
 * Spec, Limits: per-key rate limits, one dimension per row of the table. Route GET and
 * POST share `routing`; resolve and nearest share `loccode`. Sprites, fonts, wordmark
 * and tiles.json have no row in the table, so the sandbox does not limit them.
 */
export const MAPS_LIMITS: Record<string, LimitSpec> = {
  mapLoads: { kind: 'window', limit: 10, windowMs: 60_000 },
  tiles: { kind: 'window', limit: 600, windowMs: 60_000 },
  search: { kind: 'bucket', ratePerSecond: 10, burst: 20 },
  routing: { kind: 'bucket', ratePerSecond: 5, burst: 10 },
  optimize: { kind: 'bucket', ratePerSecond: 5, burst: 10 },
  reverseGeocode: { kind: 'bucket', ratePerSecond: 10, burst: 20 },
  pointDetails: { kind: 'bucket', ratePerSecond: 10, burst: 20 },
  loccode: { kind: 'bucket', ratePerSecond: 10, burst: 20 },
  placeCategories: { kind: 'bucket', ratePerSecond: 10, burst: 20 },
};
