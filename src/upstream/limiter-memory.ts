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

/** What is remembered the upstream told about a key. */
interface Held {
  pausedUntil: number;
  lesson?: Lesson;
}

/**
 * What a coordinated limiter keeps, in one process's memory: the units taken under each key
 * (RateLimiter) and what the upstream told about it, a pause and a lesson. It is the model
 * the Redis scripts (shared-rate-limiter.ts) port: a take is refused while the key is
 * paused, and a lesson lowers the documented rule the caller passes, recovering as
 * recoveredRule says. Each operation is synchronous, so that whoever serves several
 * processes from it (the cluster's primary) answers each atomically, as a script runs in Redis.
 */
export class LimiterMemory {
  private readonly limiter: RateLimiter;
  private readonly held = new Map<string, Held>();

  constructor(private readonly clock: Clock = systemClock) {
    this.limiter = new RateLimiter(clock);
  }

  /** Takes `cost` units when they fit, and not while the key is paused; otherwise says when they would. */
  take(key: string, rule: LimitRule, cost = 1): SharedAdmission {
    const now = this.clock.now();
    const { inForce, told } = this.standing(key, rule, now);
    if (told.pausedUntil <= now) return { ...this.limiter.take(key, inForce, cost), told };
    const limit = inForce.kind === 'window' ? inForce.limit : inForce.capacity;
    return { allowed: false, waitMs: told.pausedUntil - now, limit, remaining: 0, fullInMs: 0, told };
  }

  /** The standing, nothing spent: a pause does not refuse it. */
  peek(key: string, rule: LimitRule): SharedAdmission {
    const { inForce, told } = this.standing(key, rule, this.clock.now());
    return { ...this.limiter.peek(key, inForce), told };
  }

  /** Milliseconds until `cost` would fit under the rule in force (a pause aside), nothing taken. */
  waitMs(key: string, rule: LimitRule, cost = 1): number {
    return this.limiter.waitMs(key, this.standing(key, rule, this.clock.now()).inForce, cost);
  }

  giveBack(key: string, rule: LimitRule, cost = 1): void {
    this.limiter.giveBack(key, this.standing(key, rule, this.clock.now()).inForce, cost);
  }

  fullAt(key: string, rule: LimitRule, atMs: number): void {
    this.limiter.fullAt(key, this.standing(key, rule, this.clock.now()).inForce, atMs);
  }

  /** Pauses only lengthen; a learned rule replaces the lesson held as `supersedes` says. */
  tell(key: string, documented: LimitRule, { pausedUntil, rule, learnedAt }: Told): void {
    const now = this.clock.now();
    const held = this.heldOf(key, now) ?? { pausedUntil: 0 };
    held.pausedUntil = Math.max(held.pausedUntil, pausedUntil);
    if (rule && supersedes(documented, held.lesson, rule, now))
      held.lesson = { rule, learnedAt: learnedAt ?? now };
    this.held.set(key, held);
  }

  /** The rule in force for `documented` at `now`, and what is told of the key. */
  private standing(key: string, documented: LimitRule, now: number): { inForce: LimitRule; told: Told } {
    const held = this.heldOf(key, now);
    const lesson = held?.lesson;
    return {
      inForce: recoveredRule(documented, lesson, now),
      told: {
        pausedUntil: held?.pausedUntil ?? 0,
        ...(lessonHolds(documented, lesson, now) && { rule: lesson.rule, learnedAt: lesson.learnedAt }),
      },
    };
  }

  /** The key's pause and lesson while either still holds; forgotten once neither does. */
  private heldOf(key: string, now: number): Held | undefined {
    const held = this.held.get(key);
    if (!held) return undefined;
    if (held.lesson && recoversAt(held.lesson) <= now) delete held.lesson;
    if (!held.lesson && held.pausedUntil <= now) {
      this.held.delete(key);
      return undefined;
    }
    return held;
  }
}
