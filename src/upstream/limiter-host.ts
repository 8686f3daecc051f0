import { systemClock, type Clock } from '../kernel/clock';
import type { SharedAdmission, Told } from './coordinated-limiter';
import { LimiterMemory } from './limiter-memory';
import type { LimitRule } from './rate-limiter';

/** One operation a worker asks of the primary's limiter (ClusterRateLimiter sends them). */
export type LimiterRequest = { namespace: string; key: string; rule: LimitRule } & (
  | { op: 'take' | 'waitMs' | 'giveBack'; cost: number }
  | { op: 'peek' }
  | { op: 'fullAt'; atMs: number }
  | { op: 'tell'; told: Told }
);

/**
 * The primary's side of pacing and client budgets for its workers (WORKERS > 1): one
 * LimiterMemory per namespace on one clock, one state per key whichever worker asks, so
 * every limit holds as in one process. The primary answers one message at a time, so each
 * operation is atomic, as a Redis script is.
 */
export class LimiterHost {
  /** One memory per namespace (`pace:agriculture:`, `budget:`), so their keys never meet. */
  private readonly memories = new Map<string, LimiterMemory>();

  constructor(private readonly clock: Clock = systemClock) {}

  answer(request: LimiterRequest): SharedAdmission | number | undefined {
    const { key, rule } = request;
    const memory = this.memoryOf(request.namespace);
    switch (request.op) {
      case 'take':
        return memory.take(key, rule, request.cost);
      case 'peek':
        return memory.peek(key, rule);
      case 'waitMs':
        return memory.waitMs(key, rule, request.cost);
      case 'giveBack':
        return void memory.giveBack(key, rule, request.cost);
      case 'fullAt':
        return void memory.fullAt(key, rule, request.atMs);
      case 'tell':
        return void memory.tell(key, rule, request.told);
    }
  }

  private memoryOf(namespace: string): LimiterMemory {
    let memory = this.memories.get(namespace);
    if (!memory) {
      memory = new LimiterMemory(this.clock);
      this.memories.set(namespace, memory);
    }
    return memory;
  }
}
