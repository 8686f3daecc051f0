import { systemClock, type Clock } from '../kernel/clock';
import { TOLD_RULE_TTL_MS, type SharedAdmission, type Told } from './coordinated-limiter';
import { RateLimiter, type LimitRule } from './rate-limiter';

/** One operation a worker asks of the primary's limiter (ClusterRateLimiter sends them). */
export type LimiterRequest = { namespace: string; key: string; rule: LimitRule } & (
  | { op: 'take' | 'waitMs' | 'giveBack'; cost: number }
  | { op: 'peek' }
  | { op: 'fullAt'; atMs: number }
  | { op: 'tell'; told: Told }
);

/** What the primary remembers the upstream told about a key, and until when a lowered rule holds. */
interface Lesson {
  pausedUntil: number;
  rule?: LimitRule;
  ruleUntil: number;
}

/**
 * The primary's side of pacing and client budgets for its workers (WORKERS > 1, issue #17):
 * the same RateLimiter math on one clock, one state per key whichever worker asks, so every
 * limit holds as in one process. The primary answers one message at a time, so each
 * operation is atomic, as a Redis script is. What the upstream told is kept per key with the
 * same rules as SharedRateLimiter's Lua: a take is refused while the key is paused, and a
 * rule lowered by a lesson replaces the documented one (a bucket's rate with it) until a day
 * passes without a new lesson.
 */
export class LimiterHost {
  /** One limiter per namespace (`pace:agriculture:`, `budget:`), so their keys never meet. */
  private readonly limiters = new Map<string, RateLimiter>();
  private readonly lessons = new Map<string, Lesson>();

  constructor(private readonly clock: Clock = systemClock) {}

  answer(request: LimiterRequest): SharedAdmission | number | undefined {
    const { namespace, key } = request;
    let limiter = this.limiters.get(namespace);
    if (!limiter) {
      limiter = new RateLimiter(this.clock);
      this.limiters.set(namespace, limiter);
    }
    const now = this.clock.now();
    const id = `${namespace}${key}`;
    if (request.op === 'tell') return void this.learn(id, request.told, now);
    const lesson = this.lessonOf(id, now);
    const lowered = lesson?.rule && loweredBy(lesson.rule, request.rule);
    const rule = lowered ?? request.rule;
    const told: Told = { pausedUntil: lesson?.pausedUntil ?? 0, ...(lowered && { rule: lowered }) };
    switch (request.op) {
      case 'take':
        if (told.pausedUntil > now)
          return {
            allowed: false,
            waitMs: told.pausedUntil - now,
            limit: size(rule),
            remaining: 0,
            fullInMs: 0,
            told,
          };
        return { ...limiter.take(key, rule, request.cost), told };
      case 'peek':
        return { ...limiter.peek(key, rule), told };
      case 'waitMs':
        return limiter.waitMs(key, rule, request.cost);
      case 'giveBack':
        return void limiter.giveBack(key, rule, request.cost);
      case 'fullAt':
        return void limiter.fullAt(key, rule, request.atMs);
    }
  }

  /** Pauses only lengthen; a rule only lowers, and each new lesson keeps it a day longer. */
  private learn(id: string, { pausedUntil, rule }: Told, now: number): void {
    const lesson = this.lessonOf(id, now) ?? { pausedUntil: 0, ruleUntil: 0 };
    lesson.pausedUntil = Math.max(lesson.pausedUntil, pausedUntil);
    if (rule) {
      if (!lesson.rule || lowerThan(rule, lesson.rule)) lesson.rule = rule;
      lesson.ruleUntil = now + TOLD_RULE_TTL_MS;
    }
    this.lessons.set(id, lesson);
  }

  /** The key's lesson while any of it still holds; forgotten once none does. */
  private lessonOf(id: string, now: number): Lesson | undefined {
    const lesson = this.lessons.get(id);
    if (!lesson) return undefined;
    if (lesson.rule && lesson.ruleUntil <= now) delete lesson.rule;
    if (!lesson.rule && lesson.pausedUntil <= now) {
      this.lessons.delete(id);
      return undefined;
    }
    return lesson;
  }
}

function size(rule: LimitRule): number {
  return rule.kind === 'window' ? rule.limit : rule.capacity;
}

/** A learned rule lowers one of its kind that is larger (SharedRateLimiter's Lua: `told.a < a`). */
function lowerThan(learned: LimitRule, rule: LimitRule): boolean {
  return learned.kind === rule.kind && size(learned) < size(rule);
}

/** The rule as a lesson lowers it, as the Lua does: a window's limit, or a bucket's capacity and rate. */
function loweredBy(learned: LimitRule, rule: LimitRule): LimitRule | undefined {
  if (!lowerThan(learned, rule)) return undefined;
  return learned.kind === 'window' && rule.kind === 'window' ? { ...rule, limit: learned.limit } : learned;
}
