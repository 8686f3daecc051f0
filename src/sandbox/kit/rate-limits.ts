import { systemClock, type SandboxClock } from './clock';

/**
 * How the sandbox keeps each documented limit (specs, Limits): "N per minute" as a strict
 * sliding window (the strictest reading, since the window is not shown), "R per second,
 * burst B" as a bucket. Written for the sandbox alone: the gateway's pacing is checked
 * against it, so the two share no code.
 */
export type LimitSpec = WindowLimit | BucketLimit;
export type WindowLimit = { kind: 'window'; limit: number; windowMs: number };
export type BucketLimit = { kind: 'bucket'; ratePerSecond: number; burst: number };

/**
 * What one request gets: allowed or not, and the numbers of the X-RateLimit-* headers
 * (`resetEpochSeconds`: when the whole allowance is back; `retryAfterSeconds`: 0 when allowed).
 */
export type LimitVerdict = Record<
  'limit' | 'remaining' | 'resetEpochSeconds' | 'retryAfterSeconds',
  number
> & {
  allowed: boolean;
};

/** Per key and dimension: accepted times of a window, or the bucket's theoretical arrival time. */
type LimitState = { kind: 'window'; accepted: number[] } | { kind: 'bucket'; arrival: number };

export class RateLimits {
  private readonly states = new Map<string, LimitState>();

  constructor(private readonly clock: SandboxClock = systemClock) {}

  take(keyName: string, dimension: string, spec: LimitSpec, nowMs = this.clock.now()): LimitVerdict {
    const id = `${keyName} ${dimension}`;
    let state = this.states.get(id);
    if (state?.kind !== spec.kind) {
      state = spec.kind === 'window' ? { kind: 'window', accepted: [] } : { kind: 'bucket', arrival: nowMs };
      this.states.set(id, state);
    }
    if (state.kind === 'window' && spec.kind === 'window') return admitToWindow(state.accepted, spec, nowMs);
    if (state.kind === 'bucket' && spec.kind === 'bucket') return admitToBucket(state, spec, nowMs);
    throw new Error('unreachable: state and spec kinds agree');
  }

  reset(): void {
    this.states.clear();
  }
}

/** No window of `windowMs` ever holds more than `limit` accepted requests. */
function admitToWindow(
  accepted: number[],
  { limit, windowMs }: { limit: number; windowMs: number },
  now: number,
): LimitVerdict {
  const expired = accepted.findIndex((at) => at > now - windowMs);
  accepted.splice(0, expired < 0 ? accepted.length : expired);
  const allowed = accepted.length < limit;
  if (allowed) accepted.push(now);
  const oldest = accepted[0] ?? now;
  return {
    allowed,
    limit,
    remaining: limit - accepted.length,
    resetEpochSeconds: Math.ceil(((accepted.at(-1) ?? now) + windowMs) / 1000),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)),
  };
}

/**
 * A bucket of `burst` requests refilled at `ratePerSecond`, kept as the time at which it
 * would be full again (generic cell rate algorithm): each request moves that time on by
 * one interval, and may not move it more than `burst` intervals ahead of now.
 */
function admitToBucket(
  state: { arrival: number },
  { ratePerSecond, burst }: BucketLimit,
  now: number,
): LimitVerdict {
  const interval = 1000 / ratePerSecond;
  const start = Math.max(state.arrival, now);
  const allowed = start + interval - now <= burst * interval;
  if (allowed) state.arrival = start + interval;
  const full = Math.max(state.arrival, now);
  return {
    allowed,
    limit: burst,
    remaining: Math.floor(burst - (full - now) / interval),
    resetEpochSeconds: Math.ceil(full / 1000),
    retryAfterSeconds: allowed
      ? 0
      : Math.max(1, Math.ceil((start + interval - now - burst * interval) / 1000)),
  };
}
