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
    heeding.pacer.observe('routing', { 'retry-after': '3' }, 429);
    const paused = heeding.pacer.acquire('routing', FAR).then(() => heeding.clock.now());
    await heeding.clock.advance(3_000);
    expect(await paused).toBe(3_000);

    const deaf = pacerFor('maps', false);
    deaf.pacer.observe('routing', { 'retry-after': '3' }, 429);
    await deaf.pacer.acquire('routing', FAR);
    expect(deaf.clock.now()).toBe(0);
  });

  it('pauses until X-RateLimit-Reset when an answer says nothing remains', async () => {
    const { clock, pacer } = pacerFor('maps');
    pacer.observe('search', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '2' }, 200);
    const paused = pacer.acquire('search', FAR).then(() => clock.now());
    await clock.advance(2_000);
    expect(await paused).toBe(2_000);
  });
});
