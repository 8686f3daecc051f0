import { keyHash } from '../../src/server/access/callers';
import { SINGLE_REQUEST_DISCIPLINE, useTestStack } from '../support/gateway';

/**
 * `/maps/*` needs a key when ALLOW_ANONYMOUS=false: anonymous style loads would spend the
 * map-load budget every keyed client shares (10 a minute, maps spec Limits). `/metrics` is
 * not open to anyone either.
 */
const KEY = 'map-access-test-key-0123456789';
const keyed = { 'x-api-key': KEY };

describe('/maps/* with ALLOW_ANONYMOUS=false (cache on, 5 points a minute)', () => {
  const stack = useTestStack({
    ...SINGLE_REQUEST_DISCIPLINE,
    UPSTREAM_CACHE: 'on',
    ALLOW_ANONYMOUS: 'false',
    GATEWAY_API_KEYS: `farm:${keyHash(KEY)}`,
    CLIENT_POINTS_PER_MINUTE: '5',
    QUERY_MAX_COST: '5',
  });
  const maps = (path: string, headers: Record<string, string> = {}) =>
    stack.http.get(stack.app.url.replace(/\/graphql$/, `/maps/${path}`), headers);

  it('without a key: 401 UNAUTHENTICATED, and the map host is not called', async () => {
    const refused = await maps('tiles.json');
    expect(refused.status).toBe(401);
    expect(refused.json.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(stack.sandbox.controls.count({ service: 'maps' })).toBe(0);
  });

  it('with a key: each fetch from the host costs that client a point; a cached one costs none; past the budget, 429', async () => {
    const first = await maps('tiles.json', keyed);
    expect(first.status).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('5');
    expect(first.headers['x-ratelimit-remaining']).toBe('4');
    // A keyed answer is never for a shared cache.
    expect(first.headers['cache-control'] ?? '').not.toMatch(/public/);
    expect(first.headers.vary).toMatch(/x-api-key/);

    const again = await maps('tiles.json', keyed);
    expect(again.status).toBe(200);
    expect(again.headers['x-ratelimit-remaining']).toBe('4');
    expect(stack.sandbox.controls.count({ service: 'maps' })).toBe(1);

    for (const range of ['0-255', '256-511', '512-767', '768-1023'])
      expect((await maps(`fonts/Noto%20Sans%20Regular/${range}.pbf`, keyed)).status).toBe(200);
    const spent = await maps('fonts/Noto%20Sans%20Regular/1024-1279.pbf', keyed);
    expect(spent.status).toBe(429);
    expect(spent.json.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(Number(spent.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(stack.sandbox.controls.count({ service: 'maps' })).toBe(5);
  });
});

describe('anonymous callers beside keyed clients (ALLOW_ANONYMOUS=true, ANONYMOUS_UPSTREAM_SHARE_PERCENT default 50)', () => {
  const stack = useTestStack({
    ...SINGLE_REQUEST_DISCIPLINE,
    UPSTREAM_PACING: 'on',
    ALLOW_ANONYMOUS: 'true',
    GATEWAY_API_KEYS: `farm:${keyHash(KEY)}`,
  });
  const style = (headers: Record<string, string> = {}) =>
    stack.http.get(
      stack.app.url.replace(/\/graphql$/, '/maps/styles/streets/style.json?mode=light'),
      headers,
    );

  it('nine anonymous style loads spend at most half the 10-a-minute map loads; keyed clients still get theirs', async () => {
    const anonymous = [];
    for (let load = 0; load < 9; load += 1) anonymous.push((await style()).status);
    expect(anonymous).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429]);
    const forKeyed = [];
    for (let load = 0; load < 5; load += 1) forKeyed.push((await style(keyed)).status);
    expect(forKeyed).toEqual([200, 200, 200, 200, 200]);
    expect(stack.sandbox.controls.count({ service: 'maps', outcome: 'rate-limited' })).toBe(0);
    expect(stack.sandbox.controls.count({ service: 'maps' })).toBe(10);
  });
});

describe('METRICS_TOKEN', () => {
  const stack = useTestStack({ ...SINGLE_REQUEST_DISCIPLINE, METRICS_TOKEN: 'scrape-token-42' });
  const metrics = (headers: Record<string, string> = {}) =>
    stack.http.get(stack.app.url.replace(/\/graphql$/, '/metrics'), headers);

  it('protects /metrics: 401 without the token or with another, the exposition with it', async () => {
    expect((await metrics()).status).toBe(401);
    expect((await metrics({ authorization: 'Bearer wrong' })).status).toBe(401);
    const scraped = await metrics({ authorization: 'Bearer scrape-token-42' });
    expect(scraped.status).toBe(200);
    expect(scraped.text).toContain('loccode_upstream_circuit_state');
  });
});
