import { Metrics } from '../../src/observability/metrics';
import { SharedRateLimiter } from '../../src/upstream/shared-rate-limiter';
import { SharedRedis } from '../../src/upstream/shared-redis';
import { FakeClock, waitFor } from '../support/time';
import { useRedis } from '../support/redis';

/*
 * The rate limiter's state in Redis, one atomic script per operation, beyond the arithmetic
 * every implementation shares (test/shared/limit-cases.test.ts): Redis forgets drained
 * keys; without Redis each replica keeps its share of every rule.
 */

const redis = useRedis();

let prefixes = 0;

async function connect(metrics = new Metrics()): Promise<SharedRedis> {
  prefixes += 1;
  const shared = new SharedRedis(
    { url: redis.url, timeoutMs: 500, keyPrefix: `limiter-test-${prefixes}:` },
    metrics,
  );
  await shared.connect();
  expect(shared.status).toBe('up');
  return shared;
}

describe('the Redis store of the rate limiter', () => {
  let shared: SharedRedis;
  beforeAll(async () => {
    shared = await connect();
  });
  afterAll(() => shared.close());

  it('forgets a key once it has drained (PEXPIRE), so Redis holds only live budgets', async () => {
    const clock = new FakeClock(Date.now());
    const limiter = new SharedRateLimiter(shared, {
      namespace: 'expiry:',
      operation: 'test',
      replicas: 1,
      clock,
    });
    await limiter.take('bucket', { kind: 'bucket', capacity: 10, drainPerSecond: 20 }, 2);
    await limiter.take('window', { kind: 'window', limit: 3, windowMs: 100 }, 1);
    const ttl = async (key: string) => shared.client.pttl(`{expiry:${key}}`);
    // 2 units at 20 a second drain in 100 ms; the window's call leaves it in 100 ms; both plus a second's margin.
    expect(await ttl('bucket')).toBeGreaterThan(900);
    expect(await ttl('bucket')).toBeLessThanOrEqual(1_100);
    expect(await ttl('window')).toBeGreaterThan(900);
    expect(await ttl('window')).toBeLessThanOrEqual(1_100);
    // Given back, the bucket is empty again and its key is gone.
    await limiter.giveBack('bucket', { kind: 'bucket', capacity: 10, drainPerSecond: 20 }, 2);
    expect(await shared.client.exists('{expiry:bucket}')).toBe(0);
  });
});

describe('the Redis store while Redis is down', () => {
  it('keeps 1/REPLICAS of each rule locally, counting each fallback', async () => {
    const metrics = new Metrics();
    const shared = await connect(metrics);
    const clock = new FakeClock(0);
    const limiter = new SharedRateLimiter(shared, {
      namespace: 'down:',
      operation: 'pacing',
      replicas: 3,
      clock,
    });
    try {
      await redis.stop();
      // The first command may be the one that finds Redis gone; from then on the local answer is immediate.
      const window = { kind: 'window', limit: 60, windowMs: 61_000 } as const;
      const admitted = [];
      for (let call = 0; call < 25; call += 1)
        admitted.push((await limiter.take('requests', window)).allowed);
      expect(admitted.filter(Boolean)).toHaveLength(20);
      const bucket = { kind: 'bucket', capacity: 19, drainPerSecond: 9 } as const;
      // A third of 19 is 6 (rounded down); a third of 9 a second is 3 a second.
      expect(await limiter.take('search', bucket, 6)).toMatchObject({
        allowed: true,
        limit: 6,
        remaining: 0,
      });
      expect(await limiter.take('search', bucket, 1)).toMatchObject({ allowed: false, waitMs: 334 });
      const fallbacks = (await metrics.registry.metrics()).match(
        /^loccode_redis_fallbacks_total\{operation="pacing"\} (\d+)$/m,
      );
      expect(Number(fallbacks?.[1])).toBe(27);
    } finally {
      await redis.start();
      // Closed once reconnected: a connection closed while reconnecting leaves a timer behind.
      await waitFor(() => shared.status === 'up', { everyMs: 50 }).catch(() => undefined);
      await shared.close();
    }
  });
});
