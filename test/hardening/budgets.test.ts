import { keyHash } from '../../src/server/access/callers';
import type { HttpResponse } from '../support/http';
import { startTestStack, useTestStack } from '../support/gateway';

const FLOODER_KEY = 'lg_flooder-test-key';
const NEIGHBOUR_KEY = 'lg_neighbour-test-key';
const POINTS_PER_MINUTE = 60;
const MINUTE_MS = 60_000;

const CLIMATE = 'query($code: String!) { loccode(code: $code) { climate { state } } }';
const ACCESS = 'query($code: String!) { loccode(code: $code) { healthcareAccess { accessScore } } }';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The most requests logged in any `windowMs` (a sliding window over their start times). */
function busiestWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last += 1) {
    while (sorted[last]! - sorted[first]! >= windowMs) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/**
 * Production upstream discipline (cache, response cache, pacing) and two clients with
 * a budget of 60 points a minute each; one real minute of traffic.
 */
describe('client budgets (issue #6)', () => {
  const stack = useTestStack({
    GATEWAY_API_KEYS: `flooder:${keyHash(FLOODER_KEY)},neighbour:${keyHash(NEIGHBOUR_KEY)}`,
    ALLOW_ANONYMOUS: 'false',
    CLIENT_POINTS_PER_MINUTE: String(POINTS_PER_MINUTE),
    QUERY_MAX_COST: '10',
  });

  it(
    'a client sending 3x its budget for a minute gets 429s with a correct Retry-After; ' +
      'a second client is unaffected; agriculture never sees more than 60 calls in any minute',
    async () => {
      const streets = stack.sandbox.dataset.streets;
      const send = (key: string, query: string, code: string) =>
        stack.http.post(stack.app.url, { query, variables: { code } }, { authorization: `Bearer ${key}` });

      const flooder: Array<Promise<HttpResponse>> = [];
      const neighbour: Array<Promise<HttpResponse>> = [];
      const started = Date.now();
      // The flooder: 3 points a second (180 in the minute, against 60), each a climate call for a
      // loccode not asked before, so what it is admitted to do really reaches agriculture.
      // The neighbour: half of its own budget, on healthcare.
      for (let tick = 0; Date.now() - started < MINUTE_MS; tick += 1) {
        flooder.push(send(FLOODER_KEY, CLIMATE, streets[tick % streets.length]!.code));
        if (tick % 6 === 0) neighbour.push(send(NEIGHBOUR_KEY, ACCESS, streets[tick / 6]!.code));
        await sleep(Math.max(0, started + (tick + 1) * (1000 / 3) - Date.now()));
      }
      const flooded = await Promise.all(flooder);
      const calm = await Promise.all(neighbour);

      expect(flooded.length).toBeGreaterThanOrEqual(170);
      const refused = flooded.filter((r) => r.status === 429);
      const admitted = flooded.filter((r) => r.status === 200);
      expect(refused.length + admitted.length).toBe(flooded.length);
      // A full bucket (60) plus what drains in the minute (60), give or take the clock.
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
      expect(calm.length).toBeGreaterThanOrEqual(29);
      expect(calm.map((r) => [r.status, r.json.errors])).toEqual(calm.map(() => [200, undefined]));

      // Admitted twice as much as agriculture allows, the gateway paced itself: the excess waited,
      // then failed fast at its field with UPSTREAM_RATE_LIMITED, and agriculture never refused one.
      const agriculture = stack.sandbox.controls.requests({ service: 'agriculture' });
      expect(agriculture.filter((r) => r.outcome === 'rate-limited')).toEqual([]);
      expect(agriculture.length).toBeGreaterThanOrEqual(55);
      expect(
        busiestWindow(
          agriculture.map((r) => r.at),
          MINUTE_MS,
        ),
      ).toBeLessThanOrEqual(60);
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
      const ask = () => stack.http.post(stack.app.url, { query: dear }, { 'x-api-key': FLOODER_KEY });
      let answer = await ask();
      if (answer.status === 429) {
        expect(answer.json.errors[0].extensions.cost).toBe(3);
        await sleep(Number(answer.headers['retry-after']) * 1000);
        answer = await ask();
      }
      expect(answer.status).toBe(200);
    },
    150_000,
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
