/**
 * One upstream call per identical call beyond this process, as the discipline's in-process
 * flights give within it: across the replicas of a deployment (Redis: SharedFlights) or
 * across the workers of one replica (the cluster's primary: ClusterFlights). The discipline
 * takes either. Every transport keeps the same contract:
 * - Of the callers running one `cacheKey` at once, whatever their process, one (the owner)
 *   calls `fetch`; the others wait for its outcome and make no call of their own.
 * - A waiter is answered with the owner's body, or the owner's coded refusal when it is one
 *   to share: handed over directly, or (`throughCache`) read with `settled` from the cache
 *   `fetch` writes before it resolves.
 * - A waiter makes its own call when there is nothing to hand over (the owner failed
 *   otherwise, or is gone), and when waiting longer would leave its own call no time
 *   before `deadline` (waitingMs).
 * - Once the owner's call has settled, the next identical call is a flight of its own.
 * - When the transport cannot be reached, each process is its own owner: one call per
 *   process, never none.
 */
export interface Flights {
  /**
   * Whether a waiter reads the owner's answer from the shared cache (then only answers that
   * are cached can be handed over), rather than being handed it directly.
   */
  readonly throughCache: boolean;
  /**
   * `fetch` as the one call for `cacheKey`, or the answer another process's call got.
   * `settled` returns that answer once the cache holds it (or throws the refusal
   * remembered there), undefined before; a transport that hands answers over directly
   * does not read it.
   */
  run<T>(
    cacheKey: string,
    deadline: number,
    fetch: () => Promise<T>,
    settled: () => Promise<{ value: T } | undefined>,
  ): Promise<T>;
}

export interface FlightOptions {
  /**
   * How long a flight lasts when its owner never ends it (a process that died mid-call).
   * The request deadline: the owner's pacing, retries and call are all cut to it.
   */
  lockTtlMs: number;
  /** Time a waiter keeps for its own call when it stops waiting (the upstream timeout; at most half what is left). */
  ownCallMs: number;
}

/**
 * How long a waiter waits for another's call before it makes its own: at most the lock's
 * TTL, and never so long that its own call would have no time left. Half the time left at
 * most is kept for that call, so a deadline shorter than the upstream timeout still waits.
 */
export function waitingMs(options: FlightOptions, deadline: number, now: number): number {
  const kept = Math.min(options.ownCallMs, (deadline - now) / 2);
  return Math.max(0, Math.min(options.lockTtlMs, deadline - kept - now));
}
