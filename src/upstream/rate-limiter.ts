import { systemClock, type Clock } from '../kernel/clock';

/**
 * The gateway's one rate-limiting primitive: client budgets, anonymous budgets and the
 * pacing under each upstream's documented limits all take from it.
 *
 * Why our own and not rate-limiter-flexible (looked at first): its limiters count fixed
 * windows, so "at most 60 in any 60 s" (what agriculture may enforce) only holds by
 * halving throughput, and it has no leaky bucket whose answer is "this cost fits in N s";
 * it also reads the wall clock, where ours takes a Clock so tests move time themselves.
 * Each rule keeps little state per key (a time for a bucket, recent times for a window),
 * so that a shared store holds it too: SharedRateLimiter (shared-rate-limiter.ts) keeps the
 * same state in Redis and runs the same math in one atomic script per operation, and the
 * cluster's primary runs this one for its workers (LimiterMemory). One table of cases,
 * test/support/limit-cases.ts, is run against all three.
 */
export type LimitRule =
  /** At most `limit` units in any sliding window of `windowMs` (a strict log). */
  | { kind: 'window'; limit: number; windowMs: number }
  /** A leaky bucket of `capacity` units draining at `drainPerSecond`: a burst up to capacity, then that rate. */
  | { kind: 'bucket'; capacity: number; drainPerSecond: number };

export interface Admission {
  allowed: boolean;
  /** Milliseconds until the cost would fit; 0 when allowed. */
  waitMs: number;
  /** The rule's size: `limit` or `capacity`. */
  limit: number;
  /** Units that could be taken right now (after this take, when allowed). */
  remaining: number;
  /** Milliseconds until the whole allowance is back. */
  fullInMs: number;
}

/**
 * One replica's share of a rule while it cannot reach the state it shares with the others
 * (Redis): the limit or capacity divided by `replicas`, rounded down and at least 1, and
 * a bucket's drain divided likewise, so that together they stay under the whole rule.
 */
export function shareOf(rule: LimitRule, replicas: number): LimitRule {
  if (replicas <= 1) return rule;
  return rule.kind === 'window'
    ? { ...rule, limit: Math.max(1, Math.floor(rule.limit / replicas)) }
    : {
        kind: 'bucket',
        capacity: Math.max(1, Math.floor(rule.capacity / replicas)),
        drainPerSecond: rule.drainPerSecond / replicas,
      };
}

/** A bucket's state: when it will be empty. A window's: the times its units were taken, oldest first. */
type State = { kind: 'bucket'; emptyAt: number } | { kind: 'window'; taken: number[] };

/** Drained keys are forgotten once there are this many (anonymous callers come and go). */
const SWEEP_AT = 10_000;

export class RateLimiter {
  private readonly states = new Map<string, State>();

  constructor(private readonly clock: Clock = systemClock) {}

  /** Takes `cost` units for `key` under `rule` when they fit; otherwise takes nothing and says when they would. */
  take(key: string, rule: LimitRule, cost = 1): Admission {
    const now = this.clock.now();
    const state = this.stateOf(key, rule, now);
    return state.kind === 'bucket' && rule.kind === 'bucket'
      ? takeFromBucket(state, rule, cost, now)
      : takeFromWindow(
          state as Extract<State, { kind: 'window' }>,
          rule as Extract<LimitRule, { kind: 'window' }>,
          cost,
          now,
        );
  }

  /** What `take` would answer for a cost of 0: the standing, nothing spent. */
  peek(key: string, rule: LimitRule): Admission {
    return this.take(key, rule, 0);
  }

  /** Milliseconds until `cost` would fit under `rule`, nothing taken. */
  waitMs(key: string, rule: LimitRule, cost = 1): number {
    const now = this.clock.now();
    const state = this.stateOf(key, rule, now);
    if (state.kind === 'bucket' && rule.kind === 'bucket')
      return takeFromBucket({ emptyAt: state.emptyAt }, rule, cost, now).waitMs;
    if (state.kind === 'window' && rule.kind === 'window')
      return takeFromWindow({ taken: [...state.taken] }, rule, cost, now).waitMs;
    return 0;
  }

  /** Returns `cost` units taken for a call that was refused after all: it is counted once, not twice. */
  giveBack(key: string, rule: LimitRule, cost = 1): void {
    const now = this.clock.now();
    const state = this.stateOf(key, rule, now);
    if (state.kind === 'window') state.taken.splice(Math.max(0, state.taken.length - cost), cost);
    else if (rule.kind === 'bucket')
      state.emptyAt = Math.max(now, state.emptyAt - (cost * 1000) / rule.drainPerSecond);
  }

  /** A bucket with room for one unit at `atMs`: from then on units go at its drain rate, without a burst. */
  fullAt(key: string, rule: LimitRule, atMs: number): void {
    if (rule.kind !== 'bucket') return;
    const state = this.stateOf(key, rule, this.clock.now());
    if (state.kind === 'bucket')
      state.emptyAt = Math.max(state.emptyAt, atMs + ((rule.capacity - 1) * 1000) / rule.drainPerSecond);
  }

  private stateOf(key: string, rule: LimitRule, now: number): State {
    let state = this.states.get(key);
    if (state?.kind !== rule.kind) {
      if (this.states.size >= SWEEP_AT) this.sweep(now);
      state = rule.kind === 'bucket' ? { kind: 'bucket', emptyAt: now } : { kind: 'window', taken: [] };
      this.states.set(key, state);
    }
    return state;
  }

  private sweep(now: number): void {
    for (const [key, state] of this.states) {
      const drained = state.kind === 'bucket' ? state.emptyAt <= now : state.taken.length === 0;
      if (drained) this.states.delete(key);
    }
  }
}

function takeFromBucket(
  state: { emptyAt: number },
  { capacity, drainPerSecond }: { capacity: number; drainPerSecond: number },
  cost: number,
  now: number,
): Admission {
  const msPerUnit = 1000 / drainPerSecond;
  const level = Math.max(0, state.emptyAt - now) / msPerUnit;
  const allowed = cost === 0 || level + cost <= capacity;
  const after = allowed ? level + cost : level;
  if (allowed) state.emptyAt = now + after * msPerUnit;
  return {
    allowed,
    waitMs: allowed ? 0 : Math.max(1, Math.ceil((level + cost - capacity) * msPerUnit)),
    limit: capacity,
    remaining: Math.max(0, Math.floor(capacity - after)),
    fullInMs: Math.ceil(after * msPerUnit),
  };
}

function takeFromWindow(
  state: { taken: number[] },
  { limit, windowMs }: { limit: number; windowMs: number },
  cost: number,
  now: number,
): Admission {
  const { taken } = state;
  while (taken.length > 0 && taken[0]! <= now - windowMs) taken.shift();
  const allowed = taken.length + cost <= limit;
  if (allowed) for (let unit = 0; unit < cost; unit += 1) taken.push(now);
  // The unit whose leaving makes room for this cost.
  const freeing = taken[taken.length + cost - limit - 1];
  return {
    allowed,
    waitMs: allowed ? 0 : Math.max(1, (freeing ?? now) + windowMs - now),
    limit,
    remaining: limit - taken.length,
    fullInMs: taken.length === 0 ? 0 : taken[taken.length - 1]! + windowMs - now,
  };
}
