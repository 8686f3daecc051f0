import type { HttpResponse } from '../support/http';
import { SINGLE_REQUEST_DISCIPLINE, startTestStack, useTestStack, type TestStack } from '../support/gateway';

/** One call to the climate service when it executes; none when it is refused. */
const UPSTREAM_QUERY = '{ loccode(code: "KN3A 7QP") { climate { state } } }';
const GRAPHQL_RESPONSE_JSON = 'application/graphql-response+json; charset=utf-8';
const APPLICATION_JSON = 'application/json; charset=utf-8';
/** What Chromium sends when a person opens a URL. */
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
/** A header no cross-site form can send; Apollo's CSRF prevention lets a GET through with it. */
const PREFLIGHT = { 'apollo-require-preflight': 'true' };

function getUrl(stack: TestStack, query: string): string {
  return `${stack.app.url}?query=${encodeURIComponent(query)}`;
}

/** A refusal as a client sees it: the status, one error with its code and request id, no stack trace. */
function expectRefused(response: HttpResponse, status: number, code: string): void {
  expect({ status: response.status, code: response.json?.errors?.[0]?.extensions?.code }).toEqual({
    status,
    code,
  });
  expect(response.json.errors).toHaveLength(1);
  expect(response.json.errors[0].extensions.requestId).toBe(response.headers['x-request-id']);
  expect(response.json.data).toBeUndefined();
  expect(response.text).not.toMatch(/stacktrace|\bat .+\.(ts|js):\d+/);
}

/** A POST whose JSON body is exactly `bytes` long, padding the query with spaces. */
function bodyOfBytes(bytes: number): string {
  const base = JSON.stringify({ query: UPSTREAM_QUERY });
  const body = JSON.stringify({ query: UPSTREAM_QUERY + ' '.repeat(bytes - Buffer.byteLength(base)) });
  expect(Buffer.byteLength(body)).toBe(bytes);
  return body;
}

describe('GraphQL over HTTP: methods and media types', () => {
  const stack = useTestStack();
  beforeEach(() => stack.sandbox.controls.clearLog());

  it('executes a query sent over GET', async () => {
    const response = await stack.http.get(getUrl(stack, UPSTREAM_QUERY), PREFLIGHT);
    expect(response.status).toBe(200);
    expect(response.json.data.loccode.climate.state).toEqual(expect.any(String));
    expect(stack.sandbox.controls.count()).toBe(1);
  });

  it('refuses a mutation over GET with 405 and Allow: POST', async () => {
    const response = await stack.http.get(getUrl(stack, 'mutation { __typename }'), PREFLIGHT);
    expectRefused(response, 405, 'BAD_REQUEST');
    expect(response.headers.allow).toBe('POST');
    expect(response.json.errors[0].message).toMatch(/GET requests only support query operations/);
  });

  it('refuses an Accept header it cannot satisfy with 406, before executing anything', async () => {
    const accept = { accept: 'application/xml' };
    const post = await stack.http.post(stack.app.url, { query: UPSTREAM_QUERY }, accept);
    expectRefused(post, 406, 'BAD_REQUEST');
    expect(post.headers['content-type']).toBe(APPLICATION_JSON);
    expect(post.json.errors[0].message).toMatch(/application\/graphql-response\+json or application\/json/);
    expectRefused(
      await stack.http.get(getUrl(stack, UPSTREAM_QUERY), { ...accept, ...PREFLIGHT }),
      406,
      'BAD_REQUEST',
    );
    expect(stack.sandbox.controls.count()).toBe(0);
  });

  it.each([
    ['no Accept header', undefined, APPLICATION_JSON],
    ['application/json', 'application/json', APPLICATION_JSON],
    ['application/graphql-response+json', 'application/graphql-response+json', GRAPHQL_RESPONSE_JSON],
    ['the first of equals', 'application/graphql-response+json, application/json', GRAPHQL_RESPONSE_JSON],
    ['the higher quality', 'application/graphql-response+json;q=0.5, application/json', APPLICATION_JSON],
    ['*/*', '*/*', APPLICATION_JSON],
  ])('answers in the type Accept asks for: %s', async (_, accept, contentType) => {
    const headers: Record<string, string> = accept ? { accept } : {};
    const answered = await stack.http.post(stack.app.url, { query: '{ __typename }' }, headers);
    expect(answered.status).toBe(200);
    expect(answered.headers['content-type']).toBe(contentType);
    expect(answered.headers.vary).toMatch(/accept/i);
    // The gateway's own refusals follow Accept too.
    const refused = await stack.http.post(stack.app.url, '{"query": ', headers);
    expectRefused(refused, 400, 'BAD_REQUEST');
    expect(refused.headers['content-type']).toBe(contentType);
  });

  it('refuses a POST body that is not application/json with 415, before executing anything', async () => {
    const body = JSON.stringify({ query: UPSTREAM_QUERY });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/graphql']) {
      const response = await stack.http.send(
        'POST',
        stack.app.url,
        { 'content-type': type, ...PREFLIGHT },
        body,
      );
      expectRefused(response, 415, 'BAD_REQUEST');
    }
    expect(stack.sandbox.controls.count()).toBe(0);
  });

  it('refuses other methods with 405 and the methods it takes', async () => {
    const response = await stack.http.send(
      'PUT',
      stack.app.url,
      { 'content-type': 'application/json' },
      '{}',
    );
    expectRefused(response, 405, 'BAD_REQUEST');
    expect(response.headers.allow).toBe('GET, POST');
  });

  it('answers a path it does not serve with a coded 404', async () => {
    const response = await stack.http.get(`${new URL(stack.app.url).origin}/graphq`);
    expectRefused(response, 404, 'NOT_FOUND');
    expect(response.json.errors[0].message).toContain('/graphql');
  });
});

describe('CSRF prevention', () => {
  const stack = useTestStack();
  beforeEach(() => stack.sandbox.controls.clearLog());

  it('refuses a GET query without content-type or preflight header with 400, executing nothing', async () => {
    const response = await stack.http.get(getUrl(stack, UPSTREAM_QUERY), { accept: 'application/json' });
    expectRefused(response, 400, 'BAD_REQUEST');
    expect(response.json.errors[0].message).toMatch(/Cross-Site Request Forgery/);
    expect(stack.sandbox.controls.count()).toBe(0);
  });

  it('serves the same GET with a preflight header or a JSON content-type', async () => {
    for (const headers of [PREFLIGHT, { 'content-type': 'application/json' }]) {
      const response = await stack.http.get(getUrl(stack, UPSTREAM_QUERY), headers);
      expect(response.status).toBe(200);
      expect(response.json.data.loccode.climate.state).toEqual(expect.any(String));
    }
    expect(stack.sandbox.controls.count()).toBe(2);
  });

  it('still serves the IDE page to a browser opening /graphql', async () => {
    const page = await stack.http.get(stack.app.url, { accept: BROWSER_ACCEPT });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('<div id="graphiql">');
  });
});

describe('request body size', () => {
  async function expectLimit(stack: TestStack, limit: number): Promise<void> {
    stack.sandbox.controls.clearLog();
    const atLimit = await stack.http.post(stack.app.url, bodyOfBytes(limit));
    expect(atLimit.status).toBe(200);
    expect(atLimit.json.data.loccode.climate.state).toEqual(expect.any(String));
    stack.sandbox.controls.clearLog();
    const over = await stack.http.post(stack.app.url, bodyOfBytes(limit + 1));
    expectRefused(over, 413, 'REQUEST_TOO_LARGE');
    expect(over.json.errors[0].message).toContain(`${limit} bytes`);
    expect(stack.sandbox.controls.count()).toBe(0);
  }

  it('takes 256 KiB by default and refuses one byte more with 413 REQUEST_TOO_LARGE', async () => {
    const stack = await startTestStack();
    try {
      await expectLimit(stack, 256 * 1024);
    } finally {
      await stack.close();
    }
  });

  it('moves the limit with QUERY_MAX_BODY_BYTES', async () => {
    const stack = await startTestStack({ ...SINGLE_REQUEST_DISCIPLINE, QUERY_MAX_BODY_BYTES: '2048' });
    try {
      await expectLimit(stack, 2048);
    } finally {
      await stack.close();
    }
  });
});

describe('HTTP batching', () => {
  const batch = [{ query: UPSTREAM_QUERY }, { query: '{ __typename }' }];

  it('refuses a JSON array body with 400 by default, executing nothing', async () => {
    const stack = await startTestStack();
    try {
      const response = await stack.http.post(stack.app.url, batch);
      expectRefused(response, 400, 'BAD_REQUEST');
      expect(response.json.errors[0].message).toMatch(/one operation per request.*batched/i);
      expect(stack.sandbox.controls.count()).toBe(0);
    } finally {
      await stack.close();
    }
  });

  it('answers each operation of the array, in order, with HTTP_BATCHING=true', async () => {
    const stack = await startTestStack({ ...SINGLE_REQUEST_DISCIPLINE, HTTP_BATCHING: 'true' });
    try {
      const response = await stack.http.post(stack.app.url, batch);
      expect(response.status).toBe(200);
      expect(response.json).toHaveLength(2);
      expect(response.json[0].data.loccode.climate.state).toEqual(expect.any(String));
      expect(response.json[1].data).toEqual({ __typename: 'Query' });
      expect(response.json.map((result: { errors?: unknown }) => result.errors)).toEqual([
        undefined,
        undefined,
      ]);
      expect(stack.sandbox.controls.count()).toBe(1);
    } finally {
      await stack.close();
    }
  });
});
