import { systemClock, type Clock } from '../kernel/clock';
import { UpstreamError } from '../kernel/errors';
import type { ServiceName } from '../kernel/services';
import { logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { ClusterRateLimiter } from './cluster-rate-limiter';
import {
  lessonHolds,
  nextStepAt,
  recoveredRule,
  recoversAt,
  type CoordinatedLimiter,
  type Lesson,
  type Told,
} from './coordinated-limiter';
import type { PrimaryRpc } from './primary-rpc';
import { RateLimiter, type LimitRule } from './rate-limiter';
import { SharedRateLimiter } from './shared-rate-limiter';
import type { SharedRedis } from './shared-redis';

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
  /**
   * Redis shared with the other replicas: one budget per dimension for all of them, and
   * what the upstream says pauses or lowers it for all. While Redis is unreachable this
   * replica paces at 1/`replicas` of each rule.
   */
  shared?: { redis: SharedRedis; replicas: number };
  /**
   * The cluster's primary, in a worker of WORKERS > 1: without Redis it keeps each
   * dimension's budget (and what the upstream told) for every worker; with Redis it keeps
   * this replica's share of it while Redis is unreachable.
   */
  cluster?: PrimaryRpc;
}

/** A dimension as it is paced now (`/metrics`, `/readyz`). */
export interface PacedLimit {
  dimension: string;
  /** A window's limit or a bucket's burst, as paced now. */
  limit: number;
  /** The same when nothing is learned: the documented limit (a bucket's burst one under it). */
  documented: number;
  /** While a learned rule lowers it: when the documented rule holds again, if no new refusal comes. */
  backAt?: number;
}

/**
 * The gateway's own budget per upstream and rate-limit dimension, kept a little under the
 * documented limit (network jitter must not tip a request over it), and corrected by what
 * the upstream says and does:
 * - Retry-After, or X-RateLimit-Remaining 0 until X-RateLimit-Reset, pauses the dimension;
 * - a bare 429 (agriculture, healthcare and address document no headers) means the window is
 *   spent: the dimension pauses until a call of the window leaves it, and the limit becomes
 *   the number of calls the service accepted in it (a learned limit);
 * - an X-RateLimit-Limit under the documented burst shrinks the bucket and its rate alike;
 * - a refused call gives its slot back (it is counted once), and after a pause a bucket
 *   resumes at its drain rate instead of a burst, so waiters do not wake as a herd.
 * A learned limit is a hypothesis: it climbs back to the documented one over a minute
 * without a new lesson (recoveredRule), and a new refusal teaches it again.
 * With Redis the budget is one for all replicas, and so are pauses and lessons:
 * `blockedUntil` and `lessons` are then this replica's memory of them, refreshed by every
 * take, and what one replica is told is told to Redis for the others. The workers of one
 * replica (WORKERS) share them the same way through the cluster's primary.
 */
export class Pacer {
  private readonly limiter: RateLimiter | CoordinatedLimiter;
  /** The limiter, when its state is shared with other processes (Redis, or the cluster's primary). */
  private readonly coordinated?: CoordinatedLimiter;
  private readonly clock: Clock;
  private readonly blockedUntil = new Map<string, number>();
  /** Rules learned from the upstream, and when, while they lower the documented ones. */
  private readonly lessons = new Map<string, Lesson>();

  constructor(
    private readonly service: ServiceName,
    private readonly options: PacerOptions,
    private readonly metrics: Metrics,
  ) {
    this.clock = options.clock ?? systemClock;
    const namespace = `pace:${service}:`;
    const primary = options.cluster && new ClusterRateLimiter(options.cluster, namespace);
    this.coordinated = options.shared
      ? new SharedRateLimiter(options.shared.redis, {
          namespace,
          operation: 'pacing',
          replicas: options.shared.replicas,
          clock: this.clock,
          ...(primary && { local: primary }),
        })
      : primary;
    this.limiter = this.coordinated ?? new RateLimiter(this.clock);
    metrics.trackPacing(service, () => this.standing());
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
      const waitMs =
        blocked > now
          ? blocked - now
          : this.soonerByRecovery(dimension, now, await this.waitOrTake(dimension, share));
      if (waitMs === 0) return;
      if (now + waitMs >= deadline) {
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

  /**
   * A wait under a learned rule ends no later than its next step back: the call may fit the
   * larger rule then, and a caller told to retry is told that time. A pause is not shortened.
   */
  private soonerByRecovery(dimension: string, now: number, waitMs: number): number {
    const documented = this.options.rules[dimension];
    const lesson = this.lessons.get(dimension);
    if (waitMs === 0 || !documented || !lessonHolds(documented, lesson, now)) return waitMs;
    if ((this.blockedUntil.get(dimension) ?? 0) > now) return waitMs;
    return Math.min(waitMs, Math.max(1, nextStepAt(lesson, now) - now));
  }

  /** Seconds the dimension is paused for, when it is. */
  pausedForSeconds(dimension: string): number | undefined {
    const ms = (this.blockedUntil.get(dimension) ?? 0) - this.clock.now();
    return ms > 0 ? Math.ceil(ms / 1000) : undefined;
  }

  /** Every paced dimension's limit now, and the documented one. */
  standing(): PacedLimit[] {
    return Object.entries(this.options.rules).map(([dimension, documented]) => {
      const rule = this.ruleOf(dimension)!;
      const lesson = this.lessons.get(dimension);
      return {
        dimension,
        limit: size(rule),
        documented: size(documented),
        ...(lesson && { backAt: recoversAt(lesson) }),
      };
    });
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

  /** The rule a dimension is paced by now: the documented one, or lower while a lesson recovers. */
  ruleOf(dimension: string): LimitRule | undefined {
    const documented = this.options.rules[dimension];
    if (!documented) return undefined;
    const now = this.clock.now();
    const lesson = this.lessons.get(dimension);
    if (lesson && !lessonHolds(documented, lesson, now)) this.lessons.delete(dimension);
    return recoveredRule(documented, lesson, now);
  }

  /**
   * The rule the limiter is asked with: a shared one lowers the documented rule by the lesson
   * it holds itself (the same arithmetic), this process's own memory needs it lowered here.
   */
  private askedRule(dimension: string): LimitRule | undefined {
    return this.coordinated ? this.options.rules[dimension] : this.ruleOf(dimension);
  }

  /**
   * Reads the upstream's own account of the budget after each answer. A 429 pauses the
   * dimension before its refused slot is given back, so that no call (of this replica, or
   * through Redis of another) slips into the slot meanwhile.
   */
  async observe(
    dimension: string,
    headers: Record<string, string | string[] | undefined>,
    status: number,
  ): Promise<void> {
    if (!this.options.heedUpstreamHeaders) return;
    const limit = Number(header(headers['x-ratelimit-limit']));
    const remaining = Number(header(headers['x-ratelimit-remaining']));
    const reset = Number(header(headers['x-ratelimit-reset']));
    const retryAfter = Number(header(headers['retry-after']));
    const now = this.clock.now();
    if (Number.isFinite(limit) && limit > 0) await this.learnBurst(dimension, limit);
    if (status === 429) {
      const rule = this.ruleOf(dimension);
      const said = Number.isFinite(retryAfter) ? now + retryAfter * 1000 : undefined;
      // The shortest pause a bare 429 gets (see windowSpent), lengthened once it is worked out.
      const first = said ?? now + (rule?.kind === 'bucket' ? Math.ceil(1000 / rule.drainPerSecond) : 1000);
      await this.block(dimension, first);
      // The refused call spent a slot of ours; it must not make the next caller wait as well.
      if (rule) await this.limiter.giveBack(dimension, this.askedRule(dimension)!);
      const until = said ?? (await this.windowSpent(dimension, now));
      if (until > first) await this.block(dimension, until);
      const after = this.askedRule(dimension);
      if (after) await this.limiter.fullAt(dimension, after, until);
    }
    // X-RateLimit-Reset is Unix seconds in the sandbox; a small number is read as seconds from now.
    else if (remaining === 0 && Number.isFinite(reset))
      await this.block(dimension, reset > 1_000_000_000 ? reset * 1000 : now + reset * 1000);
  }

  /**
   * A 429 without Retry-After: the service's window is spent. A window rule learns the
   * number of our calls it holds (those the service accepted, at least one) as its limit,
   * afresh at every such refusal, and the pause lasts until the oldest of them leaves it; a
   * bucket pauses one drain interval. With Redis the calls counted are all replicas'; a
   * count from the local fallback (a share, or nothing yet), or read within a window of
   * one, may miss calls and would teach a limit too low, so it teaches none.
   */
  private async windowSpent(dimension: string, now: number): Promise<number> {
    const rule = this.ruleOf(dimension);
    if (!rule) return now + 1000;
    if (rule.kind === 'bucket') return now + Math.ceil(1000 / rule.drainPerSecond);
    const standing = await this.limiter.peek(dimension, this.askedRule(dimension)!);
    const counted =
      !this.coordinated || ('told' in standing && this.coordinated.answeredThroughout(rule.windowMs));
    const accepted = Math.max(1, standing.limit - standing.remaining);
    if (counted && accepted < size(this.options.rules[dimension]!))
      await this.learn(dimension, { ...rule, limit: accepted });
    return now + Math.max(1000, await this.limiter.waitMs(dimension, this.askedRule(dimension)!));
  }

  /** The service's burst (X-RateLimit-Limit) is below ours: bucket and rate shrink in proportion. */
  private async learnBurst(dimension: string, upstreamLimit: number): Promise<void> {
    const documented = this.options.rules[dimension];
    const current = this.ruleOf(dimension);
    if (documented?.kind !== 'bucket' || current?.kind !== 'bucket') return;
    const capacity = Math.max(1, upstreamLimit - 1);
    if (capacity >= current.capacity) return;
    const share = upstreamLimit / (documented.capacity + 1);
    await this.learn(dimension, {
      kind: 'bucket',
      capacity,
      drainPerSecond: documented.drainPerSecond * share,
    });
  }

  private async learn(dimension: string, rule: LimitRule): Promise<void> {
    const lesson: Lesson = { rule, learnedAt: this.clock.now() };
    this.lessons.set(dimension, lesson);
    logger.warn('upstream refuses below its documented limit; pacing lower until it recovers', {
      service: this.service,
      dimension,
      ...describe(rule),
      backAt: new Date(recoversAt(lesson)).toISOString(),
    });
    await this.coordinated?.tell(dimension, this.options.rules[dimension]!, { pausedUntil: 0, ...lesson });
  }

  private async block(dimension: string, untilMs: number): Promise<void> {
    this.blockedUntil.set(dimension, Math.max(untilMs, this.blockedUntil.get(dimension) ?? 0));
    const rule = this.options.rules[dimension];
    if (rule) await this.coordinated?.tell(dimension, rule, { pausedUntil: untilMs });
  }

  /** 0 once the call's slot (and its anonymous share's) is taken; otherwise the milliseconds to wait. */
  private async waitOrTake(dimension: string, share: LimitRule | undefined): Promise<number> {
    const shareWaitMs = share ? await this.limiter.waitMs(`anonymous ${dimension}`, share) : 0;
    if (shareWaitMs > 0) return shareWaitMs;
    const rule = this.askedRule(dimension);
    if (!rule) return 0;
    const admission = await this.limiter.take(dimension, rule);
    if ('told' in admission && admission.told) this.heed(dimension, admission.told);
    if (admission.waitMs === 0 && share) await this.limiter.take(`anonymous ${dimension}`, share);
    return admission.waitMs;
  }

  /**
   * What the shared state answered a take with (another replica's or worker's pauses and
   * lessons, or its own): this process now knows the same, and forgets a lesson it no longer holds.
   */
  private heed(dimension: string, { pausedUntil, rule, learnedAt }: Told): void {
    if (pausedUntil > (this.blockedUntil.get(dimension) ?? 0)) this.blockedUntil.set(dimension, pausedUntil);
    if (!rule || learnedAt === undefined) {
      this.lessons.delete(dimension);
      return;
    }
    const known = this.lessons.get(dimension);
    if (known?.learnedAt === learnedAt && size(known.rule) === size(rule)) return;
    this.lessons.set(dimension, { rule, learnedAt });
    logger.info('another replica or worker learned a lower limit; pacing at it until it recovers', {
      service: this.service,
      dimension,
      ...describe(rule),
      backAt: new Date(recoversAt({ rule, learnedAt })).toISOString(),
    });
  }
}

function size(rule: LimitRule): number {
  return rule.kind === 'window' ? rule.limit : rule.capacity;
}

function describe(rule: LimitRule): Record<string, number> {
  return rule.kind === 'window'
    ? { limit: rule.limit, windowMs: rule.windowMs }
    : { burst: rule.capacity, perSecond: rule.drainPerSecond };
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
