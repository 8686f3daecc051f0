import { keyHash } from '../../src/server/access/callers';
import type { GraphQLResult } from '../support/gateway';
import { startReplicas, type Replicas } from '../support/replicas';
import { useRedis } from '../support/redis';
import { FakeClock, waitFor } from '../support/time';

/*
 * A client's budget (CLIENT_POINTS_PER_MINUTE, a leaky bucket of cost points)
 * is one for all replicas. The replicas share one fake clock that the test moves, so no
 * point drains unless the test says so: the counts below are exact.
 */

const redis = useRedis();

const SPREAD_KEY = 'lg_spread-over-replicas';
const OUTAGE_KEY = 'lg_spends-through-an-outage';
/** One point (README, Keys, cost and budgets: a street is one upstream call); answered from the response cache after the first. */
const STREET = '{ loccode(code: "KN3A 7QP") { street { name } } }';

describe('a client budget of 100 points a minute over three replicas', () => {
  let replicas: Replicas;
  const clock = new FakeClock();
  beforeAll(async () => {
    replicas = await startReplicas(
      3,
      {
        REDIS_URL: redis.url,
        REPLICAS: '3',
        GATEWAY_API_KEYS: `spread:${keyHash(SPREAD_KEY)},outage:${keyHash(OUTAGE_KEY)}`,
        CLIENT_POINTS_PER_MINUTE: '100',
        QUERY_MAX_COST: '10',
        UPSTREAM_PACING: 'off',
        UPSTREAM_CACHE: 'off',
      },
      { clock },
    );
  });
  afterAll(async () => {
    await redis.start();
    await replicas.close();
  });

  /** `count` requests of one point, round-robin over the replicas, one after the other. */
  async function spend(key: string, count: number): Promise<GraphQLResult[]> {
    const answers = [];
    for (let index = 0; index < count; index += 1)
      answers.push(await replicas.query(index % 3, STREET, undefined, { 'x-api-key': key }));
    return answers;
  }

  /** The street's name in the sandbox's dataset. */
  const streetName = () =>
    replicas.sandbox.dataset.streets.find((street) => street.code === 'KN3A 7QP')?.name;
  const admitted = (answers: GraphQLResult[]) => answers.filter((answer) => answer.status === 200);

  /** Every answer is the street, or a 429 RATE_LIMITED with its Retry-After: nothing else. */
  function expectAnsweredOrRefused(answers: GraphQLResult[]): void {
    const unexpected = answers.filter((answer) =>
      answer.status === 200
        ? answer.data?.loccode?.street?.name !== streetName()
        : answer.status !== 429 ||
          answer.errors?.[0]?.extensions?.code !== 'RATE_LIMITED' ||
          !(Number(answer.response.headers['retry-after']) >= 1),
    );
    expect(unexpected.map((answer) => [answer.status, answer.errors])).toEqual([]);
  }

  async function fallbacks(): Promise<number> {
    let total = 0;
    for (const app of replicas.apps) {
      const text = await app.metrics.registry.metrics();
      total += Number(/^loccode_redis_fallbacks_total\{operation="budgets"\} (\d+)$/m.exec(text)?.[1] ?? 0);
    }
    return total;
  }

  it('is spent once, whichever replica is asked: refused after 100 points in total', async () => {
    const answers = await spend(SPREAD_KEY, 120);
    expectAnsweredOrRefused(answers);
    expect(admitted(answers)).toHaveLength(100);
    // Each replica saw what the others spent: the remaining points fall by one a request.
    expect(
      answers.slice(0, 100).map((answer) => Number(answer.response.headers['x-ratelimit-remaining'])),
    ).toEqual(Array.from({ length: 100 }, (_, index) => 99 - index));
    for (const refused of answers.slice(100)) {
      expect(refused.status).toBe(429);
      expect(refused.response.headers['x-ratelimit-limit']).toBe('100');
      // One point at 100 a minute drains in 0.6 s.
      expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    }
    // Thirty seconds later half the budget is back, for all replicas together.
    clock.moveTo(clock.now() + 30_000);
    expect(admitted(await spend(SPREAD_KEY, 60))).toHaveLength(50);
    expect(await fallbacks()).toBe(0);
  });

  it('while Redis is down, each replica keeps a third of it (33), less what it already spent; no request fails', async () => {
    const before = await spend(OUTAGE_KEY, 30);
    expect(admitted(before)).toHaveLength(30);
    await redis.stop();
    const during = await spend(OUTAGE_KEY, 90);
    expectAnsweredOrRefused(during);
    // 10 points spent through each replica already: 23 more each, 99 in all, never above the 100.
    expect(admitted(during)).toHaveLength(3 * 23);
    expect(during.map((answer) => answer.response.headers['x-ratelimit-limit'])).toEqual(
      during.map(() => '33'),
    );
    expect(await fallbacks()).toBeGreaterThanOrEqual(90);

    // Redis back: within 5 s every replica charges the shared budget again (the limit says 100).
    await redis.start();
    let after: GraphQLResult[] = [];
    const shared = async () => {
      after = await Promise.all(
        [0, 1, 2].map((replica) => replicas.query(replica, STREET, undefined, { 'x-api-key': SPREAD_KEY })),
      );
      return after.every((answer) => answer.response.headers['x-ratelimit-limit'] === '100');
    };
    await waitFor(shared, { timeoutMs: 5_000, everyMs: 100 }).catch(() => undefined);
    expect(after.map((answer) => answer.response.headers['x-ratelimit-limit'])).toEqual([
      '100',
      '100',
      '100',
    ]);
    const settled = await fallbacks();
    await spend(SPREAD_KEY, 3);
    expect(await fallbacks()).toBe(settled);
  });
});
