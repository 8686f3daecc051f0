import type { Clock } from '../../src/kernel/clock';
import type { CoordinatedLimiter } from '../../src/upstream/coordinated-limiter';
import type { LimitRule } from '../../src/upstream/rate-limiter';
import { FakeClock } from './time';

/*
 * How a learned limit climbs back, one table for every implementation of it: the pure
 * function, the cluster primary's host, and the Redis scripts. The rule under test: every
 * 15 s without a new lesson a quarter of the gap to the documented rule comes back (a
 * window's limit and a bucket's burst rounded down, a bucket's rate exactly); 60 s after
 * the lesson the documented rule holds again. The documented rules are the gateway's for
 * agriculture (60 requests a minute, counted over 61 s) and maps search (10 a second,
 * burst 20: 9 a second, burst 19); the learned ones what a bare 429 after one call, or an
 * X-RateLimit-Limit of 5, teaches.
 */

export const AGRICULTURE: LimitRule = { kind: 'window', limit: 60, windowMs: 61_000 };
export const SEARCH: LimitRule = { kind: 'bucket', capacity: 19, drainPerSecond: 9 };
const window = (limit: number): LimitRule => ({ ...AGRICULTURE, limit });
const bucket = (capacity: number, drainPerSecond: number): LimitRule => ({
  kind: 'bucket',
  capacity,
  drainPerSecond,
});

export interface RecoveryCase {
  documented: LimitRule;
  learned: LimitRule;
  /** Milliseconds from the lesson to the reading (negative: a lesson dated ahead, by a clock that runs ahead). */
  elapsedMs: number;
  expected: LimitRule;
}

export const RECOVERY_CASES: RecoveryCase[] = [
  { documented: AGRICULTURE, learned: window(1), elapsedMs: 0, expected: window(1) },
  { documented: AGRICULTURE, learned: window(1), elapsedMs: 14_999, expected: window(1) },
  // 1 + 59/4, rounded down.
  { documented: AGRICULTURE, learned: window(1), elapsedMs: 15_000, expected: window(15) },
  { documented: AGRICULTURE, learned: window(1), elapsedMs: 30_000, expected: window(30) },
  { documented: AGRICULTURE, learned: window(1), elapsedMs: 45_000, expected: window(45) },
  { documented: AGRICULTURE, learned: window(1), elapsedMs: 59_999, expected: window(45) },
  { documented: AGRICULTURE, learned: window(1), elapsedMs: 60_000, expected: AGRICULTURE },
  { documented: AGRICULTURE, learned: window(1), elapsedMs: 3_600_000, expected: AGRICULTURE },
  { documented: AGRICULTURE, learned: window(1), elapsedMs: -5_000, expected: window(1) },
  { documented: AGRICULTURE, learned: window(40), elapsedMs: 15_000, expected: window(45) },
  // 58 + 3 quarters of 2, rounded down.
  { documented: AGRICULTURE, learned: window(58), elapsedMs: 45_000, expected: window(59) },
  { documented: SEARCH, learned: bucket(4, 2.25), elapsedMs: 0, expected: bucket(4, 2.25) },
  // 4 + 15/4 rounded down; 2.25 + 6.75/4.
  { documented: SEARCH, learned: bucket(4, 2.25), elapsedMs: 15_000, expected: bucket(7, 3.9375) },
  { documented: SEARCH, learned: bucket(4, 2.25), elapsedMs: 30_000, expected: bucket(11, 5.625) },
  { documented: SEARCH, learned: bucket(4, 2.25), elapsedMs: 45_000, expected: bucket(15, 7.3125) },
  { documented: SEARCH, learned: bucket(4, 2.25), elapsedMs: 60_000, expected: SEARCH },
];

export function describeCase({ documented, learned, elapsedMs }: RecoveryCase): string {
  const size = (rule: LimitRule) =>
    rule.kind === 'window'
      ? `${rule.limit}/${rule.windowMs} ms`
      : `burst ${rule.capacity} at ${rule.drainPerSecond}/s`;
  return `${size(learned)} learned under ${size(documented)}, read ${elapsedMs} ms later`;
}

/** What a limiter shows of the rule it paces by: its size, and the wait for one more unit once that size is taken at once. */
export interface Observed {
  limit: number;
  waitWhenFullMs: number;
}

/** The same of a rule: a window's whole length, a bucket's one drain interval. */
export function expectedObservation(rule: LimitRule): Observed {
  return rule.kind === 'window'
    ? { limit: rule.limit, waitWhenFullMs: rule.windowMs }
    : { limit: rule.capacity, waitWhenFullMs: Math.ceil(1000 / rule.drainPerSecond) };
}

const START = 1_000_000;

/**
 * One case against a shared store: the lesson told at its time, read `elapsedMs` later
 * (a negative one told dated ahead), on a fresh clock; `store(clock)` makes a limiter
 * whose keys are its own.
 */
export async function observeCase(
  store: (clock: Clock) => CoordinatedLimiter,
  { documented, learned, elapsedMs }: RecoveryCase,
): Promise<Observed> {
  const clock = new FakeClock(START);
  const limiter = store(clock);
  const learnedAt = elapsedMs < 0 ? START - elapsedMs : START;
  await limiter.tell('requests', documented, { pausedUntil: 0, rule: learned, learnedAt });
  if (elapsedMs > 0) await clock.advance(elapsedMs);
  const { limit } = await limiter.peek('requests', documented);
  await limiter.take('requests', documented, limit);
  return { limit, waitWhenFullMs: await limiter.waitMs('requests', documented) };
}

/**
 * A new lesson restarts the climb when it is no higher than the limit in force, and is
 * ignored otherwise (two processes told at once keep the lower): the limits read at each
 * step of a sequence.
 */
export async function supersedingSequence(store: (clock: Clock) => CoordinatedLimiter): Promise<number[]> {
  const clock = new FakeClock(START);
  const limiter = store(clock);
  const read = async () => (await limiter.peek('requests', AGRICULTURE)).limit;
  const tell = (limit: number) =>
    limiter.tell('requests', AGRICULTURE, { pausedUntil: 0, rule: window(limit), learnedAt: clock.now() });
  const limits: number[] = [];
  await tell(1);
  await clock.advance(30_000);
  limits.push(await read());
  // Higher than the 30 in force: ignored.
  await tell(40);
  limits.push(await read());
  // Lower: the climb starts again from 20.
  await tell(20);
  limits.push(await read());
  await clock.advance(45_000);
  limits.push(await read());
  return limits;
}

/** What supersedingSequence reads: 30 (1 half way back), 30, 20, then 20 + 3/4 of 40. */
export const SUPERSEDING_LIMITS = [30, 30, 20, 50];
