import { Metrics } from '../../src/observability/metrics';
import { ClusterRateLimiter } from '../../src/upstream/cluster-rate-limiter';
import type { CoordinatedLimiter } from '../../src/upstream/coordinated-limiter';
import { RateLimiter, type LimitRule } from '../../src/upstream/rate-limiter';
import { SharedRateLimiter } from '../../src/upstream/shared-rate-limiter';
import { SharedRedis } from '../../src/upstream/shared-redis';
import { FakeClock } from '../support/time';
import { answersOf, expectedOf, LIMIT_CASES, pauses } from '../support/limit-cases';
import { differencesFromMemory } from '../support/limiter-script';
import { primaryOn } from '../support/limiter-primary';
import { useRedis } from '../support/redis';

/*
 * The rate-limit arithmetic, one table (test/support/limit-cases.ts) against each of its
 * implementations on an injected clock: the in-memory RateLimiter; the cluster primary's
 * host (WORKERS > 1), as a worker reaches it; the Redis scripts, on a real redis-server.
 * Then what only the stores shared by several processes do: one budget and one pause for
 * two workers or two replicas.
 */

const redis = useRedis();

let connections: SharedRedis[] = [];
let namespaces = 0;

/** A connection to the test's Redis, under `keyPrefix` (one prefix for the replicas of one deployment). */
async function connect(keyPrefix: string): Promise<SharedRedis> {
  const shared = new SharedRedis({ url: redis.url, timeoutMs: 500, keyPrefix }, new Metrics());
  await shared.connect();
  expect(shared.status).toBe('up');
  connections.push(shared);
  return shared;
}

afterEach(async () => {
  await Promise.all(connections.map((shared) => shared.close()));
  connections = [];
});

/** `count` limiters over one store, on `clock`, whose keys no other test shares. */
type Store = (clock: FakeClock, count: number) => Promise<CoordinatedLimiter[]>;

const primary: Store = async (clock, count) => {
  const { worker } = primaryOn(clock);
  return Array.from({ length: count }, () => new ClusterRateLimiter(worker(), 'cases:'));
};

const inRedis: Store = async (clock, count) => {
  namespaces += 1;
  const options = { namespace: `case-${namespaces}:`, operation: 'pacing', replicas: count, clock };
  const replicas = await Promise.all(Array.from({ length: count }, () => connect('limit-cases:')));
  return replicas.map((shared) => new SharedRateLimiter(shared, options));
};

const STORES: Array<[string, Store]> = [
  ["the cluster primary's host", primary],
  ['Redis', inRedis],
];

describe('the rate-limit arithmetic, case by case', () => {
  const cases = LIMIT_CASES.map((row) => [row.name, row] as const);

  const untold = LIMIT_CASES.filter((row) => !pauses(row)).map((row) => [row.name, row] as const);

  it.each(untold)('in memory: %s', async (_name, row) => {
    expect(await answersOf((clock) => new RateLimiter(clock), row)).toEqual(expectedOf(row));
  });

  describe.each(STORES)('%s', (_store, store) => {
    it.each(cases)('%s', async (_name, row) => {
      expect(await answersOf(async (clock) => (await store(clock, 1))[0]!, row)).toEqual(expectedOf(row));
    });
  });
});

const WINDOW: LimitRule = { kind: 'window', limit: 5, windowMs: 1_000 };
const BUCKET: LimitRule = { kind: 'bucket', capacity: 4, drainPerSecond: 3.3 };

describe.each(STORES)('%s, shared by two processes', (_store, store) => {
  it.each([
    ['a window (strict sliding log)', WINDOW],
    ['a leaky bucket', BUCKET],
  ])('answers 400 random operations, taking turns, as one memory limiter does: %s', async (_name, rule) => {
    const clock = new FakeClock(0);
    const { differing, refused } = await differencesFromMemory(clock, rule, await store(clock, 2));
    expect(differing).toEqual([]);
    // The sequence exercised refusals and waits, not only admissions.
    expect(refused).toBe(true);
  });

  it('keeps one budget for both, and a pause or a lower rule told by one holds for the other', async () => {
    const clock = new FakeClock(0);
    const [a, b] = (await store(clock, 2)) as [CoordinatedLimiter, CoordinatedLimiter];
    const taken = [];
    for (let call = 0; call < 6; call += 1)
      taken.push((await (call % 2 ? b : a).take('requests', WINDOW)).allowed);
    expect(taken).toEqual([true, true, true, true, true, false]);
    await clock.advance(1_000);
    await a.tell('requests', WINDOW, { pausedUntil: 1_500 });
    expect(await b.take('requests', WINDOW)).toMatchObject({ allowed: false, waitMs: 500 });
    expect((await b.take('requests', WINDOW)).told).toEqual({ pausedUntil: 1_500 });
    await a.tell('requests', WINDOW, { pausedUntil: 0, rule: { ...WINDOW, limit: 2 } });
    await clock.advance(500);
    const lowered = await b.take('requests', WINDOW);
    expect(lowered).toMatchObject({ allowed: true, limit: 2, remaining: 1 });
    expect(lowered.told?.rule).toEqual({ ...WINDOW, limit: 2 });
  });
});
