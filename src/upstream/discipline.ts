import { UpstreamError, type ErrorCode } from '../kernel/errors';
import type { Metrics } from '../observability/metrics';
import { observeCacheLookup } from '../observability/upstream-call';
import { notePacingWait, noteJoinedFlight } from '../observability/tracing';
import type { ServiceName } from '../kernel/services';
import type { CacheEntry, CacheStore } from './cache-store';
import { systemClock, type Clock } from '../kernel/clock';
import type { EndpointSpec } from './endpoints';
import type { Pacer } from './pacer';
import { currentScope, outsideScope } from '../kernel/request-scope';
import type { Resilience, RetryMode } from './resilience';
import type { Flights } from './flights';

/** Failures after which a remembered answer is better than none (stale if error). */
const STALE_WORTHY_CODES: ReadonlySet<ErrorCode> = new Set([
  'UPSTREAM_UNAVAILABLE',
  'UPSTREAM_TIMEOUT',
  'UPSTREAM_BAD_RESPONSE',
  'UPSTREAM_RATE_LIMITED',
  'UPSTREAM_QUOTA_EXCEEDED',
]);

/** What {@link UpstreamDiscipline.held} returns when this process holds no fresh answer for a call. */
export const NOT_HELD: unique symbol = Symbol('not held');

/** What the client's HTTP layer does for one attempt; `dimension` is the budget it spends. */
export type Attempt = (dimension: string) => Promise<unknown>;

/**
 * Upstream discipline for one service: cross-request cache,
 * one flight per identical call, retries and a circuit, pacing under the budget.
 * Process-wide: one per upstream, created at start.
 */
export class UpstreamDiscipline {
  private readonly flights = new Map<string, Promise<unknown>>();
  /** Each row's policy, computed once: this runs on every call, cached answers included. */
  private readonly policies = new WeakMap<EndpointSpec, CachePolicy>();

  constructor(
    readonly service: ServiceName,
    private readonly cache: CacheStore,
    readonly pacer: Pacer,
    readonly resilience: Resilience,
    private readonly timing: { defaultDeadlineMs: number; ttlScale: number },
    readonly metrics: Metrics,
    /** The one clock of this upstream's cache, pacing, retries, circuit and deadlines. */
    readonly clock: Clock = systemClock,
    /**
     * With REDIS_URL: one call per cold cacheable key across all replicas, not only in this one;
     * with WORKERS > 1 and no Redis, one call per identical call across the workers.
     */
    private readonly replicas?: Flights,
  ) {}

  /** Whether any answer can be {@link held}: not with the cache off (UPSTREAM_CACHE=off). */
  get holdsAnswers(): boolean {
    return this.cache.peek !== undefined;
  }

  /**
   * The body this process holds fresh in memory for `key`, counted as a cache hit as `run`
   * counts it, or {@link NOT_HELD}: nothing is started, waited for or counted then. A warm
   * gateway answers most calls so, without a promise or a turn of the event loop.
   */
  held(operation: string, spec: EndpointSpec, key: string): unknown {
    const policy = this.policyOf(spec);
    if (policy.freshMs <= 0) return NOT_HELD;
    const near = this.cache.peek?.(`${this.service}\n${key}`);
    if (near?.outcome.kind !== 'body' || this.clock.now() >= near.freshUntil) return NOT_HELD;
    this.countLookup(policy, operation, 'hit');
    return near.outcome.body;
  }

  /** The body of a 2xx answer for `key` (method, path, query, body of the call). */
  run(operation: string, spec: EndpointSpec, key: string, attempt: Attempt): Promise<unknown> {
    const policy = this.policyOf(spec);
    const cacheKey = `${this.service}\n${key}`;
    if (policy.freshMs <= 0) return this.answer(operation, policy, cacheKey, undefined, attempt);
    // Most calls are answered from this process's memory: then without waiting on the store's promise.
    const near = this.cache.peek?.(cacheKey);
    if (near) return this.answer(operation, policy, cacheKey, near, attempt);
    return this.cache
      .get(cacheKey)
      .then((cached) => this.answer(operation, policy, cacheKey, cached, attempt));
  }

  /** What `cached` (the store's entry for `cacheKey`, if any) leaves to do: serve it, refresh it, or fetch. */
  private async answer(
    operation: string,
    policy: CachePolicy,
    cacheKey: string,
    cached: CacheEntry | undefined,
    attempt: Attempt,
  ): Promise<unknown> {
    if (cached && this.clock.now() < cached.freshUntil) {
      this.countLookup(policy, operation, 'hit');
      return replay(this.service, cached);
    }
    if (cached?.outcome.kind === 'body' && this.clock.now() < cached.freshUntil + policy.revalidateMs) {
      this.countLookup(policy, operation, 'stale');
      this.refreshInBackground(policy, cacheKey, attempt);
      return cached.outcome.body;
    }
    this.countLookup(policy, operation, 'miss');
    try {
      return await this.inOneFlight(policy, cacheKey, () => this.fetchAndRemember(policy, cacheKey, attempt));
    } catch (error) {
      if (cached?.outcome.kind === 'body' && isStaleWorthy(error) && this.clock.now() < cached.staleUntil) {
        this.warnStale(operation, cached);
        return cached.outcome.body;
      }
      throw error;
    }
  }

  private policyOf(spec: EndpointSpec): CachePolicy {
    let policy = this.policies.get(spec);
    if (!policy) {
      policy = cachePolicy(spec, this.timing.ttlScale);
      this.policies.set(spec, policy);
    }
    return policy;
  }

  /** Only operations whose answers may be cached have lookups to count. */
  private countLookup(policy: CachePolicy, operation: string, result: 'hit' | 'stale' | 'miss'): void {
    if (policy.freshMs > 0) observeCacheLookup(this.metrics, { service: this.service, operation, result });
  }

  /** Stale-while-revalidate: the caller already has its answer; a failed refresh leaves the entry as it was. */
  private refreshInBackground(policy: CachePolicy, cacheKey: string, attempt: Attempt): void {
    outsideScope(() => {
      this.inOneFlight(policy, cacheKey, () => this.fetchAndRemember(policy, cacheKey, attempt)).catch(
        () => undefined,
      );
    });
  }

  /** Concurrent identical calls, from any request, join one HTTP call (then, with Redis, across replicas). */
  private inOneFlight(
    policy: CachePolicy,
    cacheKey: string,
    fetch: () => Promise<unknown>,
  ): Promise<unknown> {
    let flight = this.flights.get(cacheKey);
    if (flight) noteJoinedFlight();
    else {
      flight = this.acrossReplicas(policy, cacheKey, fetch).finally(() => this.flights.delete(cacheKey));
      this.flights.set(cacheKey, flight);
    }
    return flight;
  }

  /**
   * Through Redis only a cacheable answer can be handed from one replica to another: the
   * waiters read it from the shared cache as soon as it is fresh there (a body, or a
   * remembered not-found). The cluster's primary hands any outcome over directly.
   */
  private acrossReplicas(
    policy: CachePolicy,
    cacheKey: string,
    fetch: () => Promise<unknown>,
  ): Promise<unknown> {
    if (!this.replicas || (this.replicas.throughCache && policy.freshMs <= 0)) return fetch();
    const deadline = currentScope()?.deadline ?? this.clock.now() + this.timing.defaultDeadlineMs;
    return this.replicas.run(cacheKey, deadline, fetch, async () => {
      const entry = await this.cache.get(cacheKey);
      return entry && this.clock.now() < entry.freshUntil
        ? { value: replay(this.service, entry) }
        : undefined;
    });
  }

  private async fetchAndRemember(policy: CachePolicy, cacheKey: string, attempt: Attempt): Promise<unknown> {
    const deadline = currentScope()?.deadline ?? this.clock.now() + this.timing.defaultDeadlineMs;
    const fetchedAt = this.clock.now();
    try {
      const body = await this.resilience.execute(async () => {
        const queued = this.clock.now();
        await this.pacer.acquire(policy.dimension, deadline, currentScope()?.caller.name === 'anonymous');
        notePacingWait(this.clock.now() - queued);
        return attempt(policy.dimension);
      }, policy.retries);
      if (policy.freshMs > 0) {
        await this.cache.set(cacheKey, {
          outcome: { kind: 'body', body },
          fetchedAt,
          freshUntil: fetchedAt + policy.freshMs,
          staleUntil: fetchedAt + policy.freshMs + policy.staleGraceMs,
        });
      }
      return body;
    } catch (error) {
      // Only a "this loccode does not exist" (its conformance row says `remember`) is kept.
      if (error instanceof UpstreamError && error.remembered && policy.notFoundMs > 0) {
        const until = fetchedAt + policy.notFoundMs;
        await this.cache.set(cacheKey, {
          outcome: { kind: 'not-found', code: error.code, message: error.message },
          fetchedAt,
          freshUntil: until,
          staleUntil: until,
        });
      }
      throw error;
    }
  }

  private warnStale(operation: string, cached: CacheEntry): void {
    const ageSeconds = Math.round((this.clock.now() - cached.fetchedAt) / 1000);
    currentScope()?.warnings.push({
      code: 'STALE_DATA',
      service: this.service,
      operation,
      ageSeconds,
      message: `The ${this.service} service is failing; this ${operation} data was fetched ${ageSeconds} s ago.`,
    });
  }
}

/** What the discipline reads from an operation's row; every lifetime times `scale` (tests shorten them). */
type CachePolicy = Pick<EndpointSpec, 'freshMs' | 'staleGraceMs' | 'notFoundMs' | 'dimension'> & {
  /** A billed call is retried only after a refusal that billed nothing (see Resilience). */
  retries: RetryMode;
  /** After `freshMs`, how long an answer is still served at once while a fresh one is fetched behind. */
  revalidateMs: number;
};

/** Stale-while-revalidate for half the fresh time: every operation here reads data that changes slowly. */
function cachePolicy(spec: EndpointSpec, scale: number): CachePolicy {
  return {
    dimension: spec.dimension,
    retries: !spec.retryable ? 'none' : spec.billed ? 'unbilled' : 'transient',
    freshMs: spec.freshMs * scale,
    revalidateMs: (spec.freshMs / 2) * scale,
    staleGraceMs: spec.staleGraceMs * scale,
    notFoundMs: spec.notFoundMs * scale,
  };
}

function replay(service: ServiceName, entry: CacheEntry): unknown {
  if (entry.outcome.kind === 'body') return entry.outcome.body;
  throw new UpstreamError(service, entry.outcome.code as ErrorCode, entry.outcome.message, undefined, false, {
    remembered: true,
  });
}

function isStaleWorthy(error: unknown): boolean {
  return error instanceof UpstreamError && STALE_WORTHY_CODES.has(error.code);
}
