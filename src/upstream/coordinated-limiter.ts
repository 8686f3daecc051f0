import type { Admission, LimitRule } from './rate-limiter';

/**
 * What the upstream told about a key, kept next to its state, so that one process's lesson
 * holds for all (issues #13, #17): a pause (a 429's Retry-After, a window spent) and a rule
 * lower than the documented one (a learned limit).
 */
export interface Told {
  /** Epoch milliseconds until which the key admits nothing; 0 when it is not paused. */
  pausedUntil: number;
  /** The lower rule a process learned, when the answer was computed under it. */
  rule?: LimitRule;
}

/** A learned rule is forgotten after a day without a new lesson (a fresh process re-learns it). */
export const TOLD_RULE_TTL_MS = 86_400_000;

export type SharedAdmission = Admission & {
  /** Present when the shared state answered (absent on a local fallback). */
  told?: Told;
};

/**
 * The RateLimiter's operations on state that several processes share, answered
 * asynchronously, plus what the upstream told: in Redis for the replicas of a deployment
 * (SharedRateLimiter, issue #13), or in the cluster's primary for the workers of one
 * replica (ClusterRateLimiter, issue #17). Pacing and client budgets take either.
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
  /** Records what the upstream told: pauses only lengthen, rules only lower. */
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
