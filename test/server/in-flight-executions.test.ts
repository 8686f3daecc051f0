import { keyHash } from '../../src/server/access/callers';
import { accessLine } from '../support/access-log';
import { FakeClock } from '../support/time';
import { SINGLE_REQUEST_DISCIPLINE, useTestStack, type TestStack } from '../support/gateway';
import type { HttpResponse } from '../support/http';

/*
 * QUERY_DEDUPE: identical queries that arrive while one of them executes share
 * that execution. Every cache is off here, so nothing but the execution in flight can answer a
 * request without its own upstream calls. The sandbox holds every call for 300 ms, long enough
 * for all the requests of a test, sent together, to arrive while the first one waits.
 */

const KEY = 'lg_in-flight-executions-test-key';
const AUTH = { authorization: `Bearer ${KEY}` };
const KANO = 'KN3A 7QP';
const PORT_HARCOURT = 'RI7T 6UV';
/** One maps call (the street) and one agriculture call (the climate): cost 2 (one point per upstream call). */
const STREET_AND_CLIMATE =
  'query StreetAndClimate($code: String!) { loccode(code: $code) { street { name } climate { state } } }';
const HELD_MS = 300;
/** Budgets refill with time: on a clock that stands still, each charge shows whole. */
const stillClock = () => ({ clock: new FakeClock() });
const ENV = {
  ...SINGLE_REQUEST_DISCIPLINE,
  GATEWAY_API_KEYS: `dedupe:${keyHash(KEY)}`,
  CLIENT_POINTS_PER_MINUTE: '1000',
};

interface Answer {
  status: number;
  requestId: string;
  remaining: number;
  answeredBy: unknown;
  data: unknown;
  errors?: Array<{ extensions: { code: string; requestId: string } }>;
  cost: { requested: number; actual: number };
}

async function answerOf(response: HttpResponse): Promise<Answer> {
  const requestId = response.headers['x-request-id'] as string;
  const json = response.json as {
    data: unknown;
    errors?: Answer['errors'];
    extensions: { cost: Answer['cost'] };
  };
  return {
    status: response.status,
    requestId,
    remaining: Number(response.headers['x-ratelimit-remaining']),
    answeredBy: (await accessLine(requestId)).answeredBy,
    data: json.data,
    ...(json.errors && { errors: json.errors }),
    cost: { requested: json.extensions.cost.requested, actual: json.extensions.cost.actual },
  };
}

/** Runs the document twice, one request at a time: from the third run it is compiled and taken by the lean path. */
async function warm(stack: TestStack, code: string): Promise<number> {
  let remaining = 0;
  for (let run = 0; run < 2; run += 1) {
    const response = await stack.http.post(
      stack.app.url,
      { query: STREET_AND_CLIMATE, variables: { code } },
      AUTH,
    );
    expect(response.status).toBe(200);
    remaining = Number(response.headers['x-ratelimit-remaining']);
  }
  return remaining;
}

/** `loccode_graphql_shared_executions_total{operation="StreetAndClimate"}` as /metrics shows it (0 before the first). */
async function sharedSoFar(stack: TestStack): Promise<number> {
  const exposition = (await stack.http.get(stack.app.url.replace(/\/graphql$/, '/metrics'))).text;
  const sample = /^loccode_graphql_shared_executions_total\{operation="StreetAndClimate"\} (\d+)$/m.exec(
    exposition,
  );
  return sample ? Number(sample[1]) : 0;
}

interface Together {
  answers: Answer[];
  /** Upstream calls the sandbox received for them. */
  calls: number;
  /** Requests answered from another's execution, as the gateway's metric counts them. */
  shared: number;
}

/** Sends every request of `codes` at once while the sandbox holds each call. */
async function together(stack: TestStack, codes: string[]): Promise<Together> {
  const sharedBefore = await sharedSoFar(stack);
  stack.sandbox.controls.setLatency('all', { fixedMs: HELD_MS, jitterMs: 0 });
  stack.sandbox.controls.clearLog();
  const responses = await Promise.all(
    codes.map((code) =>
      stack.http.post(stack.app.url, { query: STREET_AND_CLIMATE, variables: { code } }, AUTH),
    ),
  );
  const calls = stack.sandbox.controls.count();
  const answers = await Promise.all(responses.map(answerOf));
  return { answers, calls, shared: (await sharedSoFar(stack)) - sharedBefore };
}

describe('identical queries in flight (QUERY_DEDUPE, on by default)', () => {
  const stack = useTestStack(ENV, stillClock());

  it('executes once for all of them, and answers and charges each on its own', async () => {
    const before = await warm(stack, KANO);
    const { answers, calls, shared } = await together(stack, Array<string>(6).fill(KANO));
    // One street call and one climate call for the six.
    expect(calls).toBe(2);
    expect(shared).toBe(5);
    expect(answers.map((answer) => answer.answeredBy).sort()).toEqual([
      'joined',
      'joined',
      'joined',
      'joined',
      'joined',
      'lean',
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.data).toEqual(answers[0]!.data);
      // The one that executed sent the two calls; the others sent none (as a cached answer reports it).
      expect(answer.cost).toEqual({ requested: 2, actual: answer.answeredBy === 'lean' ? 2 : 0 });
    }
    expect(answers[0]!.data).toEqual({
      loccode: { street: { name: expect.any(String) }, climate: { state: 'Kano' } },
    });
    // Each was charged its 2 points.
    expect(Math.min(...answers.map((answer) => answer.remaining))).toBe(before - 6 * 2);
    expect(new Set(answers.map((answer) => answer.remaining)).size).toBe(6);
  });

  it('does not share between different variables', async () => {
    await warm(stack, KANO);
    const { answers, calls, shared } = await together(stack, [KANO, PORT_HARCOURT, KANO, PORT_HARCOURT]);
    expect(calls).toBe(4);
    expect(shared).toBe(2);
    expect(answers.map((answer) => answer.answeredBy)).toEqual(
      expect.arrayContaining(['lean', 'lean', 'joined', 'joined']),
    );
    const states = answers.map(
      (answer) => (answer.data as { loccode: { climate: { state: string } } }).loccode.climate.state,
    );
    expect(states).toEqual(['Kano', 'Rivers', 'Kano', 'Rivers']);
  });

  it('shares a result with errors, each answer formatted for its own request', async () => {
    // A well-formed loccode that no street has: the maps and agriculture services answer 404.
    const unknown = 'KN9Z 9ZZ';
    await warm(stack, unknown);
    const { answers, calls, shared } = await together(stack, Array<string>(4).fill(unknown));
    // Executed once: three answers made from its result.
    expect(calls).toBe(2);
    expect(shared).toBe(3);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.errors!.map((error) => error.extensions.code)).toEqual([
        'LOCCODE_NOT_FOUND',
        'LOCCODE_NOT_FOUND',
      ]);
      // Not the request id of the one that executed.
      for (const error of answer.errors!) expect(error.extensions.requestId).toBe(answer.requestId);
      expect(answer.cost.requested).toBe(2);
    }
    expect(answers.filter((answer) => answer.cost.actual === 2)).toHaveLength(1);
    expect(answers.filter((answer) => answer.cost.actual === 0)).toHaveLength(3);
  });
});

describe('QUERY_DEDUPE=off', () => {
  const stack = useTestStack({ ...ENV, QUERY_DEDUPE: 'off' }, stillClock());

  it('executes every request, its upstream calls still shared in flight', async () => {
    await warm(stack, KANO);
    const { answers, calls, shared } = await together(stack, Array<string>(4).fill(KANO));
    expect(answers.map((answer) => answer.answeredBy)).toEqual(['lean', 'lean', 'lean', 'lean']);
    expect(calls).toBe(2);
    expect(shared).toBe(0);
    for (const answer of answers) expect(answer.data).toEqual(answers[0]!.data);
  });
});
