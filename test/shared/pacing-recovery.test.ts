import { systemClock, type Clock } from '../../src/kernel/clock';
import { Metrics } from '../../src/observability/metrics';
import { SharedRateLimiter } from '../../src/upstream/shared-rate-limiter';
import { SharedRedis } from '../../src/upstream/shared-redis';
import { useRedis } from '../support/redis';
import { expectRecovered, refusedTwiceThenAMinuteOfQuiet, RECOVERY_ENV } from '../support/recovery-scenario';
import { startReplicas, type Replicas } from '../support/replicas';
import { FakeClock } from '../support/time';
import {
  describeCase,
  expectedObservation,
  observeCase,
  RECOVERY_CASES,
  SUPERSEDING_LIMITS,
  supersedingSequence,
} from '../support/recovery-cases';

/*
 * The Redis scripts lower a rule by the lesson in the told hash exactly as recoveredRule
 * does (test/upstream/pacing-recovery.test.ts runs the same table against it and against
 * the cluster primary's host), on a real redis-server and the caller's injected clock.
 */

const redis = useRedis();

describe('a learned limit recovering in Redis, case by case', () => {
  let shared: SharedRedis;
  let namespaces = 0;
  beforeAll(async () => {
    shared = new SharedRedis({ url: redis.url, timeoutMs: 500, keyPrefix: 'recovery:' }, new Metrics());
    await shared.connect();
    expect(shared.status).toBe('up');
  });
  afterAll(() => shared.close());

  /** A limiter whose keys no other case shares. */
  const inRedis = (clock: Clock) => {
    namespaces += 1;
    return new SharedRateLimiter(shared, {
      namespace: `case-${namespaces}:`,
      operation: 'pacing',
      replicas: 2,
      clock,
    });
  };

  it.each(RECOVERY_CASES.map((row) => [describeCase(row), row] as const))('%s', async (_name, row) => {
    expect(await observeCase(inRedis, row)).toEqual(expectedObservation(row.expected));
  });

  it('a lower lesson restarts the climb, a higher one is ignored', async () => {
    expect(await supersedingSequence(inRedis)).toEqual(SUPERSEDING_LIMITS);
  });

  it('keeps the told hash no longer than the lesson and its pause need', async () => {
    // Redis counts a key's life in real time.
    const limiter = inRedis(systemClock);
    const rule = RECOVERY_CASES[0]!;
    await limiter.tell('requests', rule.documented, { pausedUntil: 0, rule: rule.learned });
    const ttl = await shared.client.pttl(`{case-${namespaces}:requests}:told`);
    // A minute for the lesson, and a second's margin for clocks that differ a little.
    expect(ttl).toBeGreaterThan(59_000);
    expect(ttl).toBeLessThanOrEqual(61_000);
  });
});

describe('two replicas sharing Redis: a learned agriculture limit recovers', () => {
  const clock = new FakeClock();
  let replicas: Replicas;
  beforeAll(async () => {
    replicas = await startReplicas(
      2,
      { ...RECOVERY_ENV, REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'recovery-http:', REPLICAS: '2' },
      { clock },
    );
  });
  afterAll(() => replicas.close());

  it('two bare 429s, then a minute of quiet: 30 climate queries over both replicas answered, none UPSTREAM_RATE_LIMITED', async () => {
    expectRecovered(await refusedTwiceThenAMinuteOfQuiet(replicas, clock), 2);
  });
});
