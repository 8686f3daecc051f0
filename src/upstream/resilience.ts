import {
  BrokenCircuitError,
  circuitBreaker,
  CircuitState,
  ConsecutiveBreaker,
  handleWhen,
  retry,
  type CircuitBreakerPolicy,
  type IBackoff,
  type IBackoffFactory,
  type IRetryBackoffContext,
  type RetryPolicy,
} from 'cockatiel';
import { systemClock, type Clock } from '../kernel/clock';
import { UpstreamError } from '../kernel/errors';
import type { Metrics } from '../observability/metrics';
import type { ServiceName } from '../kernel/services';
import { currentScope } from '../kernel/request-scope';
import type { SharedRedis } from './shared-redis';

/** How long a replica trusts its last look at the shared circuit: not a Redis round trip per call. */
const SHARED_CHECK_MS = 100;

export interface ResilienceOptions {
  /** Consecutive failures that open the circuit. */
  failureThreshold: number;
  /** How long the circuit stays open before one probe call may go. */
  halfOpenAfterMs: number;
  /** Attempts in all, the first included. */
  maxAttempts: number;
}

/** Failures that say the upstream is unwell (they count towards opening its circuit). */
function isOutage(error: Error): boolean {
  return (
    error instanceof UpstreamError &&
    (error.code === 'UPSTREAM_UNAVAILABLE' ||
      error.code === 'UPSTREAM_TIMEOUT' ||
      error.code === 'UPSTREAM_BAD_RESPONSE')
  );
}

/** The wait before the next attempt: the upstream's Retry-After when it gave one, else jittered exponential. */
function retryDelayMs(error: unknown, attempt: number): number {
  if (error instanceof UpstreamError && error.retryAfterSeconds !== undefined)
    return error.retryAfterSeconds * 1000;
  return Math.min(1000, 100 * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);
}

/** Retry only a transient failure whose wait still fits the request's deadline (set on `clock`). */
function worthRetrying(error: Error, clock: Clock): boolean {
  if (!(error instanceof UpstreamError) || !error.transient) return false;
  const deadline = currentScope()?.deadline ?? Infinity;
  return clock.now() + retryDelayMs(error, 1) < deadline;
}

/**
 * For a billed call, only a rate-limit refusal: maps spec, Limits rule 4, "a request rejected
 * for auth, rate limiting or entitlement never consumes" the allowance, so sending it again
 * bills nothing twice. Any other failure may have been billed (a 502 after validation).
 */
function worthRetryingBilled(error: Error, clock: Clock): boolean {
  return (
    error instanceof UpstreamError && error.code === 'UPSTREAM_RATE_LIMITED' && worthRetrying(error, clock)
  );
}

/** Which failures of a call may be retried: any transient one, only a refusal that billed nothing, or none. */
export type RetryMode = 'transient' | 'unbilled' | 'none';

class RetryAfterBackoff implements IBackoffFactory<IRetryBackoffContext<unknown>> {
  next(context: IRetryBackoffContext<unknown>): IBackoff<IRetryBackoffContext<unknown>> {
    const error = 'error' in context.result ? context.result.error : undefined;
    return { duration: retryDelayMs(error, context.attempt), next: (c) => this.next(c) };
  }
}

/**
 * When an open circuit may half-open, on our clock rather than cockatiel's own reading of
 * the wall clock: cockatiel refuses while its elapsed time is below `duration`, so an
 * endless duration refuses and a negative one lets the probe go.
 */
class HalfOpenOnClock implements IBackoffFactory<unknown> {
  constructor(private readonly waiting: () => boolean) {}

  next(): IBackoff<unknown> {
    const { waiting } = this;
    return {
      get duration() {
        return waiting() ? Infinity : -Infinity;
      },
      next: () => this.next(),
    };
  }
}

/**
 * Retry and circuit breaking for one upstream (cockatiel): the retry wraps the
 * circuit, so every attempt is counted and an open circuit stops retrying.
 */
export class Resilience {
  readonly circuit: CircuitBreakerPolicy;
  private readonly retries: RetryPolicy;
  private readonly billedRetries: RetryPolicy;
  private openedAt = 0;
  /** Whether the last call through the circuit failed with an outage (reset by a success). */
  private failing = false;
  /** Until when another replica's circuit for this service is open, as last read from Redis, and when that read expires. */
  private openElsewhereUntil = 0;
  private checkedUntil = 0;
  private checking: Promise<void> | undefined;

  constructor(
    private readonly service: ServiceName,
    private readonly options: ResilienceOptions,
    metrics: Metrics,
    /** With REDIS_URL: a circuit opened here is open for every replica (the key `circuit:<service>`). */
    private readonly shared?: SharedRedis,
    private readonly clock: Clock = systemClock,
  ) {
    this.circuit = circuitBreaker(handleWhen(isOutage), {
      halfOpenAfter: new HalfOpenOnClock(() => this.clock.now() < this.openedAt + options.halfOpenAfterMs),
      breaker: new ConsecutiveBreaker(options.failureThreshold),
    });
    metrics.circuitState.set({ service }, CircuitState.Closed);
    this.circuit.onFailure(({ reason }) => {
      if ('error' in reason && isOutage(reason.error)) this.failing = true;
    });
    this.circuit.onSuccess(() => {
      this.failing = false;
    });
    this.circuit.onStateChange((state) => {
      if (state === CircuitState.Open) this.openedAt = this.clock.now();
      metrics.circuitState.set({ service }, state);
      this.share(state);
    });
    this.retries = retry(
      handleWhen((error) => worthRetrying(error, clock)),
      {
        maxAttempts: options.maxAttempts - 1,
        backoff: new RetryAfterBackoff(),
      },
    );
    this.billedRetries = retry(
      handleWhen((error) => worthRetryingBilled(error, clock)),
      {
        maxAttempts: options.maxAttempts - 1,
        backoff: new RetryAfterBackoff(),
      },
    );
  }

  async execute<T>(attempt: () => Promise<T>, mode: RetryMode): Promise<T> {
    // Another replica found the outage: refused as our own open circuit would (our own probes still go).
    if (this.circuit.state === CircuitState.Closed) {
      const remainingMs = (await this.openElsewhere()) - this.clock.now();
      if (remainingMs > 0) throw this.openCircuitError(remainingMs);
    }
    const once = () => this.circuit.execute(attempt);
    try {
      if (mode === 'transient') return await this.retries.execute(once);
      if (mode === 'unbilled') return await this.billedRetries.execute(once);
      return await once();
    } catch (error) {
      if (error instanceof BrokenCircuitError)
        throw this.openCircuitError(this.openedAt + this.options.halfOpenAfterMs - this.clock.now());
      throw error;
    }
  }

  /**
   * Whether calls may go to this upstream now. An open circuit whose wait is over counts as
   * ready: cockatiel moves it to half-open only on the next call, which an unready gateway would never get.
   */
  get ready(): boolean {
    const { state } = this.circuit;
    if (state === CircuitState.Isolated) return false;
    return state !== CircuitState.Open || this.clock.now() >= this.openedAt + this.options.halfOpenAfterMs;
  }

  /**
   * For /readyz: `open-circuit` while calls are refused, `degraded` while the last call failed
   * or a probe is due (half-open), else `up`.
   */
  get health(): 'up' | 'degraded' | 'open-circuit' {
    if (!this.ready) return 'open-circuit';
    return this.circuit.state !== CircuitState.Closed || this.failing ? 'degraded' : 'up';
  }

  /** Retry-after of a refusal while the circuit is open: the real time until the next probe may go. */
  private openCircuitError(remainingMs: number): UpstreamError {
    const seconds = Math.max(1, Math.ceil(remainingMs / 1000));
    return new UpstreamError(
      this.service,
      'UPSTREAM_UNAVAILABLE',
      `The ${this.service} service is failing, so the gateway is not calling it for now; retry in about ${seconds} s.`,
      seconds,
    );
  }

  /**
   * Opening publishes the outage for the open interval (PX), so the others stop calling too;
   * a good probe here withdraws it. Fire and forget: Redis failing only means no sharing.
   */
  private share(state: CircuitState): void {
    const shared = this.shared;
    if (!shared) return;
    const key = `circuit:${this.service}`;
    if (state === CircuitState.Open)
      void shared.run(
        'circuit.open',
        (redis) => redis.set(key, '1', 'PX', this.options.halfOpenAfterMs),
        () => undefined,
      );
    else if (state === CircuitState.Closed)
      void shared.run(
        'circuit.close',
        (redis) => redis.del(key),
        () => undefined,
      );
  }

  /** Epoch ms until which another replica has this circuit open (0: it has not), read at most every 100 ms. */
  private async openElsewhere(): Promise<number> {
    const shared = this.shared;
    if (!shared || this.clock.now() < this.checkedUntil) return this.openElsewhereUntil;
    this.checking ??= shared
      .run(
        'circuit.check',
        (redis) => redis.pttl(`circuit:${this.service}`),
        () => -2,
      )
      .then((remainingMs) => {
        // Redis counts the TTL in real time; it is carried over onto our clock as it is read.
        this.openElsewhereUntil = remainingMs > 0 ? this.clock.now() + remainingMs : 0;
        this.checkedUntil = this.clock.now() + SHARED_CHECK_MS;
      })
      .finally(() => {
        this.checking = undefined;
      });
    await this.checking;
    return this.openElsewhereUntil;
  }
}
