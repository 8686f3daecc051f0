import { maskError } from '../../src/kernel/errors';
import fc from 'fast-check';
import { buildSchema } from '../../src/graph/schema';
import type { ServiceName } from '../../src/kernel/services';
import { MAPS_LIMITS } from '../../src/sandbox/services/maps/limits';
import { startTestStack, useTestStack, type TestStack } from '../support/gateway';
import type { HttpResponse } from '../support/http';
import {
  addressChain,
  awkwardString,
  DocumentArbitraries,
  nestedList,
  printOperation,
  type GraphQLBody,
} from './documents';
import { leakIn } from './leaks';

/*
 * Whatever a client sends to /graphql, the gateway answers with JSON, never
 * a 5xx, every error coded, nothing of its insides or of the upstream keys in the
 * answer, and it keeps answering. 2,000 requests in all, from a fixed seed
 * (FUZZ_SEED overrides it to explore), over real HTTP to one gateway on the sandbox.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20260715);
const RUNS = { documents: 1000, strings: 500, bodies: 500 };

/** The two generic messages of a gateway bug (src/kernel/errors.ts, src/server/gateway.ts); nothing more specific may leave. */
const GENERIC_INTERNAL = /^(Something went wrong in the gateway\.|Internal server error\.)/;
const MAX_BODY_BYTES = 256 * 1024;
const MAX_URL_CHARS = 8 * 1024;

interface FuzzRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers: Record<string, string>;
  /** Appended to /graphql (GET parameters). */
  search?: string;
  body?: string;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

function post(body: GraphQLBody | unknown): FuzzRequest {
  return { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) };
}

/**
 * GET carries the operation in the URL; a content-type satisfies Apollo's CSRF check. Node
 * itself refuses a request head over 16 KiB (431, no body), so longer operations are POSTed.
 */
function get(body: GraphQLBody): FuzzRequest {
  const search = new URLSearchParams({ query: body.query, variables: JSON.stringify(body.variables) });
  if (body.operationName !== undefined) search.set('operationName', body.operationName);
  if (search.toString().length > MAX_URL_CHARS) return post(body);
  return { method: 'GET', headers: JSON_HEADERS, search: `?${search}` };
}

/** What is wrong with one answer of the gateway, in words; empty when nothing is. */
function problemsOf(response: HttpResponse): string[] {
  const problems: string[] = [];
  if (response.status >= 500) problems.push(`HTTP ${response.status}`);
  const leak = leakIn(response);
  if (leak) problems.push(leak);
  const body = response.json;
  if (typeof body !== 'object' || body === null) return [...problems, 'the body is not a JSON object'];
  if (!('data' in body) && !('errors' in body)) problems.push('the body has neither data nor errors');
  if (body.errors === undefined) return problems;
  if (!Array.isArray(body.errors) || body.errors.length === 0) return [...problems, 'errors is not a list'];
  for (const error of body.errors) {
    const code = error?.extensions?.code;
    if (typeof code !== 'string') problems.push(`an error without a code: ${JSON.stringify(error)}`);
    if (code === 'INTERNAL_SERVER_ERROR' && !GENERIC_INTERNAL.test(error.message))
      problems.push(`INTERNAL_SERVER_ERROR with a specific message: ${JSON.stringify(error.message)}`);
  }
  return problems;
}

describe('the gateway under random requests', () => {
  let stack: TestStack;
  const documents = new DocumentArbitraries(buildSchema());

  beforeAll(async () => {
    stack = await startTestStack();
    // Spent budgets would only turn every later case into UPSTREAM_RATE_LIMITED; the
    // point is to reach the mapping code behind them.
    const unlimited = { kind: 'window', limit: 1_000_000, windowMs: 60_000 } as const;
    for (const service of ['agriculture', 'healthcare', 'address'] satisfies ServiceName[])
      stack.sandbox.controls.setRateLimit(service, 'requests', unlimited);
    for (const dimension of Object.keys(MAPS_LIMITS))
      stack.sandbox.controls.setRateLimit('maps', dimension, unlimited);
    console.log(`fuzz seed ${SEED} (set FUZZ_SEED to change it)`);
  });
  afterAll(() => stack.close());

  async function send(request: FuzzRequest): Promise<HttpResponse> {
    return stack.http.send(
      request.method,
      `${stack.app.url}${request.search ?? ''}`,
      request.headers,
      request.body,
    );
  }

  /** Sends the request, then a trivial query: both answers must be sound. */
  async function expectWellBehaved(request: FuzzRequest): Promise<void> {
    const problems = problemsOf(await send(request));
    const after = await stack.query('{ __typename }');
    if (after.status !== 200 || after.data?.__typename !== 'Query')
      problems.push(`the next trivial query got HTTP ${after.status}: ${after.response.text.slice(0, 200)}`);
    expect(problems).toEqual([]);
  }

  function check(arbitrary: fc.Arbitrary<FuzzRequest>, numRuns: number): Promise<void> {
    return fc.assert(fc.asyncProperty(arbitrary, expectWellBehaved), { seed: SEED, numRuns });
  }

  it('answers random documents walked from the schema', async () => {
    const requests = fc.oneof(
      { weight: 8, arbitrary: documents.operation(3).map(printOperation).map(post) },
      { weight: 2, arbitrary: documents.operation(5).map(printOperation).map(post) },
      { weight: 2, arbitrary: documents.operation(3).map(printOperation).map(get) },
      {
        weight: 1,
        arbitrary: fc.integer({ min: 1, max: 12 }).map((levels) => post({ query: addressChain(levels) })),
      },
    );
    await check(requests, RUNS.documents);
  }, 60_000);

  it('answers awkward strings wherever a loccode, name or text goes', async () => {
    const positions = [
      'query($s: String!) { loccode(code: $s) { code id climate { state } street { name } address { streetName } } }',
      'query($s: String!) { loccodes(codes: [$s, "KN3A 7QP"]) { code healthcareAccess { accessScore } } }',
      'query($s: ID!) { node(id: $s) { id ... on Loccode { code } } }',
      'query($s: String!) { supplyRoute(origin: "KN3A 7QP", destination: $s) { distanceKm } }',
      'query($s: String!) { loccode(code: "KN3A 7QP") { specialists(condition: $s) { interpretedCondition } } }',
      'query($s: String!) { loccode(code: "KN3A 7QP") { routeTo(destination: $s) { distanceMeters } } }',
      'query($s: String!) { searchPlaces(query: $s) { nodes { name } } }',
      'query($s: String) { searchPlaces(query: "market", category: $s) { nodes { name } } }',
      'query($s: String) { searchPlaces(category: "health", after: $s) { nodes { name } } }',
      'query($s: String!) { addressByStreet(streetName: $s) { streetName } }',
      'query($s: String) { pointDetails(location: { latitude: 12, longitude: 8.5 }, osmId: $s, searchName: $s) { shareUrl } }',
      'query($s: _Any!) { _entities(representations: [$s]) { ... on Loccode { code climate { state } } } }',
    ];
    const requests = fc.oneof(
      fc
        .tuple(fc.constantFrom(...positions), awkwardString)
        .map(([query, s]) => post({ query, variables: { s } })),
      // The same strings as literals; lone surrogates and control characters do not survive the parser.
      fc
        .tuple(fc.constantFrom(...positions), awkwardString)
        .map(([query, s]) =>
          post({ query: query.replace(/query\(\$s: [^)]*\) /, '').replaceAll('$s', JSON.stringify(s)) }),
        ),
      fc
        .tuple(fc.constantFrom(...positions), fc.nat(30))
        .map(([query, depth]) => post({ query, variables: { s: nestedList(depth) } })),
    );
    await check(requests, RUNS.strings);
  }, 60_000);

  it('answers malformed bodies, wrong variables, huge strings, odd methods and content types', async () => {
    const valid = {
      query: 'query($c: String!) { loccode(code: $c) { code } }',
      variables: { c: 'KN3A 7QP' },
    };
    const bodies: fc.Arbitrary<string> = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.nat(JSON.stringify(valid).length).map((cut) => JSON.stringify(valid).slice(0, cut)),
      fc.json({ maxDepth: 4 }),
      fc
        .record(
          {
            query: fc.jsonValue({ maxDepth: 2 }),
            variables: fc.jsonValue({ maxDepth: 2 }),
            operationName: fc.jsonValue(),
            extensions: fc.jsonValue(),
          },
          { requiredKeys: [] },
        )
        .map((body) => JSON.stringify(body)),
      fc.jsonValue({ maxDepth: 3 }).map((c) => JSON.stringify({ ...valid, variables: { c } })),
      // Around the 256 KiB body limit: mostly under, some over.
      fc
        .integer({ min: 1000, max: MAX_BODY_BYTES + 4096 })
        .map((n) => JSON.stringify({ ...valid, variables: { c: 'A'.repeat(n) } })),
      fc
        .integer({ min: 1000, max: MAX_BODY_BYTES })
        .map((n) => JSON.stringify({ query: `{ loccode(code: "${'K'.repeat(n)} 7QP") { code } }` })),
      // Written out by hand: JSON.stringify itself gives up long before the server's parser.
      fc
        .integer({ min: 100, max: 20_000 })
        .map(
          (depth) =>
            `{"query": ${JSON.stringify(valid.query)}, "variables": {"c": ${'['.repeat(depth)}"KN3A 7QP"${']'.repeat(depth)}}}`,
        ),
      fc.integer({ min: 100, max: 6000 }).map((depth) =>
        JSON.stringify({
          query: `{ loccodes(codes: ${'['.repeat(depth)}"KN3A 7QP"${']'.repeat(depth)}) { code } }`,
        }),
      ),
    );
    const requests = fc.record({
      method: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE'),
      headers: fc.record(
        {
          'content-type': fc.constantFrom(
            'application/json',
            'application/json; charset=utf-8',
            'APPLICATION/JSON',
            'application/graphql-response+json',
            'application/graphql',
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/jsonp',
          ),
          accept: fc.constantFrom(
            'application/json',
            '*/*',
            'application/graphql-response+json',
            'image/png',
          ),
          'apollo-require-preflight': fc.constant('true'),
        },
        { requiredKeys: [] },
      ),
      body: bodies,
    });
    await check(
      requests.map((request): FuzzRequest => {
        if (request.method !== 'GET') return request;
        const search = `?query=${encodeURIComponent(request.body)}`;
        return search.length > MAX_URL_CHARS
          ? { ...request, method: 'POST' }
          : { ...request, body: undefined, search };
      }),
      RUNS.bodies,
    );
  }, 60_000);
});

describe('regressions the fuzz test found', () => {
  // Production defaults: the response cache hashes variables, and overflowed on deep ones.
  const stack = useTestStack({});

  it('refuses a variable nested 5,000 lists deep (a 10 KB body) with 400 BAD_REQUEST, not HTTP 500', async () => {
    const depth = 5000;
    const body = `{"query": "query($c: String!) { loccode(code: $c) { code } }", "variables": {"c": ${'['.repeat(depth)}"KN3A 7QP"${']'.repeat(depth)}}}`;
    const response = await stack.http.post(stack.app.url, body);
    expect(response.status).toBe(400);
    expect(response.json.errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(response.json.errors[0].message).toMatch(/nests JSON 5002 levels deep; at most 64/);
  });

  it('answers a mutation on a graph without mutations as the client mistake it is: 400 BAD_REQUEST', async () => {
    const result = await stack.query('mutation { __typename }');
    expect(result.status).toBe(400);
    expect(result.errors).toHaveLength(1);
    expect(result.errors![0]!.extensions!.code).toBe('BAD_REQUEST');
    expect(result.errors![0]!.message).toMatch(/no mutations: every operation is a query/);
    expect(result.response.text).not.toContain('Schema is not configured');
  });

  it("answers a malformed federation representation with BAD_USER_INPUT, not the library's own text", async () => {
    const result = await stack.query('{ _entities(representations: ["KN3A 7QP"]) { __typename } }');
    expect(result.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    expect(result.errors![0]!.message).toMatch(/"__typename": "Loccode", "code": "KN3A 7QP"/);
  });

  it('masks an error that carries no code as a generic INTERNAL_SERVER_ERROR, and logs it', () => {
    const logged: unknown[] = [];
    const error = new Error('Cannot read properties of undefined (reading "x") at /src/resolvers/x.ts:3');
    const formatted = maskError(
      { message: error.message, path: ['loccode', 'climate'], extensions: { code: 'INTERNAL_SERVER_ERROR' } },
      error,
      false,
      (unexpected) => logged.push(unexpected),
    );
    expect(formatted).toEqual({
      message: expect.stringMatching(GENERIC_INTERNAL),
      path: ['loccode', 'climate'],
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    expect(logged).toEqual([error]);
  });
});
