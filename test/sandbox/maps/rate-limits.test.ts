import { LIMITED_REST, sendGoodRequest, type RestEndpoint } from './good-requests';
import { expectFailure, expectSuccess, useMapsSandbox } from './harness';

describe('maps service: rate limits (spec, Limits)', () => {
  const maps = useMapsSandbox();
  const request = (name: RestEndpoint, headers?: Record<string, string>) =>
    sendGoodRequest(maps, name, headers);

  it.each(LIMITED_REST)(
    '$name sends X-RateLimit-* headers with the documented burst of $burst',
    async ({ name, burst }) => {
      const res = await request(name);
      expect(res.headers['x-ratelimit-limit']).toBe(String(burst));
      expect(Number(res.headers['x-ratelimit-remaining'])).toBe(burst - 1);
      expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000 - 1);
    },
  );

  it('returns 429 rate_limited with Retry-After once the burst is spent', async () => {
    maps.sandbox.controls.setRateLimit('maps', 'search', { kind: 'bucket', ratePerSecond: 0.01, burst: 2 });
    expectSuccess(await request('search'));
    expectSuccess(await request('search'));
    const limited = await request('search');
    expectFailure(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
  });

  it('keeps separate limits for the TEST and the LIVE key', async () => {
    maps.sandbox.controls.setRateLimit('maps', 'loccode', {
      kind: 'bucket',
      ratePerSecond: 0.01,
      burst: 1,
    });
    expectSuccess(await request('loccode resolve'));
    expectFailure(await request('loccode resolve'), 429, 'rate_limited');
    expectSuccess(await request('loccode resolve', { 'x-api-key': maps.sandbox.keys.mapsLive }));
  });

  it.each([
    ['route GET and route POST', 'routing', 'route GET', 'route POST'],
    ['loccode resolve and nearest', 'loccode', 'loccode resolve', 'loccodes nearest'],
  ] as const)('counts %s against one limit', async (_label, dimension, first, second) => {
    maps.sandbox.controls.setRateLimit('maps', dimension, {
      kind: 'bucket',
      ratePerSecond: 0.01,
      burst: 1,
    });
    expectSuccess(await request(first));
    expectFailure(await request(second), 429, 'rate_limited');
  });

  it('does not spend a limit on a request refused for its key', async () => {
    maps.sandbox.controls.setRateLimit('maps', 'search', { kind: 'bucket', ratePerSecond: 0.01, burst: 1 });
    expectFailure(await request('search', { 'x-api-key': 'mk_test_wrong' }), 401, 'invalid_api_key');
    expectSuccess(await request('search'));
  });
});
