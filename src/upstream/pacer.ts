import { UpstreamError } from '../kernel/errors';
import type { Metrics } from '../observability/metrics';
import { createLimiter, type LimitSpec, type Limiter } from './rate-limit';
import type { ServiceName } from '../kernel/services';

/**
 * The gateway's own budget per upstream and rate-limit dimension, kept a little
 * under the documented limit (network jitter must not tip a request over it),
 * and adjusted by what the upstream says in X-RateLimit-* and Retry-After.
 */
export class Pacer {
  private readonly limiters = new Map<string, Limiter>();
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    private readonly service: ServiceName,
    private readonly limits: Record<string, LimitSpec>,
    private readonly metrics: Metrics,
    private readonly heedUpstreamHeaders = true,
  ) {}

  /** Resolves when the call may go; fails fast when it could not go before `deadline`. */
  async acquire(dimension: string, deadline: number): Promise<void> {
    for (;;) {
      const now = Date.now();
      const blocked = this.blockedUntil.get(dimension) ?? 0;
      const waitMs = blocked > now ? blocked - now : this.take(dimension, now);
      if (waitMs === 0) return;
      if (now + waitMs > deadline) {
        const seconds = Math.max(1, Math.ceil(waitMs / 1000));
        throw new UpstreamError(
          this.service,
          'UPSTREAM_RATE_LIMITED',
          `The gateway's budget for the ${this.service} service is spent for now; retry in ${seconds} s.`,
          seconds,
        );
      }
      this.metrics.limiterWaits.inc({ service: this.service, dimension });
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }

  /** Reads the upstream's own account of the budget after each answer. */
  observe(dimension: string, headers: Record<string, string | string[] | undefined>, status: number): void {
    if (!this.heedUpstreamHeaders) return;
    const remaining = Number(header(headers['x-ratelimit-remaining']));
    const reset = Number(header(headers['x-ratelimit-reset']));
    const retryAfter = Number(header(headers['retry-after']));
    if (status === 429 && Number.isFinite(retryAfter)) this.block(dimension, Date.now() + retryAfter * 1000);
    else if (remaining === 0 && Number.isFinite(reset)) this.block(dimension, resetToEpochMs(reset));
  }

  private block(dimension: string, untilMs: number): void {
    this.blockedUntil.set(dimension, Math.max(untilMs, this.blockedUntil.get(dimension) ?? 0));
  }

  private take(dimension: string, now: number): number {
    let limiter = this.limiters.get(dimension);
    if (!limiter) {
      const spec = this.limits[dimension];
      if (!spec) return 0;
      limiter = createLimiter(spec);
      this.limiters.set(dimension, limiter);
    }
    return limiter.take(now).waitMs;
  }
}

/** X-RateLimit-Reset is Unix seconds in the sandbox; a small number is read as seconds from now. */
function resetToEpochMs(reset: number): number {
  return reset > 1_000_000_000 ? reset * 1000 : Date.now() + reset * 1000;
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Pacing budgets, a margin under each documented limit (specs: agriculture Limits, maps Limits). */
export function documentedBudgets(perMinute: {
  healthcare: number;
  address: number;
}): Record<ServiceName, Record<string, LimitSpec>> {
  const window = (limit: number): LimitSpec => ({ kind: 'window', limit, windowMs: 61_000 });
  const bucket = (ratePerSecond: number, burst: number): LimitSpec => ({
    kind: 'bucket',
    ratePerSecond: ratePerSecond * 0.9,
    burst: burst - 1,
  });
  return {
    agriculture: { requests: window(60) },
    maps: {
      mapLoads: window(10),
      tiles: window(600),
      search: bucket(10, 20),
      routing: bucket(5, 10),
      optimize: bucket(5, 10),
      reverseGeocode: bucket(10, 20),
      pointDetails: bucket(10, 20),
      loccode: bucket(10, 20),
      placeCategories: bucket(10, 20),
    },
    healthcare: { requests: window(perMinute.healthcare) },
    address: { requests: window(perMinute.address) },
  };
}
