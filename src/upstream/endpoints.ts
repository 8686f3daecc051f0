/*
 * Each upstream operation is declared once, as one row of its datasource's table
 * (datasources/<domain>/endpoints.ts). The HTTP base builds the request from the row;
 * the cache, pacing, retries and the cost check read their numbers from it.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

export interface EndpointSpec {
  method: 'GET' | 'POST';
  /** Below the base URL; each `{name}` is filled, percent-encoded, from the call's path parameters. */
  path: string;
  /** The rate-limit dimension the call spends (the service's own limits table). */
  dimension: string;
  /** How long an answer is served without asking again; 0 for an operation never cached. */
  freshMs: number;
  /** How much longer it may be served, flagged as stale, while the upstream fails. */
  staleGraceMs: number;
  /** How long a definite "not found" is remembered. */
  notFoundMs: number;
  /** Each call is billed against the account's allowance (the spec's limits table). */
  billed: boolean;
  /** Safe to send twice: the call only reads, whatever its method. */
  retryable: boolean;
  /** Points one call costs a client's budget; `@cost(weight:)` of each field that makes it (tested). */
  costPoints: number;
}

/** A row's lifetimes: fresh for `fresh`, then usable when the upstream fails for `staleGrace` more. */
export interface Lifetimes {
  fresh: number;
  staleGrace: number;
}

/** Static data: street geometry, categories, map assets. */
export const HOURS_12: Lifetimes = { fresh: 12 * HOUR_MS, staleGrace: 7 * 24 * HOUR_MS };
/** Facilities, health indicators, addresses' neighbours: hourly. */
export const HOURLY: Lifetimes = { fresh: HOUR_MS, staleGrace: 24 * HOUR_MS };
/** Weather-driven or traffic-driven: minutes. */
export const MINUTES_10: Lifetimes = { fresh: 10 * MINUTE_MS, staleGrace: HOUR_MS };

/**
 * One row. Defaults: a read (retryable), not billed, one point, a "not found" kept 30 s.
 * Every endpoint of the four services only reads, POST ones included.
 */
export function endpoint(
  method: EndpointSpec['method'],
  path: string,
  dimension: string,
  lifetimes: Lifetimes,
  overrides: Partial<Pick<EndpointSpec, 'billed' | 'retryable' | 'costPoints'>> = {},
): EndpointSpec {
  return {
    method,
    path,
    dimension,
    freshMs: lifetimes.fresh,
    staleGraceMs: lifetimes.staleGrace,
    notFoundMs: 30_000,
    billed: false,
    retryable: true,
    costPoints: 1,
    ...overrides,
  };
}

/** A datasource's table: its endpoint names (a closed union, so a typo does not compile) to their rows. */
export type EndpointTable<Name extends string> = Readonly<Record<Name, EndpointSpec>>;
