import { systemClock, type Clock } from '../../kernel/clock';
import type { BudgetStanding } from '../../kernel/caller';
import { RateLimiter, type Admission, type LimitRule } from '../../upstream/rate-limiter';

export type Charge =
  ({ allowed: true } & BudgetStanding) | ({ allowed: false; retryAfterSeconds: number } & BudgetStanding);

/**
 * A leaky bucket per caller, counted in query cost (issue #6): a query pours its cost
 * in, the bucket drains at the budget's rate, and a query that would overflow it is
 * refused whole, with the seconds until it would fit. Refused queries pour nothing.
 * Keyed clients have one each; anonymous callers one per address.
 */
export class Budgets {
  private readonly limiter: RateLimiter;
  private readonly rule: LimitRule;

  constructor(
    readonly pointsPerMinute: number,
    clock: Clock = systemClock,
  ) {
    this.limiter = new RateLimiter(clock);
    this.rule = { kind: 'bucket', capacity: pointsPerMinute, drainPerSecond: pointsPerMinute / 60 };
  }

  charge(caller: string, cost: number): Charge {
    const admission = this.limiter.take(caller, this.rule, cost);
    if (admission.allowed) return { allowed: true, ...standing(admission) };
    return { allowed: false, retryAfterSeconds: Math.ceil(admission.waitMs / 1000), ...standing(admission) };
  }

  /** The caller's standing without spending anything. */
  peek(caller: string): BudgetStanding {
    return standing(this.limiter.peek(caller, this.rule));
  }
}

function standing({ limit, remaining, fullInMs }: Admission): BudgetStanding {
  return { limit, remaining, resetSeconds: Math.ceil(fullInMs / 1000) };
}
