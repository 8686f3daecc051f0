import type { GraphQLResult } from '../support/gateway';
import { RECOVERY_ENV } from '../support/recovery-scenario';
import { startReplicas, useReplicas, type Replicas } from '../support/replicas';
import { useRedis } from '../support/redis';
import { FakeClock, waitFor } from '../support/time';
import { busiestWindow, SteppedRun } from '../support/stepped-run';

/*
 * Three replicas, one Redis, one budget per upstream key. Agriculture allows 60 requests
 * a minute per key (spec, Limits), and the three replicas share the key.
 *
 * Two minutes of traffic run on one fake clock shared by the replicas (their pacing, budgets
 * and request deadlines), moved by the test from one wake-up of a paced call to the next
 * (SteppedRun, test/support/stepped-run.ts): every agriculture call the sandbox logs is
 * dated exactly on the gateway's clock, and "at most 60 in any 60 s" is checked on those
 * dates. The sandbox's own limit counts real time; it is set to 60 in the real time that
 * 58 s of the clock are made to last at least, so a gateway keeping the property is never
 * refused (zero 429s) and one breaking it by more than a second is.
 */

const redis = useRedis();

const CLIMATE = 'query($code: String!) { loccode(code: $code) { climate { state } } }';
const REPLICA_COUNT = 3;

// Paced, one agriculture call per query and no retries: the recovery scenario's settings, on Redis.
const env = (prefix: string): Record<string, string> => ({
  ...RECOVERY_ENV,
  REDIS_URL: redis.url,
  REDIS_KEY_PREFIX: `${prefix}:`,
  REPLICAS: String(REPLICA_COUNT),
});

async function fallbacks(replicas: Replicas): Promise<number> {
  let total = 0;
  for (const app of replicas.apps) {
    const text = await app.metrics.registry.metrics();
    for (const match of text.matchAll(/^loccode_redis_fallbacks_total\{operation="pacing"\} (\d+)$/gm))
      total += Number(match[1]);
  }
  return total;
}

/** Each answer: the climate, or a rate-limit error that says when to come back; never anything else. */
function expectDataOrRateLimited(answers: GraphQLResult[]): void {
  const unexpected = answers.filter((answer) => {
    if (answer.status !== 200) return true;
    if (!answer.errors) return typeof answer.data?.loccode?.climate?.state !== 'string';
    return answer.errors.some(
      (error) =>
        !['UPSTREAM_RATE_LIMITED', 'RATE_LIMITED'].includes(String(error.extensions?.code)) ||
        !(Number(error.extensions?.retryAfterSeconds) >= 1),
    );
  });
  expect(unexpected.map((answer) => [answer.status, answer.errors])).toEqual([]);
}

describe('three replicas pacing agriculture through one Redis (60 a minute)', () => {
  const clock = new FakeClock();
  const replicas = useReplicas(REPLICA_COUNT, () => env('pacing'), { clock });

  it('300 distinct cold climate queries round-robin for two minutes: at most 60 calls in any 60 s, no 429, no 500', async () => {
    const codes = replicas.sandbox.dataset.streets.slice(0, 300).map((street) => street.code);
    expect(new Set(codes).size).toBe(300);
    const run = new SteppedRun(clock, replicas.sandbox.controls, 40);
    replicas.sandbox.controls.setRateLimit('agriculture', 'requests', {
      kind: 'window',
      limit: 60,
      windowMs: run.sandboxWindowMs,
    });
    const answers: Array<Promise<GraphQLResult>> = [];
    const ask = () => {
      const index = answers.length;
      answers.push(run.send(() => replicas.query(index % REPLICA_COUNT, CLIMATE, { code: codes[index]! })));
    };
    // 2.5 queries a second on the gateway's clock, each to the next replica.
    for (let second = 0; second < 120; second += 1)
      await run.second(
        second % 2 === 0
          ? [
              [0, ask],
              [400, ask],
              [800, ask],
            ]
          : [
              [200, ask],
              [600, ask],
            ],
      );
    // Whatever still waits is answered by its deadline (10 s).
    for (let second = 0; second < 11 && run.pending > 0; second += 1) await run.second();
    const answered = await Promise.all(answers);

    expect(answered).toHaveLength(300);
    expectDataOrRateLimited(answered);
    // Only agriculture was called (one call a query), and agriculture refused none.
    expect(run.calls.map((call) => [call.service, call.outcome])).toEqual(
      run.calls.map(() => ['agriculture', 'ok']),
    );
    // The shared minute is full, never over: one budget, not one per replica (3 x 60) nor a third each.
    expect(busiestWindow(run.timesOf('agriculture'), 60_000)).toBe(60);
    // Two whole windows and part of a third went out (60 at once, 60 as they left, more after).
    expect(run.calls.length).toBeGreaterThanOrEqual(120);
    expect(answered.filter((answer) => !answer.errors)).toHaveLength(run.calls.length);
    // Every replica made some of the calls, and Redis answered every time.
    expect(await fallbacks(replicas)).toBe(0);
    for (const app of replicas.apps)
      expect(await app.metrics.registry.metrics()).toMatch(
        /^loccode_upstream_calls_total\{service="agriculture",operation="climate",status="200"\} [1-9]/m,
      );
  }, 30_000);
});

describe('what the upstream says to one replica holds for all', () => {
  const clock = new FakeClock();
  const replicas = useReplicas(REPLICA_COUNT, () => env('told'), { clock });

  it('a bare 429 at replica 0 pauses agriculture at all three, and the learned limit is theirs too while it recovers', async () => {
    const streets = replicas.sandbox.dataset.streets;
    // More than the spec's 60 calls go within a few real seconds here: only the gateway's pacing is under test.
    replicas.sandbox.controls.setRateLimit('agriculture', 'requests', {
      kind: 'window',
      limit: 1_000,
      windowMs: 60_000,
    });
    const ask = (replica: number, index: number) =>
      replicas.query(replica, CLIMATE, { code: streets[index]!.code });
    const start = clock.now();
    // Five calls accepted, from the three replicas.
    for (let index = 0; index < 5; index += 1) expect((await ask(index % 3, index)).errors).toBeUndefined();
    clock.moveTo(start + 5_000);
    // Then agriculture refuses (spec: a 429 without headers): the window is spent at 5.
    replicas.sandbox.controls.injectFault({ service: 'agriculture', kind: 'status', status: 429, times: 1 });
    const refused = await ask(0, 5);
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'UPSTREAM_RATE_LIMITED',
      retryAfterSeconds: 56,
    });
    expect(replicas.sandbox.controls.count({ service: 'agriculture' })).toBe(6);

    // Replicas 1 and 2 wait too, without a call: the five calls leave the window 61 s after they went.
    for (const replica of [1, 2]) {
      const paused = await ask(replica, 6 + replica);
      expect(paused.errors?.[0]?.extensions).toMatchObject({
        code: 'UPSTREAM_RATE_LIMITED',
        retryAfterSeconds: 56,
      });
    }
    expect(replicas.sandbox.controls.count({ service: 'agriculture' })).toBe(6);
    // And each says in /readyz that it paces agriculture at 5, until a minute after the lesson.
    const learned = { limit: 5, documented: 60, backAt: new Date(start + 65_000).toISOString() };
    for (const app of replicas.apps)
      expect((await replicas.http.get(app.url.replace(/\/graphql$/, '/readyz'))).json.learnedLimits).toEqual({
        agriculture: { requests: learned },
      });

    /** Sends `count` queries round-robin from `first`: how many were answered, and the last refusal's extensions. */
    const burst = async (first: number, count: number) => {
      let answered = 0;
      let refusal: Record<string, unknown> | undefined;
      for (let index = first; index < first + count; index += 1) {
        const answer = await ask(index % 3, index);
        if (answer.errors) refusal = answer.errors[0]?.extensions;
        else answered += 1;
      }
      return { answered, refusal };
    };
    // Once the window is empty, 56 s after the lesson, three quarters of the gap to 60 are
    // back (5 + 41): 46 go from any replica.
    clock.moveTo(start + 61_000);
    expect(await burst(10, 46)).toEqual({ answered: 46, refusal: undefined });
    // The 47th waits for the next step, 4 s on (within its deadline), and goes then.
    const waiting = ask(2, 56);
    await waitFor(() => clock.sleeping > 0, { everyMs: 2, what: 'the 47th asleep on the clock' });
    expect(replicas.sandbox.controls.count({ service: 'agriculture' })).toBe(52);
    clock.moveTo(start + 65_000);
    expect((await waiting).errors).toBeUndefined();
    // A minute after the lesson, the documented 60: 13 more, then a wait for the 46 to leave the window.
    expect(await burst(57, 14)).toEqual({
      answered: 13,
      refusal: expect.objectContaining({ code: 'UPSTREAM_RATE_LIMITED', retryAfterSeconds: 57 }),
    });
    expect(replicas.sandbox.controls.count({ service: 'agriculture' })).toBe(66);
  });
});

describe('pacing while Redis is down', () => {
  let replicas: Replicas;
  const clock = new FakeClock();
  beforeAll(async () => {
    replicas = await startReplicas(REPLICA_COUNT, env('outage'), { clock });
  });
  afterAll(async () => {
    await redis.start();
    await replicas.close();
  });

  /** Whether every replica is back on Redis (`loccode_redis_up 1`), within `withinMs`. */
  async function allUp(withinMs: number): Promise<boolean> {
    const up = async () => {
      const texts = await Promise.all(replicas.apps.map((app) => app.metrics.registry.metrics()));
      return texts.every((text) => /^loccode_redis_up 1$/m.test(text));
    };
    return waitFor(up, { timeoutMs: withinMs, everyMs: 50 }).then(
      () => true,
      () => false,
    );
  }

  it('each replica paces at a third of the limit (20 of 60), its own calls included; no request fails because Redis went away', async () => {
    const streets = replicas.sandbox.dataset.streets;
    const answers: GraphQLResult[] = [];
    // Shared at first: 15 calls, five through each replica.
    for (let index = 0; index < 15; index += 1)
      answers.push(await replicas.query(index % 3, CLIMATE, { code: streets[index]!.code }));
    await redis.stop();
    // Then 90 more, round-robin, at once: each replica lets 15 go (20 less the 5 it made) and
    // refuses the rest with a Retry-After, so the minute holds 60 calls across the outage.
    answers.push(
      ...(await Promise.all(
        Array.from({ length: 90 }, (_, offset) =>
          replicas.query(offset % 3, CLIMATE, { code: streets[15 + offset]!.code }),
        ),
      )),
    );
    expectDataOrRateLimited(answers);
    expect(answers.filter((answer) => !answer.errors)).toHaveLength(60);
    expect(replicas.sandbox.controls.count({ service: 'agriculture' })).toBe(60);
    expect(replicas.sandbox.controls.count({ outcome: 'rate-limited' })).toBe(0);
    expect(await fallbacks(replicas)).toBeGreaterThanOrEqual(90);

    // Redis back, empty: within 5 s every replica uses it again, and writes back the calls it
    // made (before the outage and during it), so the minute is still known to be full.
    await redis.start();
    expect(await allUp(5_000)).toBe(true);
    const before = await fallbacks(replicas);
    const after = await Promise.all(
      [0, 1, 2].map((replica) => replicas.query(replica, CLIMATE, { code: streets[200 + replica]!.code })),
    );
    for (const answer of after)
      expect(answer.errors?.[0]?.extensions).toMatchObject({
        code: 'UPSTREAM_RATE_LIMITED',
        retryAfterSeconds: 61,
      });
    expect(replicas.sandbox.controls.count({ service: 'agriculture' })).toBe(60);
    expect(await fallbacks(replicas)).toBe(before);
  });
});
