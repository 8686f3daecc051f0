/**
 * Time as the gateway reads it. Everything that waits or expires (pacing, retries,
 * circuits, cache lifetimes, budgets, deadlines) takes a clock, so tests run it on a fake one.
 * This module is the only place in the gateway that reads the system's time (a lint test holds it).
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Resolves after `ms` milliseconds. */
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Milliseconds on a monotonic timer, only for how long work took (metrics, logs, the compile
 * budget): work takes real time, which a fake clock would read as 0, and a wall-clock step
 * would bend a duration. Nothing that waits or expires reads it; those read the Clock.
 */
export function monotonicMs(): number {
  return performance.now();
}
