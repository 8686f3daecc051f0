import { startRedis, type LocalRedis } from '../../bench/redis';

/** A Redis for the shared-state tests, the benchmark's: see bench/redis.ts. */
export type TestRedis = LocalRedis;
export { startRedis };

/** A Redis for one `describe`: started before its tests, stopped after the last. */
export function useRedis(): TestRedis {
  let redis: TestRedis | undefined;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.stop());
  return new Proxy({} as TestRedis, {
    get: (_target, member) => {
      if (!redis) throw new Error('Redis starts in beforeAll: use it inside tests and hooks.');
      return redis[member as keyof TestRedis];
    },
  });
}
