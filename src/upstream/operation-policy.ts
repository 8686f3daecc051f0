import type { ServiceName } from '../kernel/services';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface OperationPolicy {
  /** How long an answer is served without asking again. */
  freshMs: number;
  /** After that, how long it is still served at once while a fresh one is fetched in the background. */
  revalidateMs: number;
  /** How much longer it may be served, flagged as stale, when the upstream fails. */
  staleGraceMs: number;
  /** How long a definite "not found" is remembered. */
  notFoundMs: number;
  /** Rate-limit dimension the call spends (the service's own table). */
  dimension: string;
  /** Safe to send twice: every call here only reads, POST ones included (route, optimize, supply, climate). */
  idempotent: boolean;
}

/** Stale-while-revalidate for half the TTL: every operation here reads data that changes slowly. */
function policy(freshMs: number, staleGraceMs: number, dimension: string): OperationPolicy {
  return {
    freshMs,
    revalidateMs: freshMs / 2,
    staleGraceMs,
    notFoundMs: 30_000,
    dimension,
    idempotent: true,
  };
}

/**
 * TTLs from what the data is (issue #4): street geometry and categories change
 * rarely (hours), facilities and health indicators hourly, weather-driven data in
 * minutes. Maps dimensions follow the spec's limits table; agriculture has one.
 */
const POLICIES: Record<ServiceName, Record<string, OperationPolicy>> = {
  agriculture: {
    climate: policy(10 * MINUTE, 6 * HOUR, 'requests'),
    pests: policy(10 * MINUTE, 6 * HOUR, 'requests'),
    yield: policy(HOUR, 24 * HOUR, 'requests'),
    supply: policy(HOUR, 24 * HOUR, 'requests'),
  },
  maps: {
    resolveLoccode: policy(12 * HOUR, 7 * 24 * HOUR, 'loccode'),
    nearestLoccode: policy(12 * HOUR, 7 * 24 * HOUR, 'loccode'),
    placeCategories: policy(12 * HOUR, 7 * 24 * HOUR, 'placeCategories'),
    search: policy(10 * MINUTE, HOUR, 'search'),
    reverseGeocode: policy(HOUR, 24 * HOUR, 'reverseGeocode'),
    pointDetails: policy(HOUR, 24 * HOUR, 'pointDetails'),
    route: policy(10 * MINUTE, HOUR, 'routing'),
    optimize: policy(10 * MINUTE, HOUR, 'optimize'),
    style: policy(HOUR, 24 * HOUR, 'mapLoads'),
    tile: policy(12 * HOUR, 7 * 24 * HOUR, 'tiles'),
    // Not rate limited (spec, Limits: no row for them); static assets, cached long.
    tileMetadata: policy(12 * HOUR, 7 * 24 * HOUR, 'unlimited'),
    sprite: policy(12 * HOUR, 7 * 24 * HOUR, 'unlimited'),
    glyphs: policy(12 * HOUR, 7 * 24 * HOUR, 'unlimited'),
    wordmark: policy(12 * HOUR, 7 * 24 * HOUR, 'unlimited'),
  },
  healthcare: {
    facilities: policy(HOUR, 24 * HOUR, 'requests'),
    access: policy(HOUR, 24 * HOUR, 'requests'),
    emergencyRoute: policy(HOUR, 24 * HOUR, 'requests'),
    specialist: policy(HOUR, 24 * HOUR, 'requests'),
    healthRisk: policy(HOUR, 24 * HOUR, 'requests'),
    heatmap: policy(HOUR, 24 * HOUR, 'requests'),
  },
  address: {
    byLoccode: policy(24 * HOUR, 7 * 24 * HOUR, 'requests'),
    byStreet: policy(24 * HOUR, 7 * 24 * HOUR, 'requests'),
    byCoordinates: policy(24 * HOUR, 7 * 24 * HOUR, 'requests'),
  },
};

/** Calls the table does not name are not cached and spend the service's general budget. */
const UNCACHED: OperationPolicy = {
  freshMs: 0,
  revalidateMs: 0,
  staleGraceMs: 0,
  notFoundMs: 0,
  dimension: 'requests',
  idempotent: true,
};

export function operationPolicy(service: ServiceName, operation: string): OperationPolicy {
  return POLICIES[service][operation] ?? UNCACHED;
}

export function knownOperations(service: ServiceName): string[] {
  return Object.keys(POLICIES[service]);
}
