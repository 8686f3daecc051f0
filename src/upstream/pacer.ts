import { systemClock, type Clock } from '../kernel/clock';
import { UpstreamError } from '../kernel/errors';
import type { ServiceName } from '../kernel/services';
import { logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { RateLimiter, type LimitRule } from './rate-limiter';

export interface PacerOptions {
  /** Each rate-limit dimension's rule; a dimension without one is not paced. */
  rules: Record<string, LimitRule>;
  /** Whether Retry-After and X-RateLimit-* answers pause a dimension (off when pacing is off). */
  heedUpstreamHeaders: boolean;
  /**
   * The share (0 to 1) of each rule that keyless callers may use together, so they cannot
   * spend what keyed clients need; 1 (the default) gives them no separate share.
   */
  anonymousShare?: number;
  clock?: Clock;
}

/**
 * The gateway's own budget per upstream and rate-limit dimension, kept a little under the
 * documented limit (network jitter must not tip a request over it), and corrected by what
 * the upstream says and does (issue #11):
 * - Retry-After, or X-RateLimit-Remaining 0 until X-RateLimit-Reset, pauses the dimension;
 * - a bare 429 (agriculture, healthcare and address document no headers) means the window is
 *   spent: the dimension pauses until a call of the window leaves it, and the limit becomes
 *   the number of calls the service accepted in it, if that is lower (a learned limit);
 * - an X-RateLimit-Limit under the documented burst shrinks the bucket and its rate alike;
 * - a refused call gives its slot back (it is counted once), and after a pause a bucket
 *   resumes at its drain rate instead of a burst, so waiters do not wake as a herd.
 */
export class Pacer {
  private readonly limiter: RateLimiter;
  private readonly clock: Clock;
  private readonly blockedUntil = new Map<string, number>();
  /** Rules learned from the upstream, where lower than the documented ones. */
  private readonly learned = new Map<string, LimitRule>();

  constructor(
    private readonly service: ServiceName,
    private readonly options: PacerOptions,
    private readonly metrics: Metrics,
  ) {
    this.clock = options.clock ?? systemClock;
    this.limiter = new RateLimiter(this.clock);
  }

  /**
   * Resolves when the call may go; fails fast when it could not go before `deadline`. A
   * keyless caller's call must also fit the anonymous share of the rule.
   */
  async acquire(dimension: string, deadline: number, anonymous = false): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      const blocked = this.blockedUntil.get(dimension) ?? 0;
      const share = anonymous ? this.anonymousRule(dimension) : undefined;
      const shareWaitMs = share ? this.limiter.waitMs(`anonymous ${dimension}`, share) : 0;
      const waitMs = blocked > now ? blocked - now : shareWaitMs > 0 ? shareWaitMs : this.take(dimension);
      if (waitMs === 0 && share) this.limiter.take(`anonymous ${dimension}`, share);
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

  /** Seconds the dimension is paused for, when it is. */
  pausedForSeconds(dimension: string): number | undefined {
    const ms = (this.blockedUntil.get(dimension) ?? 0) - this.clock.now();
    return ms > 0 ? Math.ceil(ms / 1000) : undefined;
  }

  /** The part of the dimension's rule keyless callers share, when they have a separate one. */
  private anonymousRule(dimension: string): LimitRule | undefined {
    const share = this.options.anonymousShare ?? 1;
    const rule = this.ruleOf(dimension);
    if (share >= 1 || !rule) return undefined;
    return rule.kind === 'window'
      ? { ...rule, limit: Math.max(1, Math.floor(rule.limit * share)) }
      : {
          kind: 'bucket',
          capacity: Math.max(1, Math.floor(rule.capacity * share)),
          drainPerSecond: rule.drainPerSecond * Math.max(share, 0.01),
        };
  }

  /** The rule a dimension is paced by now: the documented one, or a lower one learned. */
  ruleOf(dimension: string): LimitRule | undefined {
    return this.learned.get(dimension) ?? this.options.rules[dimension];
  }

  /** Reads the upstream's own account of the budget after each answer. */
  observe(dimension: string, headers: Record<string, string | string[] | undefined>, status: number): void {
    if (!this.options.heedUpstreamHeaders) return;
    const limit = Number(header(headers['x-ratelimit-limit']));
    const remaining = Number(header(headers['x-ratelimit-remaining']));
    const reset = Number(header(headers['x-ratelimit-reset']));
    const retryAfter = Number(header(headers['retry-after']));
    const now = this.clock.now();
    if (Number.isFinite(limit) && limit > 0) this.learnBurst(dimension, limit);
    if (status === 429) {
      const rule = this.ruleOf(dimension);
      // The refused call spent a slot of ours; it must not make the next caller wait as well.
      if (rule) this.limiter.giveBack(dimension, rule);
      const until = Number.isFinite(retryAfter) ? now + retryAfter * 1000 : this.windowSpent(dimension, now);
      this.block(dimension, until);
      const after = this.ruleOf(dimension);
      if (after) this.limiter.fullAt(dimension, after, until);
    }
    // X-RateLimit-Reset is Unix seconds in the sandbox; a small number is read as seconds from now.
    else if (remaining === 0 && Number.isFinite(reset))
      this.block(dimension, reset > 1_000_000_000 ? reset * 1000 : now + reset * 1000);
  }

  /**
   * A 429 without Retry-After: the service's window is spent. A window rule learns the
   * number of our calls it holds (those the service accepted) as its limit, when lower, and
   * the pause lasts until the oldest of them leaves it; a bucket pauses one drain interval.
   */
  private windowSpent(dimension: string, now: number): number {
    const rule = this.ruleOf(dimension);
    if (!rule) return now + 1000;
    if (rule.kind === 'bucket') return now + Math.ceil(1000 / rule.drainPerSecond);
    const accepted = Math.max(1, this.limiter.used(dimension, rule));
    if (accepted < rule.limit) this.learn(dimension, { ...rule, limit: accepted });
    const learned = this.ruleOf(dimension)!;
    return now + Math.max(1000, this.limiter.waitMs(dimension, learned));
  }

  /** The service's burst (X-RateLimit-Limit) is below ours: bucket and rate shrink in proportion. */
  private learnBurst(dimension: string, upstreamLimit: number): void {
    const documented = this.options.rules[dimension];
    const current = this.ruleOf(dimension);
    if (documented?.kind !== 'bucket' || current?.kind !== 'bucket') return;
    const capacity = Math.max(1, upstreamLimit - 1);
    if (capacity >= current.capacity) return;
    const share = upstreamLimit / (documented.capacity + 1);
    this.learn(dimension, { kind: 'bucket', capacity, drainPerSecond: documented.drainPerSecond * share });
  }

  private learn(dimension: string, rule: LimitRule): void {
    this.learned.set(dimension, rule);
    logger.warn('upstream refuses below its documented limit; pacing at the lower one', {
      service: this.service,
      dimension,
      ...(rule.kind === 'window'
        ? { limit: rule.limit, windowMs: rule.windowMs }
        : { burst: rule.capacity, perSecond: rule.drainPerSecond }),
    });
  }

  private block(dimension: string, untilMs: number): void {
    this.blockedUntil.set(dimension, Math.max(untilMs, this.blockedUntil.get(dimension) ?? 0));
  }

  /** Milliseconds until a call of `dimension` may go; 0 takes its slot now. */
  private take(dimension: string): number {
    const rule = this.ruleOf(dimension);
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
