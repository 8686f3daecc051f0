import { keyHash } from '../../src/server/access/callers';
import type { HttpResponse } from '../support/http';
import { startTestStack, useTestStack } from '../support/gateway';
import { FakeClock } from '../support/time';
import { busiestWindow, SteppedRun } from '../support/stepped-run';

const FLOODER_KEY = 'lg_flooder-test-key';
const NEIGHBOUR_KEY = 'lg_neighbour-test-key';
const POINTS_PER_MINUTE = 60;
const MINUTE_MS = 60_000;

const CLIMATE = 'query($code: String!) { loccode(code: $code) { climate { state } } }';
const ACCESS = 'query($code: String!) { loccode(code: $code) { healthcareAccess { accessScore } } }';

/**
 * Production upstream discipline (cache, response cache, pacing) and two clients with
 * a budget of 60 points a minute each; one minute of traffic on the gateway's clock, a
 * stepped fake one (test/support/time.ts, stepped-run.ts): the minute takes seconds, and every
 * upstream call is dated on the clock that pacing and budgets read.
 */
describe('client budgets', () => {
  const clock = new FakeClock();
  const stack = useTestStack(
    {
      GATEWAY_API_KEYS: `flooder:${keyHash(FLOODER_KEY)},neighbour:${keyHash(NEIGHBOUR_KEY)}`,
      ALLOW_ANONYMOUS: 'false',
      CLIENT_POINTS_PER_MINUTE: String(POINTS_PER_MINUTE),
      QUERY_MAX_COST: '10',
    },
    { clock },
  );

  it(
    'a client sending 3x its budget for a minute gets 429s with a correct Retry-After; ' +
      'a second client is unaffected; agriculture never sees more than 60 calls in any minute',
    async () => {
      const streets = stack.sandbox.dataset.streets;
      const run = new SteppedRun(clock, stack.sandbox.controls, 40);
      // Agriculture's 60 a minute, counted by the sandbox in real time (see SteppedRun).
      stack.sandbox.controls.setRateLimit('agriculture', 'requests', {
        kind: 'window',
        limit: 60,
        windowMs: run.sandboxWindowMs,
      });
      const send = (key: string, query: string, code: string) =>
        run.send(() =>
          stack.http.post(stack.app.url, { query, variables: { code } }, { authorization: `Bearer ${key}` }),
        );

      const flooder: Array<Promise<HttpResponse>> = [];
      const neighbour: Array<Promise<HttpResponse>> = [];
      // The flooder: 3 points a second (180 in the minute, against 60), each a climate call for a
      // loccode not asked before, so what it is admitted to do really reaches agriculture.
      // The neighbour: half of its own budget, on healthcare.
      for (let second = 0; second < MINUTE_MS / 1000; second += 1) {
        const sends: Array<[number, () => void]> = [0, 1, 2].map((third) => {
          const tick = second * 3 + third;
          return [
            Math.round((third * 1000) / 3),
            () => {
              flooder.push(send(FLOODER_KEY, CLIMATE, streets[tick % streets.length]!.code));
              if (tick % 6 === 0) neighbour.push(send(NEIGHBOUR_KEY, ACCESS, streets[tick / 6]!.code));
            },
          ];
        });
        await run.second(sends);
      }
      // What still waits for agriculture is answered by its deadline (10 s).
      for (let second = 0; second < 11 && run.pending > 0; second += 1) await run.second();
      const flooded = await Promise.all(flooder);
      const calm = await Promise.all(neighbour);

      expect(flooded).toHaveLength(180);
      const refused = flooded.filter((r) => r.status === 429);
      const admitted = flooded.filter((r) => r.status === 200);
      expect(refused.length + admitted.length).toBe(flooded.length);
      // A full bucket (60) plus what drains in the minute (60), give or take the last second.
      expect(admitted.length).toBeGreaterThanOrEqual(110);
      expect(admitted.length).toBeLessThanOrEqual(125);
      for (const response of refused) {
        const [error] = response.json.errors;
        expect(error.extensions.code).toBe('RATE_LIMITED');
        // Each query costs 1 point and the budget refills 1 point a second: the wait is the missing points.
        const remaining = Number(response.headers['x-ratelimit-remaining']);
        const retryAfter = Number(response.headers['retry-after']);
        expect(retryAfter).toBe(Math.max(1, 1 - remaining));
        expect(error.extensions.retryAfterSeconds).toBe(retryAfter);
        expect(error.message).toMatch(
          new RegExp(`costs 1 point and you have ${remaining} of your 60 .* retry in ${retryAfter} s`),
        );
        expect(response.headers['x-ratelimit-limit']).toBe(String(POINTS_PER_MINUTE));
        expect(response.json.extensions.cost).toEqual({
          requested: 0,
          actual: 0,
          maximum: 10,
          budget: {
            limit: POINTS_PER_MINUTE,
            remaining,
            resetSeconds: Number(response.headers['x-ratelimit-reset']),
          },
        });
      }
      // The neighbour: every request answered in full.
      expect(calm).toHaveLength(30);
      expect(calm.map((r) => [r.status, r.json.errors])).toEqual(calm.map(() => [200, undefined]));

      // Admitted twice as much as agriculture allows, the gateway paced itself: the excess waited,
      // then failed fast at its field with UPSTREAM_RATE_LIMITED, and agriculture never refused one.
      const agriculture = run.calls.filter((call) => call.service === 'agriculture');
      expect(agriculture.filter((call) => call.outcome === 'rate-limited')).toEqual([]);
      expect(agriculture.length).toBeGreaterThanOrEqual(55);
      expect(busiestWindow(run.timesOf('agriculture'), MINUTE_MS)).toBeLessThanOrEqual(60);
      const paced = admitted.filter((r) => r.json.errors !== undefined);
      expect(paced.length).toBeGreaterThan(0);
      for (const response of paced)
        expect(response.json.errors[0].extensions).toMatchObject({
          code: 'UPSTREAM_RATE_LIMITED',
          service: 'agriculture',
        });

      // After the flood: waiting the Retry-After a refusal gives is enough.
      const dear =
        '{ a: loccode(code: "KN3A 7QP") { street { name } healthRisk { riskLevel } healthcareAccess { accessScore } } }';
      const ask = () =>
        run.send(() => stack.http.post(stack.app.url, { query: dear }, { 'x-api-key': FLOODER_KEY }));
      let answer = await ask();
      if (answer.status === 429) {
        expect(answer.json.errors[0].extensions.cost).toBe(3);
        await run.advanceTo(clock.now() + Number(answer.headers['retry-after']) * 1000);
        answer = await ask();
      }
      expect(answer.status).toBe(200);
    },
    30_000,
  );

  it('charges answers served from cache like any other', async () => {
    const other = await startTestStack({
      GATEWAY_API_KEYS: `one:${keyHash(FLOODER_KEY)}`,
      CLIENT_POINTS_PER_MINUTE: '5',
      QUERY_MAX_COST: '5',
    });
    try {
      const query = { query: '{ loccode(code: "KN3A 7QP") { street { name } } }' };
      const responses = [];
      for (let i = 0; i < 6; i += 1)
        responses.push(await other.http.post(other.app.url, query, { 'x-api-key': FLOODER_KEY }));
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
      // The first answer was fetched; the next ones came from the response cache, at the same price.
      expect(responses.slice(0, 5).map((r) => r.json.extensions.cost)).toEqual(
        [1, 0, 0, 0, 0].map((actual, i) => ({
          requested: 1,
          actual,
          maximum: 5,
          budget: { limit: 5, remaining: 4 - i, resetSeconds: expect.any(Number) },
        })),
      );
      expect(other.sandbox.controls.count()).toBe(1);
    } finally {
      await other.close();
    }
  });
});
