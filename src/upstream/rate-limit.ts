/**
 * The gateway's pacing rules under each documented limit (see pacer.ts). The sandbox
 * enforces the same limits with code of its own (src/sandbox/kit/rate-limits.ts).
 */
export type LimitSpec =
  /** At most `limit` requests in any sliding window of `windowMs`. */
  | { kind: 'window'; limit: number; windowMs: number }
  /** Token bucket: `ratePerSecond` sustained, `burst` at once. */
  | { kind: 'bucket'; ratePerSecond: number; burst: number };

export interface LimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix time (seconds) when the full allowance is back. */
  resetEpochSeconds: number;
  /** Whole seconds until one more request would be allowed; 0 when allowed. */
  retryAfterSeconds: number;
  /** Milliseconds until one more request would be allowed; 0 when allowed. */
  waitMs: number;
}

export interface Limiter {
  take(nowMs: number): LimitDecision;
}

/** Strict sliding log: no window of `windowMs` ever holds more than `limit` accepted requests. */
export class SlidingWindow implements Limiter {
  private accepted: number[] = [];
  constructor(private readonly spec: Extract<LimitSpec, { kind: 'window' }>) {}

  take(nowMs: number): LimitDecision {
    const { limit, windowMs } = this.spec;
    while (this.accepted.length > 0 && this.accepted[0]! <= nowMs - windowMs) this.accepted.shift();
    const allowed = this.accepted.length < limit;
    if (allowed) this.accepted.push(nowMs);
    const oldest = this.accepted[0] ?? nowMs;
    const newest = this.accepted[this.accepted.length - 1] ?? nowMs;
    return {
      allowed,
      limit,
      remaining: limit - this.accepted.length,
      resetEpochSeconds: Math.ceil((newest + windowMs) / 1000),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((oldest + windowMs - nowMs) / 1000)),
      waitMs: allowed ? 0 : Math.max(1, oldest + windowMs - nowMs),
    };
  }
}

export class TokenBucket implements Limiter {
  private tokens: number;
  private updatedMs: number | undefined;
  constructor(private readonly spec: Extract<LimitSpec, { kind: 'bucket' }>) {
    this.tokens = spec.burst;
  }

  take(nowMs: number): LimitDecision {
    const { ratePerSecond, burst } = this.spec;
    const elapsed = this.updatedMs === undefined ? 0 : (nowMs - this.updatedMs) / 1000;
    this.tokens = Math.min(burst, this.tokens + elapsed * ratePerSecond);
    this.updatedMs = nowMs;
    const allowed = this.tokens >= 1;
    if (allowed) this.tokens -= 1;
    const secondsToFull = (burst - this.tokens) / ratePerSecond;
    return {
      allowed,
      limit: burst,
      remaining: Math.floor(this.tokens),
      resetEpochSeconds: Math.ceil(nowMs / 1000 + secondsToFull),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - this.tokens) / ratePerSecond)),
      waitMs: allowed ? 0 : Math.max(1, Math.ceil(((1 - this.tokens) / ratePerSecond) * 1000)),
    };
  }
}

export function createLimiter(spec: LimitSpec): Limiter {
  return spec.kind === 'window' ? new SlidingWindow(spec) : new TokenBucket(spec);
}
