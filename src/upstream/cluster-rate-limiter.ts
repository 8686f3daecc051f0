import type { CoordinatedLimiter, SharedAdmission, Told } from './coordinated-limiter';
import type { LimiterRequest } from './limiter-host';
import type { PrimaryRpc } from './primary-rpc';
import type { LimitRule } from './rate-limiter';

/**
 * A worker's rate limiter when WORKERS > 1: every operation is a request to the cluster's
 * primary, which runs the RateLimiter math for all workers on one clock (LimiterHost,
 * LimiterMemory), so pacing and client budgets hold exactly as in one process. The same
 * interface as SharedRateLimiter, so the pacer and the budgets take either.
 *
 * Why not rate-limiter-flexible's RateLimiterCluster (the ready-made choice): it counts fixed
 * windows (not "at most 60 in any 61 s"), has no leaky bucket that says when a cost would
 * fit, nor anything like our giveBack, fullAt or what the upstream told (pauses and learned
 * limits), and reads the wall clock; rate-limiter.ts says more.
 */
export class ClusterRateLimiter implements CoordinatedLimiter {
  constructor(
    private readonly primary: PrimaryRpc,
    /** Keeps this user's keys apart from the others' in the primary: e.g. `pace:agriculture:`, `budget:`. */
    private readonly namespace: string,
  ) {}

  take(key: string, rule: LimitRule, cost = 1): Promise<SharedAdmission> {
    return this.ask({ op: 'take', key, rule, cost }) as Promise<SharedAdmission>;
  }

  peek(key: string, rule: LimitRule): Promise<SharedAdmission> {
    return this.ask({ op: 'peek', key, rule }) as Promise<SharedAdmission>;
  }

  waitMs(key: string, rule: LimitRule, cost = 1): Promise<number> {
    return this.ask({ op: 'waitMs', key, rule, cost }) as Promise<number>;
  }

  async giveBack(key: string, rule: LimitRule, cost = 1): Promise<void> {
    await this.ask({ op: 'giveBack', key, rule, cost });
  }

  async fullAt(key: string, rule: LimitRule, atMs: number): Promise<void> {
    await this.ask({ op: 'fullAt', key, rule, atMs });
  }

  async tell(key: string, rule: LimitRule, told: Told): Promise<void> {
    await this.ask({ op: 'tell', key, rule, told });
  }

  /** The primary counts every worker's units, and there is no fallback to miss any. */
  answeredThroughout(): boolean {
    return true;
  }

  private ask(request: DistributiveOmit<LimiterRequest, 'namespace'>): Promise<unknown> {
    return this.primary.call('limiter', { ...request, namespace: this.namespace });
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
