import { randomUUID } from 'node:crypto';
import { systemClock, type Clock } from '../kernel/clock';
import { sharedKey } from './shared-cache';
import type { SharedRedis } from './shared-redis';
import { waitingMs, type FlightOptions, type Flights } from './flights';

/** How often a waiting replica looks for the owner's answer: a cold upstream call takes far longer. */
const POLL_MS = 25;

/** Deletes the lock only if it is still ours: past its TTL another replica may hold it. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

/**
 * Single flight across replicas (flights.ts): of the replicas asking the same cold key, the
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
    private readonly options: FlightOptions,
    private readonly clock: Clock = systemClock,
  ) {}

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
