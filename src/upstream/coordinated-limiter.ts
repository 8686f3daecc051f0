import type { Admission, LimitRule } from './rate-limiter';

/** A rule lower than the documented one, learned from the upstream, and when. */
export interface Lesson {
  rule: LimitRule;
  /** Epoch milliseconds, on the clock of the process that learned it. */
  learnedAt: number;
}

/**
 * What the upstream told about a key, kept next to its state, so that one process's lesson
 * holds for all: a pause (a 429's Retry-After, a window spent) and, while it still lowers the
 * documented rule, the lesson itself (the rule learned and when), which the key is paced by
 * while it recovers (see recoveredRule). Told without a time, a lesson takes the store's own `now`.
 */
export interface Told extends Partial<Lesson> {
  /** Epoch milliseconds until which the key admits nothing; 0 when it is not paused. */
  pausedUntil: number;
}

/** A learned rule is fully back at the documented one this long after the lesson, when none came since. */
export const RECOVERY_MS = 60_000;
/** It climbs back in this many equal steps over RECOVERY_MS. */
export const RECOVERY_STEPS = 4;

function size(rule: LimitRule): number {
  return rule.kind === 'window' ? rule.limit : rule.capacity;
}

/** Whole steps of RECOVERY_MS / RECOVERY_STEPS since the lesson (0 for a lesson dated ahead of `now`). */
function stepsSince(lesson: Lesson, now: number): number {
  return Math.max(0, Math.floor((now - lesson.learnedAt) / (RECOVERY_MS / RECOVERY_STEPS)));
}

/** Whether `lesson` still lowers `documented` at `now`. */
export function lessonHolds(
  documented: LimitRule,
  lesson: Lesson | undefined,
  now: number,
): lesson is Lesson {
  return (
    lesson !== undefined &&
    lesson.rule.kind === documented.kind &&
    size(lesson.rule) < size(documented) &&
    stepsSince(lesson, now) < RECOVERY_STEPS
  );
}

/**
 * The rule a key is paced by at `now`: a learned rule is a hypothesis drawn from one
 * refusal, not a fact. Every quarter of a minute without a new lesson gives back a quarter
 * of the gap to the documented rule (a window's limit and a bucket's burst rounded down, a
 * bucket's rate exactly), and a minute after the lesson the documented rule holds again:
 * every limit the specs state is per minute or per second, so by then the service's window
 * has turned over and the refusal says nothing more. A new refusal is a new lesson, and the
 * climb starts again from it. SharedRateLimiter's Lua (PRELUDE) computes the same, step for
 * step; LimiterMemory calls this.
 */
export function recoveredRule(documented: LimitRule, lesson: Lesson | undefined, now: number): LimitRule {
  if (!lessonHolds(documented, lesson, now)) return documented;
  const steps = stepsSince(lesson, now);
  const climbed = (from: number, to: number) => from + ((to - from) * steps) / RECOVERY_STEPS;
  const learned = lesson.rule;
  if (documented.kind === 'window' && learned.kind === 'window')
    return { ...documented, limit: Math.floor(climbed(learned.limit, documented.limit)) };
  if (documented.kind === 'bucket' && learned.kind === 'bucket')
    return {
      kind: 'bucket',
      capacity: Math.floor(climbed(learned.capacity, documented.capacity)),
      drainPerSecond: climbed(learned.drainPerSecond, documented.drainPerSecond),
    };
  return documented;
}

/**
 * Whether a rule learned at `now` replaces the lesson `held`: when it is no higher than the
 * rule in force (a new refusal is fresh evidence), so that two processes told at once keep the lower.
 */
export function supersedes(
  documented: LimitRule,
  held: Lesson | undefined,
  learned: LimitRule,
  now: number,
): boolean {
  return size(learned) <= size(recoveredRule(documented, held, now));
}

/** When a lesson that still holds gives back its next step. */
export function nextStepAt(lesson: Lesson, now: number): number {
  return lesson.learnedAt + (stepsSince(lesson, now) + 1) * (RECOVERY_MS / RECOVERY_STEPS);
}

/** When a lesson no longer lowers anything, unless a new one comes. */
export function recoversAt(lesson: Lesson): number {
  return lesson.learnedAt + RECOVERY_MS;
}

export type SharedAdmission = Admission & {
  /** Present when the shared state answered (absent on a local fallback). */
  told?: Told;
};

/**
 * The RateLimiter's operations on state that several processes share, answered
 * asynchronously, plus what the upstream told: in Redis for the replicas of a deployment
 * (SharedRateLimiter), or in the cluster's primary for the workers of one replica
 * (ClusterRateLimiter). Pacing and client budgets take either. Callers pass the documented
 * rule; the store lowers it by the lesson it holds (recoveredRule).
 */
export interface CoordinatedLimiter {
  /** Takes `cost` units when they fit, and not while the key is paused; otherwise says when they would. */
  take(key: string, rule: LimitRule, cost?: number): Promise<SharedAdmission>;
  /** The standing, nothing spent. */
  peek(key: string, rule: LimitRule): Promise<SharedAdmission>;
  /** Milliseconds until `cost` would fit under the rule (a pause aside), nothing taken. */
  waitMs(key: string, rule: LimitRule, cost?: number): Promise<number>;
  /** Returns `cost` units taken for a call that was refused after all. */
  giveBack(key: string, rule: LimitRule, cost?: number): Promise<void>;
  /** A bucket with room for one unit at `atMs`, then its drain rate, without a burst. */
  fullAt(key: string, rule: LimitRule, atMs: number): Promise<void>;
  /**
   * Records what the upstream told: pauses only lengthen; a learned rule replaces the lesson
   * held when it is no higher than the rule in force now (fresh evidence restarts the climb).
   */
  tell(key: string, rule: LimitRule, told: Told): Promise<void>;
  /**
   * Whether a count read now holds every unit taken under the key in the last `windowMs`
   * (the pacer learns a limit only from such a count).
   */
  answeredThroughout(windowMs: number): boolean;
}

/**
 * Where a process keeps a rule's state when no shared store answers: its own memory
 * (RateLimiter), or the cluster's primary (a ClusterRateLimiter) for the workers of a replica.
 */
export interface LocalLimiter {
  take(key: string, rule: LimitRule, cost?: number): Admission | Promise<Admission>;
  peek(key: string, rule: LimitRule): Admission | Promise<Admission>;
  waitMs(key: string, rule: LimitRule, cost?: number): number | Promise<number>;
  giveBack(key: string, rule: LimitRule, cost?: number): void | Promise<void>;
  fullAt(key: string, rule: LimitRule, atMs: number): void | Promise<void>;
}
