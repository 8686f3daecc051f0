import { randomUUID } from 'node:crypto';
import { systemClock, type Clock } from '../kernel/clock';
import { sharedKey } from './shared-cache';
import type { SharedRedis } from './shared-redis';

/** How often a waiting replica looks for the owner's answer: a cold upstream call takes far longer. */
const POLL_MS = 25;

/** Deletes the lock only if it is still ours: past its TTL another replica may hold it. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

export interface SharedFlightOptions {
  /**
   * How long a lock lives when its owner never releases it (a replica that died mid-call).
   * The request deadline: the owner's pacing, retries and call are all cut to it.
   */
  lockTtlMs: number;
  /** Time a waiter keeps for its own call when it stops waiting (the upstream timeout; at most half what is left). */
  ownCallMs: number;
}

/**
 * How long a waiter waits for another's call before it makes its own: at most the lock's
 * TTL, and never so long that its own call would have no time left. Half the time left at
 * most is kept for that call, so a deadline shorter than the upstream timeout still waits.
 */
export function waitingMs(options: SharedFlightOptions, deadline: number, now: number): number {
  const kept = Math.min(options.ownCallMs, (deadline - now) / 2);
  return Math.max(0, Math.min(options.lockTtlMs, deadline - kept - now));
}

/** One call per identical call beyond this process: across replicas (Redis) or across workers (the primary). */
export interface Flights {
  /**
   * Whether a waiter reads the owner's answer from the shared cache (then only answers that
   * are cached can be handed over), rather than being handed it directly.
   */
  readonly throughCache: boolean;
  run<T>(
    cacheKey: string,
    deadline: number,
    fetch: () => Promise<T>,
    settled: () => Promise<{ value: T } | undefined>,
  ): Promise<T>;
}

/**
 * Single flight across replicas (issue #13): of the replicas asking the same cold key, the
 * first takes a Redis lock (SET NX PX) and makes the one upstream call; the others wait for
 * its answer to appear in the shared cache, polling, and make their own call when the lock
 * is gone without an answer (a failure, or a not-found that is not remembered), when the
 * lock outlives its TTL, or when waiting longer would leave their own call no time before
 * the deadline. Redis failing makes every replica its own owner: one call per replica.
 */
export class SharedFlights implements Flights {
  readonly throughCache = true;

  constructor(
    private readonly shared: SharedRedis,
    private readonly options: SharedFlightOptions,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * `fetch` as the one call for `cacheKey` across replicas, or the answer another replica
   * fetched: `settled` returns it once the shared cache holds it (or throws the remembered
   * refusal), undefined before. `fetch` must write the cache before it resolves.
   */
  async run<T>(
    cacheKey: string,
    deadline: number,
    fetch: () => Promise<T>,
    settled: () => Promise<{ value: T } | undefined>,
  ): Promise<T> {
    const lock = sharedKey('flight', cacheKey);
    const token = randomUUID();
    const role = await this.shared.run(
      'flight.lock',
      async (redis) =>
        (await redis.set(lock, token, 'PX', this.options.lockTtlMs, 'NX')) === 'OK' ? 'owner' : 'waiter',
      () => 'alone' as const,
    );
    if (role === 'alone') return fetch();
    if (role === 'owner') {
      try {
        // Another replica may have answered between our cache lookup and our lock: its answer is as good.
        const answer = await settled();
        return answer ? answer.value : await fetch();
      } finally {
        // Released after the answer is in the cache (fetch wrote it), so a waiter that sees no lock sees the answer.
        await this.shared.run(
          'flight.release',
          (redis) => redis.eval(RELEASE, 1, lock, token),
          () => 0,
        );
      }
    }
    const now = this.clock.now();
    const waitUntil = now + waitingMs(this.options, deadline, now);
    while (this.clock.now() < waitUntil) {
      await this.clock.sleep(POLL_MS);
      // The lock first: once it is gone, an answer the owner wrote is already there to read.
      const held = await this.shared.run(
        'flight.wait',
        async (redis) => (await redis.exists(lock)) === 1,
        () => false,
      );
      const answer = await settled();
      if (answer) return answer.value;
      if (!held) break;
    }
    return fetch();
  }
}
