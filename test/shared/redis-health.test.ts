import { SINGLE_REQUEST_DISCIPLINE, startTestStack, type TestStack } from '../support/gateway';
import { useRedis } from '../support/redis';
import { waitFor } from '../support/time';

/*
 * REDIS_URL turns shared state on; Redis going away is never the client's
 * problem. `/readyz` says `degraded` (still 200), `loccode_redis_up` drops to 0, queries
 * keep their answers, and the replica reconnects by itself when Redis is back.
 */

const redis = useRedis();

/** Whether `check` holds within `withinMs` (Redis stops and returns in real time). */
function eventually(check: () => Promise<boolean>, withinMs: number): Promise<boolean> {
  return waitFor(check, { timeoutMs: withinMs, everyMs: 100 }).then(
    () => true,
    () => false,
  );
}

describe('a replica and its Redis', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      ...SINGLE_REQUEST_DISCIPLINE,
      REDIS_URL: redis.url,
      REDIS_TIMEOUT_MS: '200',
    });
  });
  afterAll(() => stack.close());

  const origin = () => new URL(stack.app.url).origin;
  const readyz = async () => stack.http.get(`${origin()}/readyz`);
  const redisUp = async () =>
    /^loccode_redis_up 1$/m.test((await stack.http.get(`${origin()}/metrics`)).text);

  it('says redis is up in /readyz and in /metrics', async () => {
    const response = await readyz();
    expect(response.status).toBe(200);
    expect(response.json.redis).toBe('up');
    expect(await redisUp()).toBe(true);
  });

  it('serves on when Redis stops (degraded, still ready), and resumes within 5 s of its return', async () => {
    await redis.stop();
    expect(await eventually(async () => (await readyz()).json.redis === 'degraded', 5000)).toBe(true);
    expect((await readyz()).status).toBe(200);
    const { data, errors } = await stack.query('{ loccode(code: "KN3A 7QP") { climate { state } } }');
    expect(errors).toBeUndefined();
    expect(data.loccode.climate.state).toBe('Kano');
    expect(await redisUp()).toBe(false);

    await redis.start();
    expect(await eventually(async () => (await readyz()).json.redis === 'up', 5000)).toBe(true);
    expect(await redisUp()).toBe(true);
  });
});

describe('without REDIS_URL', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack(SINGLE_REQUEST_DISCIPLINE);
  });
  afterAll(() => stack.close());

  it('runs on local state and /readyz names no redis', async () => {
    const response = await stack.http.get(`${new URL(stack.app.url).origin}/readyz`);
    expect(response.status).toBe(200);
    expect(response.json.redis).toBeUndefined();
  });
});
