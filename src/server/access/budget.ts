import { systemClock, type Clock } from '../../kernel/clock';
import type { BudgetStanding } from '../../kernel/caller';
import { ClusterRateLimiter } from '../../upstream/cluster-rate-limiter';
import type { CoordinatedLimiter } from '../../upstream/coordinated-limiter';
import type { PrimaryRpc } from '../../upstream/primary-rpc';
import { RateLimiter, type Admission, type LimitRule } from '../../upstream/rate-limiter';
import { SharedRateLimiter } from '../../upstream/shared-rate-limiter';
import type { SharedRedis } from '../../upstream/shared-redis';

export type Charge =
  ({ allowed: true } & BudgetStanding) | ({ allowed: false; retryAfterSeconds: number } & BudgetStanding);

/**
 * A leaky bucket per caller, counted in query cost: a query pours its cost
 * in, the bucket drains at the budget's rate, and a query that would overflow it is
 * refused whole, with the seconds until it would fit. Refused queries pour nothing.
 * Keyed clients have one each; anonymous callers one per address.
 *
 * With Redis each caller's bucket is one for all replicas: a client spreading
 * its requests over them gets its budget once, not once per replica. While Redis is
 * unreachable each replica keeps a local bucket of 1/REPLICAS of the budget (capacity and
 * rate), so that a client spread over the replicas by the load balancer still gets about
 * its budget in total, never REPLICAS times it; a client held to one replica gets that
 * share until Redis is back, and `X-RateLimit-Limit` says so.
 *
 * With WORKERS > 1 the cluster's primary keeps every bucket for all the workers
 * of a replica (`cluster`), so a client's requests spread over the workers spend one budget,
 * as in one process; with Redis as well, the primary keeps the replica's share of each
 * while Redis is unreachable.
 *
 * In one process without Redis every answer is computed at once (no promise): this runs on every request.
 */
export class Budgets {
  private readonly limiter: RateLimiter;
  private readonly shared?: CoordinatedLimiter;
  private readonly rule: LimitRule;

  constructor(
    readonly pointsPerMinute: number,
    clock: Clock = systemClock,
    shared?: { redis: SharedRedis; replicas: number },
    cluster?: PrimaryRpc,
  ) {
    this.limiter = new RateLimiter(clock);
    const primary = cluster && new ClusterRateLimiter(cluster, 'budget:');
    this.shared = shared
      ? new SharedRateLimiter(shared.redis, {
          namespace: 'budget:',
          operation: 'budgets',
          replicas: shared.replicas,
          clock,
          ...(primary && { local: primary }),
        })
      : primary;
    this.rule = { kind: 'bucket', capacity: pointsPerMinute, drainPerSecond: pointsPerMinute / 60 };
  }

  charge(caller: string, cost: number): Charge | Promise<Charge> {
    if (this.shared) return this.shared.take(caller, this.rule, cost).then(charged);
    return charged(this.limiter.take(caller, this.rule, cost));
  }

  /** The caller's standing without spending anything. */
  peek(caller: string): BudgetStanding | Promise<BudgetStanding> {
    if (this.shared) return this.shared.peek(caller, this.rule).then(standing);
    return standing(this.limiter.peek(caller, this.rule));
  }
}

function charged(admission: Admission): Charge {
  if (admission.allowed) return { allowed: true, ...standing(admission) };
  return { allowed: false, retryAfterSeconds: Math.ceil(admission.waitMs / 1000), ...standing(admission) };
}

function standing({ limit, remaining, fullInMs }: Admission): BudgetStanding {
  return { limit, remaining, resetSeconds: Math.ceil(fullInMs / 1000) };
}
