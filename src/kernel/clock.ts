/**
 * Time as the gateway reads it. Everything that waits or expires (pacing, retries,
 * circuits, cache lifetimes, budgets) takes a clock, so tests run it on a fake one.
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
