import type { Admission, LimitRule } from '../../src/upstream/rate-limiter';
import type { CoordinatedLimiter, LocalLimiter } from '../../src/upstream/coordinated-limiter';
import { FakeClock } from './time';

/*
 * The rate-limit arithmetic, one table for every implementation of it: the in-memory
 * RateLimiter, the cluster primary's host (which runs it for the workers) and the Redis
 * scripts (its port, run atomically). Each case is a rule and operations at given times
 * (milliseconds from the start), with what each answers, worked out by hand from the rule:
 * a window admits at most `limit` units in any `windowMs` (a unit taken at t counts until
 * t + windowMs); a bucket holds `capacity` units and drains `drainPerSecond`.
 */

/** The fields every limiter answers (a coordinated one adds what the upstream told). */
type Answer = Pick<Admission, 'allowed' | 'waitMs' | 'remaining' | 'fullInMs'>;

export type Step = { at: number; key?: string } & (
  | { take: number; answers: Answer }
  | { peek: true; answers: Answer }
  | { waitFor: number; answers: number }
  | { giveBack: number }
  | { fullAt: number }
  /** What the upstream told: nothing goes before this time (a store shared by processes keeps it). */
  | { pausedUntil: number }
);

export interface LimitCase {
  name: string;
  rule: LimitRule;
  steps: Step[];
}

const WINDOW: LimitRule = { kind: 'window', limit: 3, windowMs: 1_000 };
/** 500 ms a unit. */
const BUCKET: LimitRule = { kind: 'bucket', capacity: 4, drainPerSecond: 2 };
const admitted = (remaining: number, fullInMs: number): Answer => ({
  allowed: true,
  waitMs: 0,
  remaining,
  fullInMs,
});
const refused = (waitMs: number, remaining: number, fullInMs: number): Answer => ({
  allowed: false,
  waitMs,
  remaining,
  fullInMs,
});

export const LIMIT_CASES: LimitCase[] = [
  {
    name: 'a window admits its limit, then refuses until its oldest unit leaves',
    rule: WINDOW,
    steps: [
      { at: 0, take: 1, answers: admitted(2, 1_000) },
      { at: 100, take: 1, answers: admitted(1, 1_000) },
      { at: 200, take: 1, answers: admitted(0, 1_000) },
      // The unit taken at 0 leaves at 1000; the one at 200 at 1200.
      { at: 300, take: 1, answers: refused(700, 0, 900) },
      { at: 999, take: 1, answers: refused(1, 0, 201) },
      { at: 1_000, take: 1, answers: admitted(0, 1_000) },
      // Two units: room once the one taken at 200 leaves.
      { at: 1_000, waitFor: 2, answers: 200 },
      { at: 1_000, waitFor: 1, answers: 100 },
    ],
  },
  {
    name: 'a window refuses a cost larger than what is left, and a smaller one still fits',
    rule: WINDOW,
    steps: [
      { at: 0, take: 2, answers: admitted(1, 1_000) },
      { at: 500, take: 2, answers: refused(500, 1, 500) },
      { at: 500, take: 1, answers: admitted(0, 1_000) },
      { at: 999, peek: true, answers: admitted(0, 501) },
      { at: 1_000, peek: true, answers: admitted(2, 500) },
      { at: 1_500, peek: true, answers: admitted(3, 0) },
    ],
  },
  {
    name: 'a window gives back its newest units',
    rule: WINDOW,
    steps: [
      { at: 0, take: 1, answers: admitted(2, 1_000) },
      { at: 100, take: 2, answers: admitted(0, 1_000) },
      { at: 200, giveBack: 1 },
      // The unit at 0 and one at 100 remain.
      { at: 200, peek: true, answers: admitted(1, 900) },
      { at: 200, giveBack: 1 },
      { at: 200, peek: true, answers: admitted(2, 800) },
    ],
  },
  {
    name: "a window's keys are counted apart, and fullAt leaves a window alone",
    rule: WINDOW,
    steps: [
      { at: 0, key: 'a', take: 3, answers: admitted(0, 1_000) },
      { at: 0, key: 'b', take: 1, answers: admitted(2, 1_000) },
      { at: 0, key: 'b', fullAt: 5_000 },
      { at: 10, key: 'b', take: 2, answers: admitted(0, 1_000) },
      { at: 10, key: 'a', take: 1, answers: refused(990, 0, 990) },
    ],
  },
  {
    name: 'a bucket admits a burst up to its capacity, then one unit a drain interval',
    rule: BUCKET,
    steps: [
      { at: 0, take: 4, answers: admitted(0, 2_000) },
      { at: 0, take: 1, answers: refused(500, 0, 2_000) },
      { at: 500, take: 1, answers: admitted(0, 2_000) },
      // 2.5 units left in it: 1.5 units of room.
      { at: 1_250, peek: true, answers: admitted(1, 1_250) },
      { at: 1_250, waitFor: 1, answers: 0 },
      { at: 1_250, waitFor: 3, answers: 750 },
      { at: 3_000, take: 1, answers: admitted(3, 500) },
    ],
  },
  {
    name: 'a bucket gives back what it took, down to empty',
    rule: BUCKET,
    steps: [
      { at: 0, take: 3, answers: admitted(1, 1_500) },
      { at: 100, giveBack: 2 },
      // 0.8 units left in it.
      { at: 100, peek: true, answers: admitted(3, 400) },
      { at: 100, giveBack: 2 },
      { at: 100, peek: true, answers: admitted(4, 0) },
    ],
  },
  {
    name: 'a bucket full at a given time admits one unit then, and then its drain rate, without a burst',
    rule: BUCKET,
    steps: [
      { at: 0, fullAt: 1_000 },
      { at: 0, take: 1, answers: refused(1_000, 0, 2_500) },
      { at: 1_000, take: 1, answers: admitted(0, 2_000) },
      { at: 1_000, take: 1, answers: refused(500, 0, 2_000) },
      // An earlier time than the one set changes nothing.
      { at: 1_000, fullAt: 0 },
      { at: 1_500, take: 1, answers: admitted(0, 2_000) },
    ],
  },
  {
    name: 'a bucket draining at a rate that is not a whole number of milliseconds a unit',
    rule: { kind: 'bucket', capacity: 2, drainPerSecond: 3 },
    steps: [
      { at: 0, take: 2, answers: admitted(0, 667) },
      { at: 0, take: 1, answers: refused(334, 0, 667) },
      { at: 334, peek: true, answers: admitted(1, 333) },
    ],
  },
  {
    name: 'a pause refuses every take until it ends, whatever the room, and only lengthens',
    rule: WINDOW,
    steps: [
      { at: 0, take: 1, answers: admitted(2, 1_000) },
      { at: 0, pausedUntil: 500 },
      { at: 100, take: 1, answers: refused(400, 0, 0) },
      // The standing and the rule's own wait are the units', a pause aside.
      { at: 100, peek: true, answers: admitted(2, 900) },
      { at: 100, waitFor: 1, answers: 0 },
      { at: 100, pausedUntil: 300 },
      { at: 499, take: 1, answers: refused(1, 0, 0) },
      { at: 500, take: 1, answers: admitted(1, 1_000) },
    ],
  },
];

/** Whether a case tells a pause, which only a store shared by processes keeps. */
export function pauses({ steps }: LimitCase): boolean {
  return steps.some((step) => 'pausedUntil' in step);
}

/** Any implementation: the memory limiter keeps no pause, the stores shared by processes do. */
type Limiter = LocalLimiter & Partial<Pick<CoordinatedLimiter, 'tell'>>;

/** Where the table's cases start on the clock: not 0, so that no implementation may count on it. */
export const START = 1_000_000;

/** What a step answered (undefined for one that answers nothing). */
async function play(limiter: Limiter, rule: LimitRule, step: Step): Promise<Answer | number | undefined> {
  const key = step.key ?? 'requests';
  const plain = ({ allowed, waitMs, remaining, fullInMs }: Admission): Answer => ({
    allowed,
    waitMs,
    remaining,
    fullInMs,
  });
  if ('take' in step) return plain(await limiter.take(key, rule, step.take));
  if ('peek' in step) return plain(await limiter.peek(key, rule));
  if ('waitFor' in step) return limiter.waitMs(key, rule, step.waitFor);
  if ('giveBack' in step) await limiter.giveBack(key, rule, step.giveBack);
  else if ('fullAt' in step) await limiter.fullAt(key, rule, START + step.fullAt);
  else await limiter.tell!(key, rule, { pausedUntil: START + step.pausedUntil });
  return undefined;
}

/**
 * Plays a case on a fresh clock against the limiter `limiterOn(clock)` makes (whose keys are
 * its own): each answer and the step it came from, to compare with `expectedOf`.
 */
export async function answersOf(
  limiterOn: (clock: FakeClock) => Limiter | Promise<Limiter>,
  { rule, steps }: LimitCase,
): Promise<Array<[number, Answer | number | undefined]>> {
  const clock = new FakeClock(START);
  const limiter = await limiterOn(clock);
  const answers: Array<[number, Answer | number | undefined]> = [];
  for (const [index, step] of steps.entries()) {
    await clock.advance(START + step.at - clock.now());
    answers.push([index, await play(limiter, rule, step)]);
  }
  return answers;
}

/** The answers the table says a case gives. */
export function expectedOf({ steps }: LimitCase): Array<[number, Answer | number | undefined]> {
  return steps.map((step, index) => [index, 'answers' in step ? step.answers : undefined]);
}
