import { systemClock, type Clock } from '../kernel/clock';
import { UpstreamError } from '../kernel/errors';
import type { ServiceName } from '../kernel/services';
import type { Metrics } from '../observability/metrics';
import { RateLimiter, type LimitRule } from './rate-limiter';

export interface PacerOptions {
  /** Each rate-limit dimension's rule; a dimension without one is not paced. */
  rules: Record<string, LimitRule>;
  /** Whether Retry-After and X-RateLimit-* answers pause a dimension (off when pacing is off). */
  heedUpstreamHeaders: boolean;
  clock?: Clock;
}

/**
 * The gateway's own budget per upstream and rate-limit dimension, kept a little
 * under the documented limit (network jitter must not tip a request over it),
 * and adjusted by what the upstream says in X-RateLimit-* and Retry-After.
 */
export class Pacer {
  private readonly limiter: RateLimiter;
  private readonly clock: Clock;
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    private readonly service: ServiceName,
    private readonly options: PacerOptions,
    private readonly metrics: Metrics,
  ) {
    this.clock = options.clock ?? systemClock;
    this.limiter = new RateLimiter(this.clock);
  }

  /** Resolves when the call may go; fails fast when it could not go before `deadline`. */
  async acquire(dimension: string, deadline: number): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      const blocked = this.blockedUntil.get(dimension) ?? 0;
      const waitMs = blocked > now ? blocked - now : this.take(dimension);
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
      await this.clock.sleep(waitMs);
    }
  }

  /** Reads the upstream's own account of the budget after each answer. */
  observe(dimension: string, headers: Record<string, string | string[] | undefined>, status: number): void {
    if (!this.options.heedUpstreamHeaders) return;
    const remaining = Number(header(headers['x-ratelimit-remaining']));
    const reset = Number(header(headers['x-ratelimit-reset']));
    const retryAfter = Number(header(headers['retry-after']));
    const now = this.clock.now();
    if (status === 429 && Number.isFinite(retryAfter)) this.block(dimension, now + retryAfter * 1000);
    // X-RateLimit-Reset is Unix seconds in the sandbox; a small number is read as seconds from now.
    else if (remaining === 0 && Number.isFinite(reset))
      this.block(dimension, reset > 1_000_000_000 ? reset * 1000 : now + reset * 1000);
  }

  private block(dimension: string, untilMs: number): void {
    this.blockedUntil.set(dimension, Math.max(untilMs, this.blockedUntil.get(dimension) ?? 0));
  }

  /** Milliseconds until a call of `dimension` may go; 0 takes its slot now. */
  private take(dimension: string): number {
    const rule = this.options.rules[dimension];
    return rule ? this.limiter.take(dimension, rule).waitMs : 0;
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Pacing rules, a margin under each documented limit (specs: agriculture Limits, maps Limits). */
export function documentedRules(perMinute: {
  healthcare: number;
  address: number;
}): Record<ServiceName, Record<string, LimitRule>> {
  // A window a second longer than the minute: "60 a minute" holds however the service counts it.
  const window = (limit: number): LimitRule => ({ kind: 'window', limit, windowMs: 61_000 });
  // "R per second, burst B": 10 % under the rate, one under the burst.
  const bucket = (ratePerSecond: number, burst: number): LimitRule => ({
    kind: 'bucket',
    capacity: burst - 1,
    drainPerSecond: ratePerSecond * 0.9,
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
