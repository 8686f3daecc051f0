import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { keyHash } from '../../src/server/access/callers';
import { accessLine } from '../support/access-log';
import { FakeClock } from '../support/time';
import { EXAMPLE_MANIFEST } from '../support/manifest';
import { SINGLE_REQUEST_DISCIPLINE, useTestStack, type TestStack } from '../support/gateway';
import type { HttpResponse } from '../support/http';

/*
 * A document Apollo has validated and graphql-jit has compiled (from its second
 * run) is answered without Apollo's pipeline on its third. A client must not be able to tell:
 * each case below sends the same request three times (graphql-js through Apollo, compiled
 * through Apollo, then the lean path) and compares what a client sees. The access log's
 * `answeredBy` says which path answered, so that a lean path that never runs fails here too.
 */

const KEY = 'lg_lean-path-test-key';
const AUTH = { authorization: `Bearer ${KEY}` };
const KANO = 'KN3A 7QP';
/** A street and its climate: one maps call and one agriculture call (the cost model counts upstream calls). */
const STREET_AND_CLIMATE =
  'query StreetAndClimate($code: String!) { loccode(code: $code) { street { name } climate { state } } }';
/** Response headers a client or a shared cache reads (request ids and dates differ on every answer). */
/** Budgets refill with time: on a clock that stands still, each charge shows whole. */
const stillClock = () => ({ clock: new FakeClock() });
const HEADERS = ['content-type', 'cache-control', 'vary', 'x-ratelimit-limit', 'age', 'retry-after'];

interface Seen {
  status: number;
  headers: Record<string, string | undefined>;
  remaining: number;
  /** The body without what moves between requests: the budget's standing, request ids. */
  body: unknown;
  answeredBy: unknown;
  calls: number;
}

async function seen(stack: TestStack, response: HttpResponse): Promise<Seen> {
  const requestId = response.headers['x-request-id'] as string;
  const json = response.json as {
    errors?: Array<{ extensions?: Record<string, unknown> }>;
    extensions?: { cost?: { budget?: { remaining?: number } } };
  };
  const remaining = Number(response.headers['x-ratelimit-remaining']);
  const budget = json.extensions?.cost?.budget;
  if (budget) expect(budget.remaining).toBe(remaining);
  const body = JSON.parse(JSON.stringify(json)) as typeof json;
  delete body.extensions?.cost?.budget?.remaining;
  // Seconds until the whole budget is back: they move with the real clock between requests.
  delete (body.extensions?.cost?.budget as { resetSeconds?: number } | undefined)?.resetSeconds;
  for (const error of body.errors ?? []) delete error.extensions?.requestId;
  return {
    status: response.status,
    headers: Object.fromEntries(HEADERS.map((name) => [name, response.headers[name] as string | undefined])),
    remaining,
    body,
    answeredBy: (await accessLine(requestId)).answeredBy,
    calls: stack.sandbox.controls.count(),
  };
}

/** Sends the same request three times (a body POSTed, or GET's parameters), counting each one's upstream calls. */
async function thrice(stack: TestStack, body: object, method: 'POST' | 'GET' = 'POST'): Promise<Seen[]> {
  const answers: Seen[] = [];
  for (let run = 0; run < 3; run += 1) {
    stack.sandbox.controls.reset();
    const response =
      method === 'POST'
        ? await stack.http.post(stack.app.url, body, AUTH)
        : await stack.http.get(`${stack.app.url}?${getParameters(body)}`, { ...AUTH, ...PREFLIGHTED });
    answers.push(await seen(stack, response));
  }
  return answers;
}

/** A GET without a content type needs a header a simple cross-site request cannot send (CSRF). */
const PREFLIGHTED = { 'apollo-require-preflight': 'true' };

/** GET's parameters: strings as they are, objects as JSON; an array gives a parameter once per item. */
function getParameters(request: object): string {
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries(request))
    for (const item of Array.isArray(value) ? value : [value])
      parameters.append(name, typeof item === 'string' ? item : JSON.stringify(item));
  return parameters.toString();
}

describe('the lean path, through HTTP', () => {
  const stack = useTestStack(
    {
      ...SINGLE_REQUEST_DISCIPLINE,
      GATEWAY_API_KEYS: `lean:${keyHash(KEY)}`,
      CLIENT_POINTS_PER_MINUTE: '1000',
    },
    stillClock(),
  );

  it('answers a repeated query with the status, headers and bytes Apollo answered, charged once each time', async () => {
    const answers = await thrice(stack, { query: STREET_AND_CLIMATE, variables: { code: KANO } });
    expect(answers.map((answer) => answer.answeredBy)).toEqual(['apollo', 'apollo', 'lean']);
    const [first, second, third] = answers;
    expect(first!.status).toBe(200);
    expect(first!.body).toMatchObject({
      data: { loccode: { street: { name: expect.any(String) }, climate: { state: 'Kano' } } },
      extensions: { cost: { requested: 2, actual: 2, maximum: expect.any(Number), budget: { limit: 1000 } } },
    });
    // A keyed client's answer is never for a shared cache.
    expect(first!.headers['cache-control']).toMatch(/^max-age=\d+, private$/);
    expect(first!.calls).toBe(2);
    for (const later of [second!, third!]) {
      expect({ ...later, remaining: 0, answeredBy: null }).toEqual({
        ...first!,
        remaining: 0,
        answeredBy: null,
      });
    }
    // Two points each time, once.
    expect(second!.remaining).toBe(first!.remaining - 2);
    expect(third!.remaining).toBe(second!.remaining - 2);
  });

  it('hands a result with errors to Apollo to format, without executing it again', async () => {
    // A well-formed loccode that no street has: the maps service answers 404.
    const answers = await thrice(stack, { query: STREET_AND_CLIMATE, variables: { code: 'KN9Z 9ZZ' } });
    const [first, second, third] = answers;
    const codes = (
      first!.body as { errors: Array<{ extensions: { code: string; service: string } }> }
    ).errors.map(({ extensions }) => `${extensions.service} ${extensions.code}`);
    expect(codes).toEqual(['maps LOCCODE_NOT_FOUND', 'agriculture LOCCODE_NOT_FOUND']);
    expect(third!.answeredBy).toBe('apollo');
    for (const later of [second!, third!]) {
      expect({ ...later, remaining: 0, answeredBy: null }).toEqual({
        ...first!,
        remaining: 0,
        answeredBy: null,
      });
    }
    const cost = (first!.body as { extensions: { cost: { requested: number } } }).extensions.cost.requested;
    expect(third!.remaining).toBe(second!.remaining - cost);
  });

  it('leaves to Apollo what it does not take: another operation name, bad variables, persisted queries', async () => {
    const document = `${STREET_AND_CLIMATE} query Street($code: String!) { loccode(code: $code) { street { name } } }`;
    const named = await thrice(stack, {
      query: document,
      operationName: 'Street',
      variables: { code: KANO },
    });
    expect(named.map((answer) => answer.answeredBy)).toEqual(['apollo', 'apollo', 'lean']);
    expect(named[2]!.body).toEqual(named[0]!.body);
    expect(named[2]!.calls).toBe(1);
    // An operation name the document lacks is Apollo's to refuse, whatever ran before.
    const unknown = await thrice(stack, {
      query: document,
      operationName: 'Nope',
      variables: { code: KANO },
    });
    expect(unknown.map((answer) => answer.status)).toEqual([400, 400, 400]);
    expect(unknown.map((answer) => answer.answeredBy)).toEqual(['apollo', 'apollo', 'apollo']);
    const hash = createHash('sha256').update(STREET_AND_CLIMATE).digest('hex');
    const persisted = await thrice(stack, {
      query: STREET_AND_CLIMATE,
      variables: { code: KANO },
      extensions: { persistedQuery: { version: 1, sha256Hash: hash } },
    });
    expect(persisted.map((answer) => [answer.status, answer.answeredBy])).toEqual([
      [200, 'apollo'],
      [200, 'apollo'],
      [200, 'apollo'],
    ]);
    const wrong = await thrice(stack, { query: STREET_AND_CLIMATE, variables: { code: 7 } });
    expect(wrong.map((answer) => answer.status)).toEqual([400, 400, 400]);
    expect(wrong[2]!.body).toEqual(wrong[0]!.body);
    expect(wrong[2]!.answeredBy).toBe('apollo');
    expect(wrong[2]!.calls).toBe(0);
  });
});

describe('the lean path and the response cache', () => {
  const stack = useTestStack(
    {
      ...SINGLE_REQUEST_DISCIPLINE,
      RESPONSE_CACHE: 'on',
      GATEWAY_API_KEYS: `lean:${keyHash(KEY)}`,
      CLIENT_POINTS_PER_MINUTE: '1000',
    },
    stillClock(),
  );

  it('stores what it answers: the same request next is a hit, with the same data', async () => {
    const codes = stack.sandbox.dataset.streets
      .filter((street) => street.state === 'Kano')
      .map((s) => s.code);
    const ask = async (code: string) =>
      seen(
        stack,
        await stack.http.post(stack.app.url, { query: STREET_AND_CLIMATE, variables: { code } }, AUTH),
      );
    const answers = [await ask(codes[0]!), await ask(codes[1]!), await ask(codes[2]!), await ask(codes[2]!)];
    expect(answers.map((answer) => answer.answeredBy)).toEqual([
      'apollo',
      'apollo',
      'lean',
      'response-cache',
    ]);
    const [, , lean, hit] = answers;
    expect(hit!.headers.age).toBe('0');
    expect((hit!.body as { data: unknown }).data).toEqual((lean!.body as { data: unknown }).data);
    expect(hit!.body).toMatchObject({ extensions: { cost: { requested: 2, actual: 0 } } });
    expect(hit!.headers['cache-control']).toBe(lean!.headers['cache-control']);
  });

  it('answers a repeated GET as Apollo answered it, and what Apollo refuses in a GET is still refused', async () => {
    // A document of its own: the one above is compiled already.
    const query = STREET_AND_CLIMATE.replace('StreetAndClimate', 'StreetAndClimateByGet');
    const codes = stack.sandbox.dataset.streets
      .filter((street) => street.state === 'Kano')
      .map((s) => s.code);
    // A loccode not asked before each time, so that the response cache does not answer first.
    const answers: Seen[] = [];
    for (const code of codes.slice(3, 6))
      answers.push(...(await thrice(stack, { query, variables: { code } }, 'GET')).slice(0, 1));
    expect(answers.map((answer) => answer.answeredBy)).toEqual(['apollo', 'apollo', 'lean']);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers[2]!.headers).toEqual(answers[0]!.headers);
    // Stored by the lean path: the same GET again is a hit.
    const again = await thrice(stack, { query, variables: { code: codes[5] } }, 'GET');
    expect(again.map((answer) => answer.answeredBy)).toEqual([
      'response-cache',
      'response-cache',
      'response-cache',
    ]);
    // Apollo refuses a parameter given twice, and variables that are not an object: no hit, no lean answer.
    const twice = await thrice(stack, { query, variables: [{ code: codes[5] }, { code: codes[5] }] }, 'GET');
    expect(twice.map((answer) => [answer.status, answer.answeredBy])).toEqual(Array(3).fill([400, 'apollo']));
    const bare = '{ loccode(code: "KN3A 7QP") { street { name } } }';
    expect((await thrice(stack, { query: bare })).map((answer) => answer.status)).toEqual([200, 200, 200]);
    const nullVariables = await thrice(stack, { query: bare, variables: null }, 'GET');
    expect(nullVariables.map((answer) => [answer.status, answer.answeredBy])).toEqual(
      Array(3).fill([400, 'apollo']),
    );
  });
});

describe('the lean path and a spent budget', () => {
  const stack = useTestStack(
    {
      ...SINGLE_REQUEST_DISCIPLINE,
      GATEWAY_API_KEYS: `lean:${keyHash(KEY)}`,
      // Two queries of 2 points; the third finds none left (a point comes back every 15 s).
      CLIENT_POINTS_PER_MINUTE: '4',
      QUERY_MAX_COST: '4',
    },
    stillClock(),
  );

  it('refuses the third with 429, Retry-After and RATE_LIMITED, as Apollo refuses, and takes nothing for it', async () => {
    const answers = await thrice(stack, { query: STREET_AND_CLIMATE, variables: { code: KANO } });
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
    expect(answers.map((answer) => answer.remaining)).toEqual([2, 0, 0]);
    const refused = answers[2]!;
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.body).toMatchObject({
      errors: [{ extensions: { code: 'RATE_LIMITED', cost: 2 } }],
      extensions: { cost: { requested: 0, actual: 0 } },
    });
    expect(refused.calls).toBe(0);
  });
});

describe('the lean path in trusted mode', () => {
  const [id, text] = Object.entries(
    JSON.parse(readFileSync(EXAMPLE_MANIFEST, 'utf8')) as Record<string, string>,
  ).find(([, document]) => document.includes('PestReport'))!;
  const variables = { code: KANO, crop: 'MAIZE' };
  const stack = useTestStack(
    {
      ...SINGLE_REQUEST_DISCIPLINE,
      TRUSTED_DOCUMENTS: EXAMPLE_MANIFEST,
      GATEWAY_API_KEYS: `lean:${keyHash(KEY)}`,
      CLIENT_POINTS_PER_MINUTE: '1000',
    },
    stillClock(),
  );

  it('answers a document named by its id as Apollo answered it, from its third run', async () => {
    const byId = await thrice(stack, { documentId: id, variables });
    expect(byId.map((answer) => answer.answeredBy)).toEqual(['apollo', 'apollo', 'lean']);
    expect(byId[0]!.body).toMatchObject({ data: { loccode: { pests: { __typename: 'PestProfile' } } } });
    expect({ ...byId[2]!, remaining: 0, answeredBy: null }).toEqual({
      ...byId[0]!,
      remaining: 0,
      answeredBy: null,
    });
    // The same document by Apollo's persisted-query extension, and by its exact text: compiled already.
    const hash = id.replace(/^sha256:/, '');
    const byHash = await thrice(stack, {
      variables,
      extensions: { persistedQuery: { version: 1, sha256Hash: hash } },
    });
    const byText = await thrice(stack, { query: text, variables });
    expect([...byHash, ...byText].map((answer) => answer.answeredBy)).toEqual(Array(6).fill('lean'));
    expect(byHash[0]!.body).toEqual(byId[0]!.body);
    expect(byText[0]!.body).toEqual(byId[0]!.body);
    // An unknown id, and the text with its hash (which Apollo checks), are still Apollo's or the edge's.
    const unknown = await stack.http.post(
      stack.app.url,
      { documentId: `sha256:${'0'.repeat(64)}`, variables },
      AUTH,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const both = await seen(
      stack,
      await stack.http.post(
        stack.app.url,
        { query: text, variables, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } },
        AUTH,
      ),
    );
    expect([both.status, both.answeredBy]).toEqual([200, 'apollo']);
  });
});
