import type { BudgetStanding } from '../../kernel/caller';

export type Charge =
  ({ allowed: true } & BudgetStanding) | ({ allowed: false; retryAfterSeconds: number } & BudgetStanding);

interface Bucket {
  /** Points in the bucket at `at`; they leak out at `pointsPerMinute / 60` a second. */
  level: number;
  at: number;
}

/** Buckets that have drained are forgotten once there are this many (anonymous callers come and go). */
const SWEEP_AT = 10_000;

/**
 * A leaky bucket per caller, counted in query cost (issue #6): a query pours its cost
 * in, the bucket drains at the budget's rate, and a query that would overflow it is
 * refused whole, with the seconds until it would fit. Refused queries pour nothing.
 */
export class Budgets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    readonly pointsPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.perMs = pointsPerMinute / 60_000;
  }

  charge(caller: string, cost: number): Charge {
    const time = this.now();
    const level = this.levelAt(caller, time);
    const capacity = this.pointsPerMinute;
    if (cost > 0 && level + cost > capacity) {
      const retryAfterSeconds = Math.max(1, Math.ceil((level + cost - capacity) / this.perMs / 1000));
      return { allowed: false, retryAfterSeconds, ...this.standing(level) };
    }
    if (cost > 0) {
      if (this.buckets.size >= SWEEP_AT) this.sweep(time);
      this.buckets.set(caller, { level: level + cost, at: time });
    }
    return { allowed: true, ...this.standing(level + cost) };
  }

  /** The caller's standing without spending anything. */
  peek(caller: string): BudgetStanding {
    return this.standing(this.levelAt(caller, this.now()));
  }

  private levelAt(caller: string, time: number): number {
    const bucket = this.buckets.get(caller);
    if (!bucket) return 0;
    return Math.max(0, bucket.level - (time - bucket.at) * this.perMs);
  }

  private standing(level: number): BudgetStanding {
    return {
      limit: this.pointsPerMinute,
      remaining: Math.max(0, Math.floor(this.pointsPerMinute - level)),
      resetSeconds: Math.ceil(level / this.perMs / 1000),
    };
  }

  private sweep(time: number): void {
    for (const [caller, bucket] of this.buckets) {
      if (bucket.level - (time - bucket.at) * this.perMs <= 0) this.buckets.delete(caller);
    }
  }
}
