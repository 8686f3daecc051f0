import type { Sandbox } from '../../src/sandbox';
import { TestHttp, type HttpResponse } from '../support/http';
import { startTestSandbox } from '../support/sandbox';
import { FakeClock } from '../support/time';

describe('sandbox rate limits: request N+1 is refused, and the window lets requests through again', () => {
  const http = new TestHttp();
  // The sandbox's limits count on this clock: the tests move it instead of waiting.
  const clock = new FakeClock();
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ clock });
  });
  afterEach(() => sandbox.controls.reset());
  afterAll(async () => {
    await http.close();
    await sandbox.close();
  });

  function expectLimited(res: HttpResponse, limit: number): void {
    expect(res.status).toBe(429);
    expect(res.headers['x-ratelimit-limit']).toBe(String(limit));
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(Math.floor(clock.now() / 1000));
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }

  it('agriculture: N per window, then a bare 429 Too Many Requests in the agriculture error body', async () => {
    const N = 3;
    sandbox.controls.setRateLimit('agriculture', 'requests', { kind: 'window', limit: N, windowMs: 1000 });
    const climate = () =>
      http.get(`${sandbox.urls.agriculture}/api/v1/data/climate/by-loccode?loccode=KN3A%207QP`, {
        authorization: `Bearer ${sandbox.keys.agriculture}`,
        'content-type': 'application/json',
      });
    for (let i = 0; i < N; i++) expect((await climate()).status).toBe(200);
    const limited = await climate();
    // The agriculture spec documents no rate-limit headers: the 429 is bare.
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeUndefined();
    expect(limited.headers['x-ratelimit-limit']).toBeUndefined();
    expect(limited.json).toEqual({ error: { code: 'Too Many Requests', message: expect.any(String) } });

    clock.moveTo(clock.now() + 1100);
    const again = await climate();
    expect(again.status).toBe(200);
  });

  it('maps: a burst of N, then 429 rate_limited in the maps envelope, then tokens refill at the rate', async () => {
    const N = 2;
    sandbox.controls.setRateLimit('maps', 'loccode', { kind: 'bucket', ratePerSecond: 4, burst: N });
    const resolve = () =>
      http.get(`${sandbox.urls.maps}/sdk/v1/loccode/KN3A%207QP`, { 'x-api-key': sandbox.keys.maps });
    for (let i = 0; i < N; i++) expect((await resolve()).status).toBe(200);
    const limited = await resolve();
    expectLimited(limited, N);
    expect(limited.json).toEqual({ status: false, code: 'rate_limited', message: expect.any(String) });

    clock.moveTo(clock.now() + 300);
    expect((await resolve()).status).toBe(200);
  });

  it('maps: the documented map-load limit of 10 per minute on style.json', async () => {
    const style = () =>
      http.get(`${sandbox.urls.mapHost}/sdk/styles/streets/style.json?key=${sandbox.keys.maps}`);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await style()).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});
