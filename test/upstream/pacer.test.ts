import { UpstreamError } from '../../src/kernel/errors';
import { Metrics } from '../../src/observability/metrics';
import { documentedRules, Pacer } from '../../src/upstream/pacer';
import { FakeClock } from '../support/fake-clock';

const RULES = documentedRules({ healthcare: 300, address: 300 });
const FAR = Number.MAX_SAFE_INTEGER;

function pacerFor(service: 'agriculture' | 'maps', heedUpstreamHeaders = true) {
  const clock = new FakeClock(0);
  const pacer = new Pacer(service, { rules: RULES[service], heedUpstreamHeaders, clock }, new Metrics());
  return { clock, pacer };
}

/** Starts `count` acquisitions at once; resolves to the clock times at which each was let through. */
function acquireAll(clock: FakeClock, pacer: Pacer, dimension: string, count: number): Promise<number[]> {
  return Promise.all(
    Array.from({ length: count }, () => pacer.acquire(dimension, FAR).then(() => clock.now())),
  );
}

describe('pacing under the documented limits, on a fake clock', () => {
  it('agriculture (60 requests a minute): 60 go at once, the 61st waits for the first to leave a 61-s window', async () => {
    const { clock, pacer } = pacerFor('agriculture');
    const times = acquireAll(clock, pacer, 'requests', 61);
    await clock.advance(60_999);
    await clock.advance(1);
    const released = await times;
    expect(released.filter((at) => at === 0)).toHaveLength(60);
    expect(released[60]).toBe(61_000);
  });

  it('never lets more than 60 agriculture calls into any 60-s window, however many wait', async () => {
    const { clock, pacer } = pacerFor('agriculture');
    const times = acquireAll(clock, pacer, 'requests', 150);
    await clock.advance(200_000);
    const released = (await times).sort((a, b) => a - b);
    const busiest = Math.max(
      ...released.map((at) => released.filter((other) => other > at - 60_000 && other <= at).length),
    );
    expect(busiest).toBe(60);
    expect(released.at(-1)).toBe(122_000);
  });

  it('maps search (10 a second, burst 20): 19 at once, then one every 1/9 s', async () => {
    const { clock, pacer } = pacerFor('maps');
    const times = acquireAll(clock, pacer, 'search', 21);
    await clock.advance(1_000);
    const released = await times;
    expect(released.filter((at) => at === 0)).toHaveLength(19);
    expect(released.slice(19)).toEqual([112, 223]);
  });

  it('fails fast with UPSTREAM_RATE_LIMITED when the wait would pass the request deadline', async () => {
    const { pacer } = pacerFor('agriculture');
    for (let call = 0; call < 60; call += 1) await pacer.acquire('requests', FAR);
    const refusal = await pacer.acquire('requests', 10_000).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UpstreamError);
    expect(refusal).toMatchObject({ code: 'UPSTREAM_RATE_LIMITED', retryAfterSeconds: 61 });
  });

  it('pauses a dimension for the Retry-After of a 429, and not when told to ignore upstream headers', async () => {
    const heeding = pacerFor('maps');
    await heeding.pacer.observe('routing', { 'retry-after': '3' }, 429);
    const paused = heeding.pacer.acquire('routing', FAR).then(() => heeding.clock.now());
    await heeding.clock.advance(3_000);
    expect(await paused).toBe(3_000);

    const deaf = pacerFor('maps', false);
    await deaf.pacer.observe('routing', { 'retry-after': '3' }, 429);
    await deaf.pacer.acquire('routing', FAR);
    expect(deaf.clock.now()).toBe(0);
  });

  it('pauses until X-RateLimit-Reset when an answer says nothing remains', async () => {
    const { clock, pacer } = pacerFor('maps');
    await pacer.observe('search', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '2' }, 200);
    const paused = pacer.acquire('search', FAR).then(() => clock.now());
    await clock.advance(2_000);
    expect(await paused).toBe(2_000);
  });
});

describe('learning from refusals (issue #11), on a fake clock', () => {
  it('a bare agriculture 429 after 8 calls: the limit becomes 8, the refused slot is given back, and the pause lasts until the oldest call leaves the window', async () => {
    const { clock, pacer } = pacerFor('agriculture');
    await acquireAll(clock, pacer, 'requests', 9);
    await clock.advance(5_000);
    await pacer.observe('requests', {}, 429);
    expect(pacer.ruleOf('requests')).toEqual({ kind: 'window', limit: 8, windowMs: 61_000 });
    // The eight accepted calls were taken at 0: a slot frees when they leave the 61-s window.
    expect(pacer.pausedForSeconds('requests')).toBe(56);
    await expect(pacer.acquire('requests', clock.now() + 10_000)).rejects.toMatchObject({
      code: 'UPSTREAM_RATE_LIMITED',
      retryAfterSeconds: 56,
    });
    const next = acquireAll(clock, pacer, 'requests', 9);
    await clock.advance(56_000 + 61_000);
    const released = await next;
    // Eight go when the window empties; the ninth waits for a whole window of the learned limit.
    expect(released.filter((at) => at === 61_000)).toHaveLength(8);
    expect(released[8]).toBe(122_000);
  });

  it('maps X-RateLimit-Limit 5 under the documented burst of 20: bucket and rate shrink alike', async () => {
    const { pacer } = pacerFor('maps');
    await pacer.observe('search', { 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '4' }, 200);
    const rule = pacer.ruleOf('search');
    expect(rule).toMatchObject({ kind: 'bucket', capacity: 4 });
    // 9 a second (10 % under 10) times 5/20.
    expect(rule?.kind === 'bucket' && rule.drainPerSecond).toBeCloseTo(2.25);
  });

  it('after a 429 with Retry-After, calls resume one drain interval apart, not as a burst', async () => {
    const { clock, pacer } = pacerFor('maps');
    await acquireAll(clock, pacer, 'search', 5);
    await pacer.observe('search', { 'retry-after': '2' }, 429);
    const times = acquireAll(clock, pacer, 'search', 4);
    await clock.advance(3_000);
    const released = await times;
    expect(released[0]).toBe(2_000);
    // 9 a second: about 111 ms apart.
    expect(released.slice(1).map((at, index) => at - released[index]!)).toEqual([112, 111, 111]);
  });
});
