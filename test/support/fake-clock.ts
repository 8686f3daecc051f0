import { createClock } from '@sinonjs/fake-timers';
import type { Clock } from '../../src/kernel/clock';

/** A clock that moves only when a test says so (sinon's fake timers, without touching the globals). */
export class FakeClock implements Clock {
  private readonly timers;

  constructor(startMs = Date.parse('2026-07-15T10:00:00.000Z')) {
    this.timers = createClock(startMs);
  }

  now(): number {
    return this.timers.now;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.timers.setTimeout(() => resolve(), ms));
  }

  /** Moves time on by `ms`, waking every sleeper due on the way (and their promise chains) in order. */
  async advance(ms: number): Promise<void> {
    await this.timers.tickAsync(ms);
  }
}
