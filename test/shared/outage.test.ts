import { SINGLE_REQUEST_DISCIPLINE, type GraphQLResult } from '../support/gateway';
import { useRedis } from '../support/redis';
import { useReplicas, type Replicas } from '../support/replicas';
import { waitFor } from '../support/time';

/*
 * Redis failure is never the client's problem. Redis stops in the middle of a run
 * of queries over three replicas: every request is answered, none with an error or a 5xx.
 * When it is back, the replicas share again within 5 s, and /metrics shows what happened.
 */

const redis = useRedis();

const climateOf = (code: string) =>
  `{ loccode(code: "${code}") { code climate { state airTemperatureCelsius } } }`;

/**
 * Whether the replicas share again within 5 s: a cold query answered by replica A costs
 * replica B nothing. Each try takes the next of `streets`; B's answers join `answers`.
 */
function sharingAgain(replicas: Replicas, answers: GraphQLResult[], streets: Array<{ code: string }>) {
  let attempt = 0;
  const sharedOnce = async () => {
    const code = streets[attempt++]!.code;
    await replicas.query(0, climateOf(code));
    const before = replicas.sandbox.controls.count();
    answers.push(await replicas.query(1, climateOf(code)));
    return replicas.sandbox.controls.count() === before;
  };
  return waitFor(sharedOnce, { timeoutMs: 5_000, everyMs: 200 }).then(
    () => true,
    () => false,
  );
}

/** Both caches on the suite's Redis, taken for hung after 200 ms. */
function cachedOnRedis(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...SINGLE_REQUEST_DISCIPLINE,
    UPSTREAM_CACHE: 'on',
    RESPONSE_CACHE: 'on',
    REDIS_URL: redis.url,
    REDIS_TIMEOUT_MS: '200',
    ...extra,
  };
}

/** Agriculture without its documented 60 a minute: each replica pays for its own misses while Redis is away. */
function unlimitedAgriculture(replicas: Replicas): void {
  replicas.sandbox.controls.setRateLimit('agriculture', 'requests', {
    kind: 'window',
    limit: 100_000,
    windowMs: 60_000,
  });
}

describe('three replicas when their Redis stops and comes back', () => {
  const replicas = useReplicas(3, () => cachedOnRedis());
  // Pacing is off here, so misses go straight to the service.
  beforeEach(() => unlimitedAgriculture(replicas));

  const metricsOf = async (index: number) =>
    (await replicas.http.get(`${new URL(replicas.apps[index]!.url).origin}/metrics`)).text;
  const fallbacks = (metrics: string) =>
    [...metrics.matchAll(/^loccode_redis_fallbacks_total\{[^}]*\} (\d+)$/gm)].reduce(
      (sum, [, value]) => sum + Number(value),
      0,
    );

  it('answers every query while Redis is down, then shares again within 5 s of its return', async () => {
    const streets = replicas.sandbox.dataset.streets;
    const answers: GraphQLResult[] = [];
    let running = true;
    // Four clients, each asking round-robin over the replicas, from a pool of 40 loccodes (cold and warm).
    const client = async (offset: number) => {
      for (let n = offset; running; n += 4)
        answers.push(await replicas.query(n % 3, climateOf(streets[100 + (n % 40)]!.code)));
    };
    const clients = [0, 1, 2, 3].map(client);
    let duringOutage = 0;
    let resumed = false;
    let restarted = 0;
    try {
      await waitFor(() => answers.length >= 20, { what: 'the clients under way' });
      await redis.stop();
      const beforeOutage = answers.length;
      await waitFor(() => answers.length - beforeOutage > 10, { what: 'answers while Redis is down' });
      duringOutage = answers.length - beforeOutage;
      await redis.start();
      restarted = Date.now();
      resumed = await sharingAgain(replicas, answers, streets.slice(200));
    } finally {
      running = false;
      await Promise.all(clients);
    }

    expect(resumed).toBe(true);
    expect(duringOutage).toBeGreaterThan(10);
    for (const { status, errors, data } of answers) {
      expect(status).toBe(200);
      expect(errors).toBeUndefined();
      expect(data.loccode.climate.state).toEqual(expect.any(String));
    }
    for (const index of [0, 1, 2]) {
      // Each replica reconnects on its own schedule (at most 2 s apart): every one within 5 s of the return.
      let metrics = '';
      const up = async () => /^loccode_redis_up 1$/m.test((metrics = await metricsOf(index)));
      await waitFor(up, { timeoutMs: Math.max(0, restarted + 5_000 - Date.now()), everyMs: 100 }).catch(
        () => undefined,
      );
      expect(metrics).toMatch(/^loccode_redis_up 1$/m);
      // Every replica served from its own state while Redis was away, and counted it.
      expect(fallbacks(metrics)).toBeGreaterThan(0);
    }
  });
});

describe('three replicas when their Redis hangs and wakes up', () => {
  const replicas = useReplicas(3, () =>
    cachedOnRedis({
      // Apart from what the outage test above left in the same Redis.
      REDIS_KEY_PREFIX: 'hang:',
    }),
  );
  beforeEach(() => unlimitedAgriculture(replicas));

  it('answers every query while Redis holds its connections and answers nothing, then shares again', async () => {
    const streets = replicas.sandbox.dataset.streets;
    const answers: GraphQLResult[] = [];
    const during: GraphQLResult[] = [];
    let hung = false;
    let running = true;
    const client = async (offset: number) => {
      for (let n = offset; running; n += 4) {
        const answer = await replicas.query(n % 3, climateOf(streets[140 + (n % 40)]!.code));
        answers.push(answer);
        if (hung) during.push(answer);
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    let resumed = false;
    let readiness: unknown[] = [];
    try {
      await waitFor(() => answers.length >= 20, { what: 'the clients under way' });
      redis.pause();
      hung = true;
      // One timeout, then local state at once: four clients get past 100 answers in well under 3 s.
      await waitFor(() => during.length > 100, { timeoutMs: 3_000, what: 'answers while Redis hangs' });
      readiness = await Promise.all(
        [0, 1, 2].map(
          async (index) =>
            (await replicas.http.get(`${new URL(replicas.apps[index]!.url).origin}/readyz`)).json,
        ),
      );
      hung = false;
      redis.resume();
      resumed = await sharingAgain(replicas, answers, streets.slice(240));
    } finally {
      hung = false;
      redis.resume();
      running = false;
      await Promise.all(clients);
    }

    expect(resumed).toBe(true);
    // Every replica that asked Redis saw it hang, and said so while staying ready.
    expect(readiness).toEqual([0, 1, 2].map(() => expect.objectContaining({ redis: 'degraded' })));
    // One timeout, then local state at once until a PING answers: otherwise each request would wait
    // out a timeout per Redis command, and the clients would get only a handful of answers.
    expect(during.length).toBeGreaterThan(100);
    for (const { status, errors, data } of answers) {
      expect(status).toBe(200);
      expect(errors).toBeUndefined();
      expect(data.loccode.climate.state).toEqual(expect.any(String));
    }
  });
});
