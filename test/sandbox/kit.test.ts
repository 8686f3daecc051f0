import { SandboxControls } from '../../src/sandbox/kit/controls';
import { startServiceServer, type ServiceServer } from '../../src/sandbox/kit/server';
import type { ServiceDefinition } from '../../src/sandbox/kit/types';
import { TestHttp } from '../support/http';
import { FakeClock } from '../support/time';

/** A one-route service in the agriculture error style, to exercise the kit alone. */
const echoService: ServiceDefinition = {
  name: 'agriculture',
  limitHeaders: true,
  limits: { requests: { kind: 'window', limit: 1000, windowMs: 60_000 } },
  routes: [
    {
      method: 'GET',
      path: '/api/v1/echo/:word',
      operation: 'echo',
      limit: 'requests',
      handle: (req) => ({ status: 200, body: { word: req.params.word, key: req.keyName } }),
    },
    {
      method: 'POST',
      path: '/api/v1/parse',
      operation: 'parse',
      handle: (req) => ({ status: 200, body: req.json() }),
    },
  ],
  authenticate: (req) =>
    req.headers.authorization === 'Bearer secret-key-1'
      ? { keyName: 'one' }
      : req.headers.authorization === 'Bearer secret-key-2'
        ? { keyName: 'two' }
        : { status: 401, body: { error: { code: 'Unauthorized', message: 'Bad key.' } } },
  error: (status, code, message, details) => ({
    status,
    body: { error: { code, message, ...(details && { details }) } },
  }),
  codes: {
    // The test service's own words for the kit's failures: whatever a service's spec calls them.
    unknownPath: 'NO_SUCH_ROUTE',
    rateLimited: 'SLOW_DOWN',
    internal: 'BROKEN',
    unavailable: 'DOWN',
    badGateway: 'BAD_HOP',
    invalidJson: 'NOT_JSON',
  },
};

const KEY_ONE = { authorization: 'Bearer secret-key-1' };
const KEY_TWO = { authorization: 'Bearer secret-key-2' };

describe('sandbox kit', () => {
  // The rate limits count on this clock: the tests move it instead of waiting.
  const clock = new FakeClock();
  const controls = new SandboxControls(clock);
  const http = new TestHttp();
  let server: ServiceServer;
  let url: string;

  beforeAll(async () => {
    server = await startServiceServer(echoService, controls, 0, '127.0.0.1');
    url = `${server.origin}/api/v1/echo/hello`;
  });
  afterEach(() => controls.reset());
  afterAll(async () => {
    await http.close();
    await server.close();
  });

  it('routes a request and names the key that authenticated it', async () => {
    const res = await http.get(url, KEY_ONE);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ word: 'hello', key: 'one' });
  });

  it("answers 401 in the service's own body before anything else", async () => {
    const res = await http.get(url);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: { code: 'Unauthorized', message: 'Bad key.' } });
  });

  it('answers an unknown path with 404 in the service vocabulary', async () => {
    const res = await http.get(`${server.origin}/api/v1/nothing-here`, KEY_ONE);
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('NO_SUCH_ROUTE');
  });

  it("answers a body that is not JSON with 400 and the service's invalid-JSON code", async () => {
    const res = await http.post(`${server.origin}/api/v1/parse`, '{"loccode": ', KEY_ONE);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('NOT_JSON');
  });

  describe('rate limits', () => {
    it('rejects request N+1 with 429, the headers and Retry-After, and lets requests through after the window', async () => {
      controls.setRateLimit('agriculture', 'requests', { kind: 'window', limit: 3, windowMs: 1200 });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await http.get(url, KEY_ONE)).status);
      expect(statuses).toEqual([200, 200, 200]);
      const rejected = await http.get(url, KEY_ONE);
      expect(rejected.status).toBe(429);
      expect(rejected.json).toEqual({
        error: { code: 'SLOW_DOWN', message: expect.stringMatching(/retry/i) },
      });
      expect(rejected.headers['x-ratelimit-limit']).toBe('3');
      expect(rejected.headers['x-ratelimit-remaining']).toBe('0');
      expect(Number(rejected.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(rejected.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(
        Math.floor(clock.now() / 1000),
      );

      clock.moveTo(clock.now() + 1300);
      const again = await http.get(url, KEY_ONE);
      expect(again.status).toBe(200);
      expect(again.headers['x-ratelimit-remaining']).toBe('2');
    });

    it('keeps a budget per key', async () => {
      controls.setRateLimit('agriculture', 'requests', { kind: 'window', limit: 1, windowMs: 60_000 });
      expect((await http.get(url, KEY_ONE)).status).toBe(200);
      expect((await http.get(url, KEY_ONE)).status).toBe(429);
      expect((await http.get(url, KEY_TWO)).status).toBe(200);
    });

    it('refills a token bucket at its rate after a burst', async () => {
      controls.setRateLimit('agriculture', 'requests', { kind: 'bucket', ratePerSecond: 10, burst: 2 });
      expect((await http.get(url, KEY_ONE)).status).toBe(200);
      expect((await http.get(url, KEY_ONE)).status).toBe(200);
      expect((await http.get(url, KEY_ONE)).status).toBe(429);
      clock.moveTo(clock.now() + 150);
      expect((await http.get(url, KEY_ONE)).status).toBe(200);
    });
  });

  describe('faults', () => {
    it('injects a status with Retry-After for the given number of requests only', async () => {
      controls.injectFault({
        service: 'agriculture',
        operation: 'echo',
        kind: 'status',
        status: 503,
        retryAfterSeconds: 2,
        times: 1,
      });
      const failed = await http.get(url, KEY_ONE);
      expect(failed.status).toBe(503);
      expect(failed.headers['retry-after']).toBe('2');
      expect(failed.json.error.code).toBe('DOWN');
      expect((await http.get(url, KEY_ONE)).status).toBe(200);
    });

    it('only touches the operation it names', async () => {
      controls.injectFault({ service: 'agriculture', operation: 'parse', kind: 'status', status: 500 });
      expect((await http.get(url, KEY_ONE)).status).toBe(200);
    });

    it('answers a body that is not JSON', async () => {
      controls.injectFault({ service: 'agriculture', kind: 'not-json' });
      const res = await http.get(url, KEY_ONE);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.json).toBeUndefined();
    });

    it('drops the connection in the middle of a response', async () => {
      controls.injectFault({ service: 'agriculture', kind: 'drop' });
      await expect(http.get(url, KEY_ONE)).rejects.toThrow();
    });

    it('hangs until the client gives up', async () => {
      controls.injectFault({ service: 'agriculture', kind: 'hang' });
      const impatient = new TestHttp({ headersTimeoutMs: 300 });
      const started = Date.now();
      await expect(impatient.get(url, KEY_ONE)).rejects.toThrow(/timeout/i);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      await impatient.destroy();
    });

    it('echoes the request URL and credentials into the body when asked (the canary for leak tests)', async () => {
      controls.injectFault({ service: 'agriculture', kind: 'status', status: 500, echoRequest: true });
      const res = await http.get(`${url}?loccode=X`, KEY_ONE);
      expect(res.json.error.details).toContain('Bearer secret-key-1');
      expect(res.json.error.details).toContain('/api/v1/echo/hello?loccode=X');
    });
  });

  it('adds the configured latency', async () => {
    controls.setLatency('agriculture', { fixedMs: 150, jitterMs: 0 });
    const started = Date.now();
    await http.get(url, KEY_ONE);
    expect(Date.now() - started).toBeGreaterThanOrEqual(145);
  });

  it('logs when each request arrived and how long its answer took to a fraction of a millisecond', async () => {
    // The benchmark divides a 80 ms wave between the sandbox and the gateway from these (bench/waves.ts).
    controls.setLatency('agriculture', { fixedMs: 20, jitterMs: 0 });
    const before = performance.timeOrigin + performance.now();
    for (let i = 0; i < 3; i += 1) await http.get(url, KEY_ONE);
    const after = performance.timeOrigin + performance.now();
    const logged = controls.requests({ service: 'agriculture', operation: 'echo' });
    expect(logged).toHaveLength(3);
    for (const { at, durationMs } of logged) {
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at + durationMs).toBeLessThanOrEqual(after);
      expect(durationMs).toBeGreaterThanOrEqual(19);
    }
    // Whole milliseconds would make every one of these an integer.
    const times = logged.flatMap(({ at, durationMs }) => [at, durationMs]);
    expect(times.filter((t) => !Number.isInteger(t)).length).toBeGreaterThan(0);
  });

  it('logs each request with its operation and outcome, and never the key', async () => {
    await http.get(`${url}?key=secret-key-1&loccode=KN3A%207QP`, KEY_ONE);
    await http.get(url);
    expect(controls.counts()).toEqual({ 'agriculture/echo': 2 });
    const [ok, unauthorized] = controls.requests({ service: 'agriculture', operation: 'echo' });
    expect(ok).toMatchObject({
      status: 200,
      outcome: 'ok',
      keyName: 'one',
      query: { loccode: 'KN3A 7QP' },
      jsonContentType: false,
    });
    expect(unauthorized).toMatchObject({ status: 401, outcome: 'unauthorized' });
    expect(JSON.stringify(controls.requests())).not.toContain('secret-key');
  });

  describe('control endpoint', () => {
    const control = (path: string) => `${server.origin}/__sandbox${path}`;

    it('sets latency, faults and limits, reads the log, and resets', async () => {
      expect(
        (
          await http.send(
            'PUT',
            control('/latency'),
            {},
            JSON.stringify({ service: 'agriculture', fixedMs: 5 }),
          )
        ).status,
      ).toBe(200);
      const fault = await http.post(control('/faults'), {
        service: 'agriculture',
        kind: 'status',
        status: 502,
        times: 1,
      });
      expect(fault.json).toEqual({ id: expect.any(Number) });
      expect((await http.get(url, KEY_ONE)).status).toBe(502);
      const limit = {
        service: 'agriculture',
        dimension: 'requests',
        spec: { kind: 'window', limit: 1, windowMs: 60000 },
      };
      expect((await http.send('PUT', control('/rate-limits'), {}, JSON.stringify(limit))).status).toBe(200);
      expect((await http.get(url, KEY_ONE)).status).toBe(200);
      expect((await http.get(url, KEY_ONE)).status).toBe(429);

      const log = await http.get(control('/requests?service=agriculture&operation=echo'));
      expect(log.json.count).toBe(3);
      expect(log.json.requests.map((r: { outcome: string }) => r.outcome)).toEqual([
        'fault:status',
        'ok',
        'rate-limited',
      ]);
      expect((await http.get(control('/counts'))).json).toEqual({ 'agriculture/echo': 3 });

      expect((await http.post(control('/reset'), {})).status).toBe(200);
      expect((await http.get(url, KEY_ONE)).status).toBe(200);
      expect((await http.get(control('/counts'))).json).toEqual({ 'agriculture/echo': 1 });
    });

    it('rejects a bad switch with 400 and a reason', async () => {
      const res = await http.post(control('/faults'), { service: 'weather', kind: 'status' });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatch(/service must be one of/);
      expect((await http.post(control('/faults'), { service: 'maps', kind: 'explode' })).json.error).toMatch(
        /kind must be/,
      );
      expect((await http.get(control('/nope'))).status).toBe(404);
    });
  });
});
