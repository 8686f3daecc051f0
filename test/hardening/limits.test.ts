import { getIntrospectionQuery, Lexer, Source, TokenKind } from 'graphql';
import {
  SINGLE_REQUEST_DISCIPLINE,
  startTestStack,
  type GraphQLResult,
  type TestStack,
  useTestStack,
} from '../support/gateway';

const LIMITS = {
  QUERY_MAX_DEPTH: '4',
  QUERY_MAX_ALIASES: '3',
  QUERY_MAX_ROOT_FIELDS: '3',
  QUERY_MAX_TOKENS: '60',
  QUERY_MAX_LIST_ITEMS: '5',
};

function tokens(query: string): number {
  const lexer = new Lexer(new Source(query));
  let count = 0;
  while (lexer.advance().kind !== TokenKind.EOF) count += 1;
  return count;
}

/** A query of exactly `count` tokens: `{ loccode(...) { code __typename ... } }`. */
function queryOfTokens(count: number): string {
  const base = '{ loccode(code: "KN3A 7QP") { code } }';
  return base.replace('{ code }', `{ code${' __typename'.repeat(count - tokens(base))} }`);
}

describe('limits enforced before any upstream call', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ ...SINGLE_REQUEST_DISCIPLINE, ...LIMITS });
  });
  beforeEach(() => stack.sandbox.controls.clearLog());
  afterAll(() => stack.close());

  function expectRefused(result: GraphQLResult, code: string, limit: number): void {
    expect(result.status).toBe(400);
    expect(result.errors).toHaveLength(1);
    expect(result.errors![0]!.extensions).toMatchObject({ code, limit });
    expect(result.data).toBeUndefined();
    expect(stack.sandbox.controls.count()).toBe(0);
  }

  function expectAnswered(result: GraphQLResult): void {
    expect(result.status).toBe(200);
    expect(result.errors).toBeUndefined();
  }

  it('depth: 4 levels answer, 5 are refused with QUERY_TOO_DEEP', async () => {
    expectAnswered(
      await stack.query('{ loccode(code: "KN3A 7QP") { climate { interpretation { overallOutlook } } } }'),
    );
    stack.sandbox.controls.clearLog();
    const deep = await stack.query(
      '{ loccode(code: "KN3A 7QP") { street { geometry { coordinates { latitude } } } } }',
    );
    expectRefused(deep, 'QUERY_TOO_DEEP', 4);
    expect(deep.errors![0]!.message).toMatch(/nests 5 levels deep; at most 4/);
  });

  it('depth counts through fragments', async () => {
    const result = await stack.query(
      'query { loccode(code: "KN3A 7QP") { ...S } } fragment S on Loccode { street { geometry { coordinates { latitude } } } }',
    );
    expectRefused(result, 'QUERY_TOO_DEEP', 4);
  });

  it.each([
    [
      'aliases',
      'TOO_MANY_ALIASES',
      '{ loccode(code: "KN3A 7QP") { a: code b: code c: code } }',
      '{ loccode(code: "KN3A 7QP") { a: code b: code c: code d: code climate { state } } }',
    ],
    [
      'root fields',
      'TOO_MANY_ROOT_FIELDS',
      '{ crops __typename loccode(code: "KN3A 7QP") { code } }',
      '{ crops __typename loccode(code: "KN3A 7QP") { code } placeCategories { totalCount } }',
    ],
  ])('%s: 3 answer, 4 are refused with %s', async (_what, code, three, four) => {
    expectAnswered(await stack.query(three));
    expectRefused(await stack.query(four), code, 3);
  });

  it('tokens: 60 answer, 61 are refused with TOO_MANY_TOKENS', async () => {
    expect(tokens(queryOfTokens(60))).toBe(60);
    expectAnswered(await stack.query(queryOfTokens(60)));
    const result = await stack.query(queryOfTokens(61));
    expect(result.status).toBe(400);
    expect(result.errors![0]!.extensions).toMatchObject({ code: 'TOO_MANY_TOKENS' });
    expect(stack.sandbox.controls.count()).toBe(0);
  });

  it('list arguments: 5 loccodes answer, 6 are refused with LIST_TOO_LONG, literal or in variables', async () => {
    const codes = stack.sandbox.dataset.streets.slice(0, 6).map((s) => s.code);
    const query = 'query($codes: [String!]!) { loccodes(codes: $codes) { climate { state } } }';
    expectAnswered(await stack.query(query, { codes: codes.slice(0, 5) }));
    stack.sandbox.controls.clearLog();
    expectRefused(await stack.query(query, { codes }), 'LIST_TOO_LONG', 5);
    expectRefused(
      await stack.query(`{ loccodes(codes: ${JSON.stringify(codes)}) { climate { state } } }`),
      'LIST_TOO_LONG',
      5,
    );
  });

  // Per-field bounds are the field's own BAD_USER_INPUT (test/maps/optimize.test.ts, route.test.ts).
  it('optimize stops and route waypoints are no request limit: the field answers for them', async () => {
    const stop = (i: number) => ({ id: `s${i}`, coordinates: { latitude: 12 + i / 1000, longitude: 8.5 } });
    const optimize = await stack.query(
      'query($o: StopInput!, $s: [StopInput!]!) { optimizeStops(origin: $o, destination: $o, stops: $s) { totalDistanceMeters } }',
      { o: stop(100), s: Array.from({ length: 51 }, (_, i) => stop(i)) },
    );
    expect(optimize.status).toBe(200);
    expect(optimize.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'stops' });
    expect(stack.sandbox.controls.count()).toBe(0);
    const point = (i: number) => ({ latitude: 12 + i / 1000, longitude: 8.5 + i / 1000 });
    const route = await stack.query(
      'query($w: [CoordinatesInput!]) { route(origin: { coordinates: { latitude: 12, longitude: 8.5 } }, destination: { coordinates: { latitude: 12.1, longitude: 8.6 } }, waypoints: $w) { distanceMeters } }',
      { w: Array.from({ length: 26 }, (_, i) => point(i)) },
    );
    expect(route.status).toBe(200);
    expect(stack.sandbox.controls.count({ service: 'maps', operation: 'route' })).toBe(1);
  });
});

describe('introspection and the depth limit', () => {
  it('exempts introspection from depth (IDEs nest ofType deeply), not the queries around it', async () => {
    const stack = await startTestStack({ ...SINGLE_REQUEST_DISCIPLINE, QUERY_MAX_DEPTH: '4' });
    try {
      const introspection = await stack.http.post(stack.app.url, { query: getIntrospectionQuery() });
      expect(introspection.status).toBe(200);
      expect(introspection.json.data.__schema.queryType.name).toBe('Query');
      const mixed = await stack.query(
        '{ __typename loccode(code: "KN3A 7QP") { street { geometry { coordinates { latitude } } } } }',
      );
      expect(mixed.status).toBe(400);
      expect(mixed.errors![0]!.extensions).toMatchObject({ code: 'QUERY_TOO_DEEP', limit: 4 });
    } finally {
      await stack.close();
    }
  });
});

describe('QUERY_MAX_LIST_ITEMS is the one bound of loccodes and nodes', () => {
  const stack = useTestStack({ ...SINGLE_REQUEST_DISCIPLINE, QUERY_MAX_LIST_ITEMS: '150' });

  it('answers 150 codes when the setting allows 150 (the default is 100), and refuses 151', async () => {
    const codes = Array.from({ length: 151 }, (_, index) => `KN3A ${String(index).padStart(3, '0')}`);
    const query = 'query($codes: [String!]!) { loccodes(codes: $codes) { code } }';
    const allowed = await stack.query(query, { codes: codes.slice(0, 150) });
    expect(allowed.errors).toBeUndefined();
    expect(allowed.data.loccodes).toHaveLength(150);
    expect(allowed.data.loccodes[149]).toEqual({ code: 'KN3A 149' });
    const refused = await stack.query(query, { codes });
    expect(refused.status).toBe(400);
    expect(refused.errors?.[0]?.extensions?.code).toBe('LIST_TOO_LONG');
  });
});
