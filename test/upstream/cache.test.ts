import { UpstreamError } from '../../src/kernel/errors';
import { Metrics } from '../../src/observability/metrics';
import { MemoryCacheStore } from '../../src/upstream/cache-store';
import { UpstreamDiscipline } from '../../src/upstream/discipline';
import { HOUR_MS, MINUTE_MS, endpoint } from '../../src/upstream/endpoints';
import { Pacer } from '../../src/upstream/pacer';
import { Resilience } from '../../src/upstream/resilience';
import { FakeClock } from '../support/time';

/** Fresh 10 minutes; served while refreshed for 5 more; usable on failure for an hour after. */
const CLIMATE = endpoint('GET', '/climate', 'requests', { fresh: 10 * MINUTE_MS, staleGrace: HOUR_MS });

function discipline() {
  const clock = new FakeClock(0);
  const metrics = new Metrics();
  const upstream = new UpstreamDiscipline(
    'agriculture',
    new MemoryCacheStore({ maxEntries: 100, maxBytes: 1_000_000 }, clock),
    new Pacer('agriculture', { rules: {}, heedUpstreamHeaders: false, clock }, metrics),
    new Resilience('agriculture', { failureThreshold: 1000, halfOpenAfterMs: 1000, maxAttempts: 1 }, metrics),
    { defaultDeadlineMs: 10_000, ttlScale: 1 },
    metrics,
    clock,
  );
  /** Answers each call with the next of `outcomes` (a body, or an error to throw). */
  const upstreamAnswers = (...outcomes: unknown[]) =>
    jest.fn(async () => {
      const next = outcomes.shift();
      if (next instanceof Error) throw next;
      return next;
    });
  const ask = (attempt: () => Promise<unknown>) =>
    upstream.run('climate', CLIMATE, 'GET /climate?loccode=KN3A 7QP', attempt);
  return { clock, ask, upstreamAnswers };
}

const outage = () => new UpstreamError('agriculture', 'UPSTREAM_UNAVAILABLE', 'down', undefined, true);

describe('the cross-request cache of upstream answers, on a fake clock', () => {
  it('answers from cache while fresh: one upstream call for two questions ten minutes apart', async () => {
    const { clock, ask, upstreamAnswers } = discipline();
    const attempt = upstreamAnswers({ reading: 1 }, { reading: 2 });
    expect(await ask(attempt)).toEqual({ reading: 1 });
    await clock.advance(10 * MINUTE_MS - 1);
    expect(await ask(attempt)).toEqual({ reading: 1 });
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('serves a just-expired answer at once and refreshes it behind (stale-while-revalidate)', async () => {
    const { clock, ask, upstreamAnswers } = discipline();
    const attempt = upstreamAnswers({ reading: 1 }, { reading: 2 });
    await ask(attempt);
    await clock.advance(12 * MINUTE_MS);
    expect(await ask(attempt)).toEqual({ reading: 1 });
    await clock.advance(0);
    expect(attempt).toHaveBeenCalledTimes(2);
    expect(await ask(attempt)).toEqual({ reading: 2 });
  });

  it('serves an expired answer while the upstream fails, for its grace period and no longer', async () => {
    const { clock, ask, upstreamAnswers } = discipline();
    const attempt = upstreamAnswers({ reading: 1 }, outage(), outage());
    await ask(attempt);
    await clock.advance(30 * MINUTE_MS);
    expect(await ask(attempt)).toEqual({ reading: 1 });
    await clock.advance(HOUR_MS);
    await expect(ask(attempt)).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
  });

  it('remembers a definite "not found" for 30 s, then asks again', async () => {
    const { clock, ask, upstreamAnswers } = discipline();
    const notFound = new UpstreamError(
      'agriculture',
      'LOCCODE_NOT_FOUND',
      'no such loccode',
      undefined,
      false,
      {
        remembered: true,
      },
    );
    const attempt = upstreamAnswers(notFound, { reading: 1 });
    await expect(ask(attempt)).rejects.toMatchObject({ code: 'LOCCODE_NOT_FOUND' });
    await clock.advance(29_999);
    await expect(ask(attempt)).rejects.toMatchObject({ code: 'LOCCODE_NOT_FOUND' });
    expect(attempt).toHaveBeenCalledTimes(1);
    await clock.advance(1);
    expect(await ask(attempt)).toEqual({ reading: 1 });
  });

  it('does not remember a "not found" its conformance row does not mark as "this loccode does not exist"', async () => {
    const { ask, upstreamAnswers } = discipline();
    const noRoute = new UpstreamError('maps', 'NOT_FOUND', 'no route');
    const attempt = upstreamAnswers(noRoute, { reading: 1 });
    await expect(ask(attempt)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await ask(attempt)).toEqual({ reading: 1 });
  });

  it('shares one flight among identical questions asked at once', async () => {
    const { ask, upstreamAnswers } = discipline();
    const attempt = upstreamAnswers({ reading: 1 });
    const answers = await Promise.all([ask(attempt), ask(attempt), ask(attempt)]);
    expect(answers).toEqual([{ reading: 1 }, { reading: 1 }, { reading: 1 }]);
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
