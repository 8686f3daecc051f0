/**
 * Time as the sandbox reads it. The sandbox is a program of its own (`npm run sandbox`) that
 * imports nothing of the gateway, so it has its own clock module: the only place in it that
 * reads the system's time. Tests pass a fake clock at start (`SandboxOptions.clock`).
 */
export interface SandboxClock {
  /** Epoch milliseconds: what the rate-limit windows and buckets count in. */
  now(): number;
}

export const systemClock: SandboxClock = { now: () => Date.now() };

/**
 * Epoch milliseconds to a fraction of one, for the request log: the benchmark reads how an
 * upstream latency wave divides between the sandbox and the gateway from it (bench/waves.ts),
 * where whole milliseconds would hide the difference between gateways. Real time whatever
 * the clock: latency is real.
 */
export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}
