import { failWithStatus } from '../support/sandbox';
import type { AppOptions } from '../../src/start/app';
import { startTestStack, type TestStack } from '../support/gateway';
import { waitFor } from '../support/time';
import { FakeClock } from '../support/time';

const KANO = 'KN3A 7QP';
const MINUTE_MS = 60_000;

/**
 * Moves `Date` (and only it: sockets and timers keep real time) `ms` ahead, still running:
 * what a circuit reads to tell its open interval is over. `jest.useRealTimers()` undoes it.
 */
function laterByMs(ms: number): void {
  jest.useFakeTimers({
    now: Date.now() + ms,
    advanceTimers: true,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

/** Production defaults except what a scenario names. */
async function withStack(
  env: Record<string, string>,
  scenario: (stack: TestStack) => Promise<void>,
  options: AppOptions = {},
): Promise<void> {
  const stack = await startTestStack(env, options);
  try {
    await scenario(stack);
  } finally {
    await stack.close();
  }
}

const climateOf = (code: string) =>
  `{ loccode(code: "${code}") { code climate { state airTemperatureCelsius } } }`;

describe('upstream discipline', () => {
  it('a 503 on healthcare degrades that field only, coded UPSTREAM_UNAVAILABLE, after one retry', () =>
    withStack({}, async (stack) => {
      stack.sandbox.controls.injectFault({ service: 'healthcare', kind: 'status', status: 503 });
      const { data, errors } = await stack.query(
        `{ loccode(code: "${KANO}") { climate { state } street { name } address { streetName } healthcareAccess { accessScore } } }`,
      );
      expect(errors).toHaveLength(1);
      expect(errors![0]).toMatchObject({
        path: ['loccode', 'healthcareAccess'],
        extensions: { code: 'UPSTREAM_UNAVAILABLE', service: 'healthcare' },
      });
      expect(data.loccode.climate.state).toBe('Kano');
      expect(data.loccode.street.name).toEqual(expect.any(String));
      expect(data.loccode.address.streetName).toEqual(expect.any(String));
      expect(stack.sandbox.controls.count({ service: 'healthcare', operation: 'access' })).toBe(2);
    }));

  it('retries a 429 with Retry-After: 1 once, about a second later, and succeeds', () =>
    withStack({}, async (stack) => {
      failWithStatus(stack.sandbox.controls, 'agriculture', 'climate', {
        status: 429,
        retryAfterSeconds: 1,
        times: 1,
      });
      const started = Date.now();
      const { data, errors } = await stack.query(climateOf(KANO));
      expect(errors).toBeUndefined();
      expect(data.loccode.climate.state).toBe('Kano');
      const [first, second] = stack.sandbox.controls.requests({
        service: 'agriculture',
        operation: 'climate',
      });
      expect([first!.outcome, second!.outcome]).toEqual(['fault:status', 'ok']);
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
      expect(Date.now() - started).toBeLessThan(3000);
    }));

  it('does not retry when Retry-After would pass the request deadline, and says when to come back', () =>
    withStack({ REQUEST_DEADLINE_MS: '2000' }, async (stack) => {
      failWithStatus(stack.sandbox.controls, 'agriculture', 'climate', {
        status: 429,
        retryAfterSeconds: 30,
      });
      const started = Date.now();
      const { errors } = await stack.query(climateOf(KANO));
      expect(errors![0]!.extensions).toMatchObject({
        code: 'UPSTREAM_RATE_LIMITED',
        service: 'agriculture',
        retryAfterSeconds: 30,
      });
      expect(Date.now() - started).toBeLessThan(1000);
      expect(stack.sandbox.controls.count({ service: 'agriculture' })).toBe(1);
    }));

  it('turns a hang past the timeout into UPSTREAM_TIMEOUT within the timeout plus 10%', () =>
    // A 2 s timeout, so that the 10% is 200 ms: enough for a busy machine, far from a retry's doubling.
    withStack({ UPSTREAM_TIMEOUT_MS: '2000' }, async (stack) => {
      stack.sandbox.controls.injectFault({ service: 'healthcare', operation: 'heatmap', kind: 'hang' });
      const started = Date.now();
      const { errors } = await stack.query(`{ loccode(code: "${KANO}") { heatmap { radiusKm } } }`);
      const elapsed = Date.now() - started;
      expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_TIMEOUT', service: 'healthcare' });
      expect(elapsed).toBeGreaterThanOrEqual(2000);
      expect(elapsed).toBeLessThan(2200);
    }));

  it('opens the circuit after N consecutive failures, calls nothing while open, and closes after a good probe a second later (CIRCUIT_OPEN_MS default)', () =>
    withStack({ CIRCUIT_FAILURE_THRESHOLD: '3', UPSTREAM_MAX_ATTEMPTS: '1' }, async (stack) => {
      const codes = stack.sandbox.dataset.streets.slice(0, 6).map((s) => s.code);
      const address = (code: string) =>
        stack.query(`{ loccode(code: "${code}") { address { streetName } } }`);
      const calls = () => stack.sandbox.controls.count({ service: 'address' });
      stack.sandbox.controls.injectFault({ service: 'address', kind: 'status', status: 500 });
      for (const code of codes.slice(0, 3)) await address(code);
      expect(calls()).toBe(3);

      const refused = await address(codes[3]!);
      expect(refused.errors![0]!.extensions).toMatchObject({
        code: 'UPSTREAM_UNAVAILABLE',
        service: 'address',
      });
      expect(refused.errors![0]!.message).toMatch(/not calling it for now/);
      expect(calls()).toBe(3);

      stack.sandbox.controls.clearFaults();
      // A second later on the clock the circuit reads (cockatiel's and ours: Date), without waiting one.
      laterByMs(1100);
      try {
        const probe = await address(codes[4]!);
        expect(probe.errors).toBeUndefined();
        expect(calls()).toBe(4);
        expect((await address(codes[5]!)).errors).toBeUndefined();
        expect(calls()).toBe(5);
      } finally {
        jest.useRealTimers();
      }
    }));

  it('answers 300 requests over 10 loccodes without one upstream 429 at 60 a minute: cached, then paced', () =>
    withStack({}, async (stack) => {
      const codes = stack.sandbox.dataset.streets.slice(0, 10).map((s) => s.code);
      const results = [];
      for (let round = 0; round < 15; round++) {
        results.push(
          ...(await Promise.all(
            Array.from({ length: 20 }, (_, i) => stack.query(climateOf(codes[i % 10]!))),
          )),
        );
      }
      expect(results.filter((r) => r.errors !== undefined)).toEqual([]);
      expect(stack.sandbox.controls.count({ service: 'agriculture', outcome: 'rate-limited' })).toBe(0);
      expect(stack.sandbox.controls.count({ service: 'agriculture', operation: 'climate' })).toBe(10);
    }));

  it('fails fast with UPSTREAM_RATE_LIMITED when the budget could not be met before the deadline', () =>
    withStack({ HEALTH_RATE_LIMIT_PER_MINUTE: '2', REQUEST_DEADLINE_MS: '1500' }, async (stack) => {
      const codes = stack.sandbox.dataset.streets.slice(0, 3).map((s) => s.code);
      const access = (code: string) =>
        stack.query(`{ loccode(code: "${code}") { healthcareAccess { accessScore } } }`);
      expect((await access(codes[0]!)).errors).toBeUndefined();
      expect((await access(codes[1]!)).errors).toBeUndefined();
      const started = Date.now();
      const third = await access(codes[2]!);
      expect(Date.now() - started).toBeLessThan(500);
      expect(third.errors![0]!.extensions).toMatchObject({
        code: 'UPSTREAM_RATE_LIMITED',
        service: 'healthcare',
      });
      expect(third.errors![0]!.extensions!.retryAfterSeconds).toBeGreaterThanOrEqual(55);
      expect(stack.sandbox.controls.count({ service: 'healthcare' })).toBe(2);
    }));

  it('shares one upstream call among 100 concurrent identical cold queries', () =>
    withStack({}, async (stack) => {
      stack.sandbox.controls.setLatency('all', { fixedMs: 100, jitterMs: 0 });
      const query = `{ loccode(code: "${KANO}") { climate { state } street { name } healthcareAccess { accessScore } } }`;
      const results = await Promise.all(Array.from({ length: 100 }, () => stack.query(query)));
      expect(results.filter((r) => r.errors !== undefined)).toEqual([]);
      expect(stack.sandbox.controls.counts()).toEqual({
        'agriculture/climate': 1,
        'healthcare/access': 1,
        'maps/resolveLoccode': 1,
      });
    }));

  // Climate is fresh for 10 minutes, served at once while it is refreshed for half that more,
  // and served flagged as stale while the service fails for 6 hours past fresh (README, "Caching
  // and limits"). The gateway runs on a stepped clock: these tests move it, they do not wait.
  it('serves expired data with a staleness warning while the upstream fails, for 6 hours past fresh (stale if error)', () => {
    const clock = new FakeClock();
    return withStack(
      { RESPONSE_CACHE: 'off' },
      async (stack) => {
        const first = await stack.query(climateOf(KANO));
        failWithStatus(stack.sandbox.controls, 'agriculture', 'climate', { status: 503 });
        // Past fresh (10 minutes) and past the refresh window (5 more).
        clock.moveTo(clock.now() + 16 * MINUTE_MS);
        const stale = await stack.query(climateOf(KANO));
        expect(stale.errors).toBeUndefined();
        expect(stale.data).toEqual(first.data);
        expect(stale.response.json.extensions.warnings).toEqual([
          {
            code: 'STALE_DATA',
            service: 'agriculture',
            operation: 'climate',
            ageSeconds: 16 * 60,
            message: expect.stringMatching(/agriculture service is failing/),
          },
        ]);
        // It did ask: a failing upstream is still tried (and retried) before stale data is served.
        const failed = () =>
          stack.sandbox.controls.count({
            service: 'agriculture',
            operation: 'climate',
            outcome: 'fault:status',
          });
        expect(failed()).toBe(2);

        // 6 hours 11 minutes after it was fetched, the answer is too old to serve: the failure is the answer.
        clock.moveTo(clock.now() + (6 * 60 + 11 - 16) * MINUTE_MS);
        const gone = await stack.query(climateOf(KANO));
        expect(gone.data.loccode.climate).toBeNull();
        expect(gone.errors![0]).toMatchObject({
          path: ['loccode', 'climate'],
          extensions: { code: 'UPSTREAM_UNAVAILABLE', service: 'agriculture' },
        });
        expect(gone.response.json.extensions?.warnings).toBeUndefined();
        expect(failed()).toBe(4);
      },
      { clock },
    );
  });

  it('answers a warm query from cache, and remembers a not-found for a short while', () =>
    withStack({}, async (stack) => {
      const query = `{ loccode(code: "${KANO}") { climate { state } street { name } address { streetName } } }`;
      const cold = await stack.query(query);
      stack.sandbox.controls.clearLog();
      const warm = await stack.query(query);
      expect(warm.data).toEqual(cold.data);
      expect(stack.sandbox.controls.counts()).toEqual({});

      const unknown = climateOf('ZZ9Z 9ZZ');
      expect((await stack.query(unknown)).errors![0]!.extensions!.code).toBe('LOCCODE_NOT_FOUND');
      expect((await stack.query(unknown)).errors![0]!.extensions!.code).toBe('LOCCODE_NOT_FOUND');
      expect(stack.sandbox.controls.count({ service: 'agriculture' })).toBe(1);
    }));

  it('serves map styles from cache, so 20 map loads through the gateway spend one of the 10 a minute', () =>
    withStack({}, async (stack) => {
      const { data } = await stack.query('{ mapDisplay { styleUrl } }');
      const loads = await Promise.all(
        Array.from({ length: 20 }, () => stack.http.get(data.mapDisplay.styleUrl)),
      );
      expect(loads.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(stack.sandbox.controls.count({ service: 'maps', operation: 'style' })).toBe(1);
    }));

  it('serves a just-expired answer at once and refreshes it in the background (stale while revalidate)', () => {
    const clock = new FakeClock();
    return withStack(
      { RESPONSE_CACHE: 'off' },
      async (stack) => {
        const calls = () => stack.sandbox.controls.count({ service: 'agriculture', operation: 'climate' });
        const first = await stack.query(climateOf(KANO));
        // The sandbox logs a call once it has answered it: the refresh is logged 2 s after it starts.
        stack.sandbox.controls.setLatency('agriculture', { fixedMs: 2_000, jitterMs: 0 });
        clock.moveTo(clock.now() + 10 * MINUTE_MS + 1_000);
        const served = await stack.query(climateOf(KANO));
        expect(served.errors).toBeUndefined();
        expect(served.data).toEqual(first.data);
        expect(served.response.json.extensions?.warnings).toBeUndefined();
        // Answered while its refresh was still on its way.
        expect(calls()).toBe(1);
        await waitFor(() => calls() === 2, { timeoutMs: 10_000 });

        // The refreshed answer is fresh for 10 minutes from when it was fetched: 19 minutes after
        // the first, nothing is called (the first alone would be past its refresh window by then).
        stack.sandbox.controls.setLatency('agriculture', { fixedMs: 0, jitterMs: 0 });
        clock.moveTo(clock.now() + 9 * MINUTE_MS);
        expect((await stack.query(climateOf(KANO))).data).toEqual(first.data);
        expect(calls()).toBe(2);
      },
      { clock },
    );
  });
});
