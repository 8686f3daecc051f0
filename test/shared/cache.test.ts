import { failWithStatus } from '../support/sandbox';
import { SINGLE_REQUEST_DISCIPLINE } from '../support/gateway';
import { useRedis } from '../support/redis';
import { countingOnRedis, useReplicas, type Replicas } from '../support/replicas';
import { FakeClock, realSleep, waitFor } from '../support/time';
import type { AppOptions } from '../../src/start/app';

/*
 * With REDIS_URL the replicas share the upstream cache (same keys, TTLs and stale
 * copies) and the whole-response cache; without it each replica pays for its own cold cache.
 */

const redis = useRedis();
const MINUTE_MS = 60_000;

const climateOf = (code: string) =>
  `{ loccode(code: "${code}") { code climate { state airTemperatureCelsius } } }`;

/** `count` replicas for one `describe`, their sandbox reset after each test. */
function useResetReplicas(
  count: number,
  env: () => Record<string, string>,
  options: AppOptions = {},
): Replicas {
  const replicas = useReplicas(count, env, options);
  afterEach(() => replicas.sandbox.controls.reset());
  return replicas;
}

/** A street loccode no other test of the file asks for, and its state in the sandbox dataset. */
function street(replicas: Replicas, index: number): { code: string; state: string } {
  const found = replicas.sandbox.dataset.streets[index]!;
  return { code: found.code, state: found.state };
}

describe('three replicas sharing one Redis: the upstream cache', () => {
  const replicas = useResetReplicas(3, () => countingOnRedis(redis, { UPSTREAM_CACHE: 'on' }));

  it('a query answered by replica A, then sent to replica B: zero upstream calls', async () => {
    const { code, state } = street(replicas, 0);
    const first = await replicas.query(0, climateOf(code));
    expect(first.errors).toBeUndefined();
    expect(first.data.loccode.climate.state).toBe(state);
    const calls = replicas.sandbox.controls.count();
    expect(calls).toBeGreaterThan(0);

    const second = await replicas.query(1, climateOf(code));
    expect(second.errors).toBeUndefined();
    expect(second.data).toEqual(first.data);
    expect(replicas.sandbox.controls.count()).toBe(calls);
    // And the third replica too.
    expect((await replicas.query(2, climateOf(code))).data).toEqual(first.data);
    expect(replicas.sandbox.controls.count()).toBe(calls);
  });

  it('shares a remembered "not found" too: the second replica does not ask again', async () => {
    const first = await replicas.query(0, climateOf('ZZ9Z 9ZZ'));
    expect(first.errors![0]!.extensions).toMatchObject({ code: 'LOCCODE_NOT_FOUND', service: 'agriculture' });
    expect(replicas.sandbox.controls.count({ service: 'agriculture', operation: 'climate' })).toBe(1);

    const second = await replicas.query(2, climateOf('ZZ9Z 9ZZ'));
    expect(second.errors![0]!.extensions).toMatchObject({
      code: 'LOCCODE_NOT_FOUND',
      service: 'agriculture',
    });
    expect(replicas.sandbox.controls.count({ service: 'agriculture', operation: 'climate' })).toBe(1);
  });
});

describe('three replicas sharing one Redis: expired, refreshed and stale copies', () => {
  // Climate is fresh 10 minutes, then served while refreshed for 5 more, and usable on failure for
  // 6 hours past fresh (README). The replicas share a stepped clock, which the tests move.
  const clock = new FakeClock();
  const replicas = useResetReplicas(
    3,
    () =>
      countingOnRedis(redis, {
        UPSTREAM_CACHE: 'on',
        // Budget windows in Redis are dated on this clock, hours ahead of the other suites' replicas.
        REDIS_KEY_PREFIX: 'loccode-stepped:',
      }),
    { clock },
  );
  const climateCalls = () =>
    replicas.sandbox.controls.count({ service: 'agriculture', operation: 'climate' });

  it("reads another replica's refresh once its own copy is no longer fresh", async () => {
    const { code } = street(replicas, 4);
    const first = await replicas.query(0, climateOf(code));
    expect(climateCalls()).toBe(1);
    clock.moveTo(clock.now() + 10 * MINUTE_MS + 1_000);
    // Replica B: the shared copy is past fresh, so it is served while B refreshes it behind.
    expect((await replicas.query(1, climateOf(code))).data).toEqual(first.data);
    await waitFor(() => climateCalls() === 2, { timeoutMs: 5_000 });
    // Replica A's own copy is past fresh too, but B's refresh is in Redis: nothing to refresh.
    expect((await replicas.query(0, climateOf(code))).data).toEqual(first.data);
    // A refresh that should not happen has no event to wait for: time for it to show up if it did.
    await realSleep(100);
    expect(climateCalls()).toBe(2);
  });

  it("serves replica A's expired copy from replica B while the upstream fails, with the staleness warning", async () => {
    const { code } = street(replicas, 1);
    const first = await replicas.query(0, climateOf(code));
    expect(first.errors).toBeUndefined();
    // Past fresh and past the refresh window.
    clock.moveTo(clock.now() + 16 * MINUTE_MS);
    failWithStatus(replicas.sandbox.controls, 'agriculture', 'climate', { status: 503 });
    const stale = await replicas.query(1, climateOf(code));
    expect(stale.errors).toBeUndefined();
    expect(stale.data).toEqual(first.data);
    expect(stale.response.json.extensions.warnings).toEqual([
      expect.objectContaining({ code: 'STALE_DATA', service: 'agriculture', operation: 'climate' }),
    ]);
    // Replica B did ask (the failing upstream is still tried) and never had an answer of its own.
    expect(
      replicas.sandbox.controls.count({
        service: 'agriculture',
        operation: 'climate',
        outcome: 'fault:status',
      }),
    ).toBe(1);
  });
});

describe('three replicas sharing one Redis: the GraphQL response cache', () => {
  // The upstream cache is off: only a shared whole response can spare replica B its upstream calls.
  const replicas = useResetReplicas(3, () => countingOnRedis(redis, { RESPONSE_CACHE: 'on' }));

  it("serves replica A's response from replica B with an Age header and zero upstream calls", async () => {
    const { code, state } = street(replicas, 2);
    const first = await replicas.query(0, climateOf(code));
    expect(first.data.loccode.climate.state).toBe(state);
    expect(first.response.headers.age).toBeUndefined();
    const calls = replicas.sandbox.controls.count();
    expect(calls).toBeGreaterThan(0);

    // The response is written to Redis after it is sent, with nothing to see until then: a moment for it.
    await realSleep(100);
    const second = await replicas.query(1, climateOf(code));
    expect(second.data).toEqual(first.data);
    expect(second.response.headers.age).toEqual(expect.stringMatching(/^\d+$/));
    expect(replicas.sandbox.controls.count()).toBe(calls);
  });

  it('hands replica B the bytes replica A wrote, characters beyond ASCII included', async () => {
    const { code } = street(replicas, 4);
    const soil = `{ loccode(code: "${code}") { climate { interpretation { soilMoisture } } } }`;
    const first = await replicas.query(0, soil);
    expect(first.data.loccode.climate.interpretation.soilMoisture).toContain('0–10 cm');
    // As above: the write to Redis follows the response.
    await realSleep(100);
    const second = await replicas.query(1, soil);
    expect(second.response.headers.age).toEqual(expect.stringMatching(/^\d+$/));
    const data = (text: string) => text.slice(0, text.indexOf(',"extensions":'));
    expect(data(second.response.text)).toBe(data(first.response.text));
    expect(Number(second.response.headers['content-length'])).toBe(second.response.bytes.length);
  });
});

describe('replicas without REDIS_URL', () => {
  const replicas = useResetReplicas(2, () => ({ ...SINGLE_REQUEST_DISCIPLINE, UPSTREAM_CACHE: 'on' }));

  it('do not share: each pays for its own cold cache, then answers from it', async () => {
    const { code } = street(replicas, 3);
    await replicas.query(0, climateOf(code));
    const calls = replicas.sandbox.controls.count();
    expect(calls).toBeGreaterThan(0);

    const second = await replicas.query(1, climateOf(code));
    expect(second.errors).toBeUndefined();
    expect(replicas.sandbox.controls.count()).toBe(2 * calls);

    await replicas.query(0, climateOf(code));
    await replicas.query(1, climateOf(code));
    expect(replicas.sandbox.controls.count()).toBe(2 * calls);
  });
});
