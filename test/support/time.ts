import { createClock } from '@sinonjs/fake-timers';
import type { Clock } from '../../src/kernel/clock';

/*
 * Time in tests, in one place. The gateway's time (and the sandbox's, where a test gives it
 * one) runs on a FakeClock the test moves. What must be waited for in real time (Redis, a
 * child process, a socket peer) is waited for here: `waitFor` polls a condition, and where
 * none can be read, `realSleep` waits, with a comment above the call saying why
 * (test/lint/real-sleeps.test.ts counts them).
 */

/** A clock that moves only when a test says so (sinon's fake timers, without touching the globals). */
export class FakeClock implements Clock {
  private readonly timers;
  /** When each sleeper wakes, by sinon's timer id. */
  private readonly wakes = new Map<unknown, number>();

  constructor(startMs = Date.parse('2026-07-15T10:00:00.000Z')) {
    this.timers = createClock(startMs);
  }

  now(): number {
    return this.timers.now;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const id = this.timers.setTimeout(() => {
        this.wakes.delete(id);
        resolve();
      }, ms);
      this.wakes.set(id, this.now() + Math.max(0, ms));
    });
  }

  /** Moves time on by `ms`, waking every sleeper due on the way (and their promise chains) in order. */
  async advance(ms: number): Promise<void> {
    await this.timers.tickAsync(ms);
  }

  /** Moves time on to `atMs` (never back) and wakes every sleeper due by then, earliest first, at once. */
  moveTo(atMs: number): void {
    this.timers.tick(Math.max(0, atMs - this.now()));
  }

  /** Sleepers not yet woken. */
  get sleeping(): number {
    return this.wakes.size;
  }

  /** When the next sleeper wakes, if any sleeps. */
  get nextWakeAt(): number | undefined {
    return this.wakes.size === 0 ? undefined : Math.min(...this.wakes.values());
  }
}

/**
 * Waits in real time until `condition` holds, checking every `everyMs`; fails after
 * `timeoutMs` naming `what` it waited for.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  {
    timeoutMs = 5_000,
    everyMs = 10,
    what = 'the condition',
  }: { timeoutMs?: number; everyMs?: number; what?: string } = {},
): Promise<void> {
  const giveUp = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > giveUp) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await realSleep(everyMs);
  }
}

/** Waits `ms` of real time: only for a real process, with a comment above the call saying why. */
export function realSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
