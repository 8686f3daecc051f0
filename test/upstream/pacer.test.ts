import { UpstreamError } from '../../src/kernel/errors';
import { Metrics } from '../../src/observability/metrics';
import { documentedRules, Pacer } from '../../src/upstream/pacer';
import { FakeClock } from '../support/time';

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

describe('learning from refusals, on a fake clock', () => {
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
    const next = acquireAll(clock, pacer, 'requests', 50);
    await clock.advance(56_000 + 4_000);
    const released = await next;
    // The eight calls leave the window 56 s after the lesson, when three quarters of the gap
    // to the documented 60 are back: 8 + 39. The last three go a minute after the lesson.
    expect(released.filter((at) => at === 61_000)).toHaveLength(47);
    expect(released.slice(47)).toEqual([65_000, 65_000, 65_000]);
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

describe('a learned limit is a hypothesis: it recovers, on a fake clock', () => {
  /** Two bare 429s from agriculture (its spec documents no headers), a second apart, as a retry meets them. */
  async function twoBareRefusals(clock: FakeClock, pacer: Pacer): Promise<void> {
    for (let refusal = 0; refusal < 2; refusal += 1) {
      await pacer.acquire('requests', FAR);
      await pacer.observe('requests', {}, 429);
      // The refused call is given back: the window holds none of ours, and the limit learned is 1.
      expect(pacer.ruleOf('requests')).toEqual({ kind: 'window', limit: 1, windowMs: 61_000 });
      await clock.advance(1_000);
    }
  }

  it('after two bare 429s and one minute of quiet, agriculture calls go at 60 a minute again', async () => {
    const { clock, pacer } = pacerFor('agriculture');
    await twoBareRefusals(clock, pacer);
    // A minute after the second refusal (at 1 s).
    await clock.advance(59_000);
    const times = acquireAll(clock, pacer, 'requests', 61);
    await clock.advance(61_000);
    const released = await times;
    expect(released.filter((at) => at === 61_000)).toHaveLength(60);
    expect(released[60]).toBe(122_000);
  });

  it('climbs back a quarter of the gap every 15 s: 1, 15, 30, 45, then the documented 60', async () => {
    const { clock, pacer } = pacerFor('agriculture');
    await twoBareRefusals(clock, pacer);
    const limits = [pacer.ruleOf('requests')];
    for (let quarter = 0; quarter < 4; quarter += 1) {
      // From the second lesson, at 1 s: 16 s, 31 s, 46 s, 61 s.
      await clock.advance(quarter === 0 ? 14_000 : 15_000);
      limits.push(pacer.ruleOf('requests'));
    }
    expect(limits.map((rule) => rule?.kind === 'window' && rule.limit)).toEqual([1, 15, 30, 45, 60]);
  });

  it('paces by the limit of the moment: at 16 s, 15 calls go and the 16th is refused until the next step', async () => {
    const { clock, pacer } = pacerFor('agriculture');
    await twoBareRefusals(clock, pacer);
    await clock.advance(14_000);
    const outcomes = [];
    for (let call = 0; call < 16; call += 1)
      outcomes.push(
        await pacer.acquire('requests', clock.now()).then(
          () => 'went',
          (error: UpstreamError) => error.code,
        ),
      );
    expect(outcomes.filter((outcome) => outcome === 'went')).toHaveLength(15);
    expect(outcomes[15]).toBe('UPSTREAM_RATE_LIMITED');
    // Told to come back at the next step (31 s), when the limit is 30, not when the window empties.
    await expect(pacer.acquire('requests', clock.now())).rejects.toMatchObject({ retryAfterSeconds: 15 });
  });

  it('a new refusal while recovering is a new lesson: the climb starts again from what the window held', async () => {
    const { clock, pacer } = pacerFor('agriculture');
    await twoBareRefusals(clock, pacer);
    await clock.advance(29_000);
    // At 31 s the limit is 30; 20 calls go, and the 21st is refused by the service.
    for (let call = 0; call < 21; call += 1) await pacer.acquire('requests', clock.now());
    await pacer.observe('requests', {}, 429);
    expect(pacer.ruleOf('requests')).toEqual({ kind: 'window', limit: 20, windowMs: 61_000 });
    // 15 s on: 20 + 40/4.
    await clock.advance(15_000);
    expect(pacer.ruleOf('requests')).toEqual({ kind: 'window', limit: 30, windowMs: 61_000 });
  });

  it('a maps burst learned from X-RateLimit-Limit climbs back to the documented one within a minute', async () => {
    const { clock, pacer } = pacerFor('maps');
    await pacer.observe('search', { 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '4' }, 200);
    await clock.advance(30_000);
    // 4 + 15/2 rounded down; 2.25 + 6.75/2.
    expect(pacer.ruleOf('search')).toEqual({ kind: 'bucket', capacity: 11, drainPerSecond: 5.625 });
    await clock.advance(30_000);
    expect(pacer.ruleOf('search')).toEqual(RULES.maps.search);
  });
});
