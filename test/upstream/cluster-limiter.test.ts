import { UpstreamError } from '../../src/kernel/errors';
import { Metrics } from '../../src/observability/metrics';
import { Budgets } from '../../src/server/access/budget';
import { ClusterRateLimiter } from '../../src/upstream/cluster-rate-limiter';
import { documentedRules, Pacer } from '../../src/upstream/pacer';
import type { LimitRule } from '../../src/upstream/rate-limiter';
import { SharedRateLimiter } from '../../src/upstream/shared-rate-limiter';
import { SharedRedis } from '../../src/upstream/shared-redis';
import { FakeClock } from '../support/time';
import { primaryOn } from '../support/limiter-primary';

/*
 * With WORKERS > 1 and no Redis, the cluster's primary keeps pacing and client budgets for
 * every worker. Here the workers' requests reach a LimiterHost through the same
 * request/answer code as over node:cluster's IPC (primaryOn), on one fake clock. The
 * arithmetic itself, and one budget for two workers, are test/shared/limit-cases.test.ts's.
 */

const WINDOW: LimitRule = { kind: 'window', limit: 5, windowMs: 1_000 };
const AGRICULTURE = documentedRules({ healthcare: 300, address: 300 }).agriculture;

describe("the cluster primary's rate limiter (WORKERS without Redis)", () => {
  it("two workers' pacers let exactly 60 agriculture calls through in a minute (spec, Limits), and the 61st fails fast", async () => {
    const clock = new FakeClock(0);
    const primary = primaryOn(clock);
    const pacers = [primary.worker(), primary.worker()].map(
      (cluster) =>
        new Pacer(
          'agriculture',
          { rules: AGRICULTURE, heedUpstreamHeaders: true, clock, cluster },
          new Metrics(),
        ),
    );
    // Deadline now: a call that would have to wait is refused at once.
    const outcomes = await Promise.all(
      Array.from({ length: 80 }, (_, call) =>
        pacers[call % 2]!.acquire('requests', clock.now()).then(
          () => 'went',
          (error: UpstreamError) => error.code,
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'went')).toHaveLength(60);
    expect(outcomes.filter((outcome) => outcome === 'UPSTREAM_RATE_LIMITED')).toHaveLength(20);
  });

  it("a 429 one worker's call gets pauses the other's, and a limit learned from it paces both while it recovers", async () => {
    const clock = new FakeClock(0);
    const primary = primaryOn(clock);
    const [a, b] = [primary.worker(), primary.worker()].map(
      (cluster) =>
        new Pacer(
          'agriculture',
          { rules: AGRICULTURE, heedUpstreamHeaders: true, clock, cluster },
          new Metrics(),
        ),
    );
    for (let call = 0; call < 40; call += 1) await (call % 2 ? b! : a!).acquire('requests', clock.now());
    await clock.advance(20_000);
    // Agriculture documents no headers: a bare 429 means its window is spent after the 40 calls it accepted.
    await a!.observe('requests', {}, 429);
    const refusal = await b!.acquire('requests', clock.now() + 10_000).catch((error: unknown) => error);
    // Until the 39 calls taken at 0 leave the 61-s window.
    expect(refusal).toMatchObject({ code: 'UPSTREAM_RATE_LIMITED', retryAfterSeconds: 41 });
    expect(b!.ruleOf('requests')).toEqual({ kind: 'window', limit: 39, windowMs: 61_000 });
    const attempts = async (count: number) => {
      const went = [];
      for (let call = 0; call < count; call += 1)
        went.push(
          await (call % 2 ? b! : a!).acquire('requests', clock.now()).then(
            () => true,
            () => false,
          ),
        );
      return went.filter(Boolean).length;
    };
    // 41 s after the lesson, two quarters of the gap are back: 39 + (60 - 39) / 2, rounded down.
    await clock.advance(41_000);
    expect(await attempts(60)).toBe(49);
    // A minute after it, the documented 60: eleven more in the window.
    await clock.advance(19_000);
    expect(await attempts(20)).toBe(11);
  });

  it('gives a client one budget however its requests are spread over the workers', async () => {
    const clock = new FakeClock(0);
    const primary = primaryOn(clock);
    const workers = [primary.worker(), primary.worker()].map((rpc) => new Budgets(3, clock, undefined, rpc));
    const charges = [];
    for (let request = 0; request < 4; request += 1)
      charges.push(await workers[request % 2]!.charge('client:farm', 1));
    expect(charges.map((charge) => [charge.allowed, charge.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    // 3 points a minute: the refused request fits again once one point has drained, 20 s later.
    expect(charges[3]).toMatchObject({ retryAfterSeconds: 20 });
  });

  it("with Redis unreachable, the workers of one replica hold the replica's share (1/REPLICAS) together", async () => {
    const clock = new FakeClock(0);
    const primary = primaryOn(clock);
    // Nothing listens on port 1: every command falls back at once.
    const redis = new SharedRedis(
      { url: 'redis://127.0.0.1:1', timeoutMs: 100, keyPrefix: 'workers:' },
      new Metrics(),
    );
    await redis.connect();
    try {
      expect(redis.status).toBe('degraded');
      const workers = [primary.worker(), primary.worker()].map(
        (rpc) =>
          new SharedRateLimiter(redis, {
            namespace: 'pace:agriculture:',
            operation: 'pacing',
            replicas: 2,
            clock,
            local: new ClusterRateLimiter(rpc, 'pace:agriculture:'),
          }),
      );
      const taken = [];
      for (let call = 0; call < 6; call += 1)
        taken.push((await workers[call % 2]!.take('requests', WINDOW)).allowed);
      // Half of 5, rounded down, for the two workers together, not for each.
      expect(taken).toEqual([true, true, false, false, false, false]);
    } finally {
      await redis.close();
    }
  });
});
