import { systemClock, type Clock } from '../kernel/clock';
import {
  lessonHolds,
  recoveredRule,
  recoversAt,
  supersedes,
  type Lesson,
  type SharedAdmission,
  type Told,
} from './coordinated-limiter';
import { RateLimiter, type LimitRule } from './rate-limiter';

/** One operation a worker asks of the primary's limiter (ClusterRateLimiter sends them). */
export type LimiterRequest = { namespace: string; key: string; rule: LimitRule } & (
  | { op: 'take' | 'waitMs' | 'giveBack'; cost: number }
  | { op: 'peek' }
  | { op: 'fullAt'; atMs: number }
  | { op: 'tell'; told: Told }
);

/** What the primary remembers the upstream told about a key. */
interface Held {
  pausedUntil: number;
  lesson?: Lesson;
}

/**
 * The primary's side of pacing and client budgets for its workers (WORKERS > 1): the same
 * RateLimiter math on one clock, one state per key whichever worker asks, so every limit
 * holds as in one process. The primary answers one message at a time, so each operation is
 * atomic, as a Redis script is. What the upstream told is kept per key with the same rules
 * as SharedRateLimiter's Lua: a take is refused while the key is paused, and a learned rule
 * lowers the documented one the worker asks with, recovering as recoveredRule says.
 */
export class LimiterHost {
  /** One limiter per namespace (`pace:agriculture:`, `budget:`), so their keys never meet. */
  private readonly limiters = new Map<string, RateLimiter>();
  private readonly held = new Map<string, Held>();

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
    if (request.op === 'tell') return void this.learn(id, request.rule, request.told, now);
    const held = this.heldOf(id, now);
    const lesson = held?.lesson;
    const rule = recoveredRule(request.rule, lesson, now);
    const told: Told = {
      pausedUntil: held?.pausedUntil ?? 0,
      ...(lessonHolds(request.rule, lesson, now) && { rule: lesson.rule, learnedAt: lesson.learnedAt }),
    };
    switch (request.op) {
      case 'take':
        if (told.pausedUntil > now)
          return {
            allowed: false,
            waitMs: told.pausedUntil - now,
            limit: rule.kind === 'window' ? rule.limit : rule.capacity,
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

  /** Pauses only lengthen; a learned rule replaces the lesson held as `supersedes` says. */
  private learn(
    id: string,
    documented: LimitRule,
    { pausedUntil, rule, learnedAt }: Told,
    now: number,
  ): void {
    const held = this.heldOf(id, now) ?? { pausedUntil: 0 };
    held.pausedUntil = Math.max(held.pausedUntil, pausedUntil);
    if (rule && supersedes(documented, held.lesson, rule, now))
      held.lesson = { rule, learnedAt: learnedAt ?? now };
    this.held.set(id, held);
  }

  /** The key's pause and lesson while either still holds; forgotten once neither does. */
  private heldOf(id: string, now: number): Held | undefined {
    const held = this.held.get(id);
    if (!held) return undefined;
    if (held.lesson && recoversAt(held.lesson) <= now) delete held.lesson;
    if (!held.lesson && held.pausedUntil <= now) {
      this.held.delete(id);
      return undefined;
    }
    return held;
  }
}
