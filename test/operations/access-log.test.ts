import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { keyHash } from '../../src/server/access/callers';
import { SINGLE_REQUEST_DISCIPLINE, useTestStack } from '../support/gateway';
import { accessLine } from '../support/access-log';

/**
 * One JSON line per HTTP request on every route, refusals before
 * GraphQL included, written when the response has finished; never a key in it.
 */
const KEY = 'lg_access-log-test-key-0001';
const WRONG_KEY = 'lg_access-log-wrong-key-0002';

function linesWith(text: string): string[] {
  return readFileSync(process.env.LOG_FILE!, 'utf8')
    .split('\n')
    .filter((line) => line.includes(text));
}

describe('the access log', () => {
  const stack = useTestStack({
    ...SINGLE_REQUEST_DISCIPLINE,
    GATEWAY_API_KEYS: `farm:${keyHash(KEY)}`,
    ALLOW_ANONYMOUS: 'true',
    QUERY_MAX_BODY_BYTES: '1024',
    // One wrong key locks the address out: the next keyed request is a 429 before GraphQL.
    FAILED_KEYS_PER_MINUTE: '1',
  });
  const origin = () => new URL(stack.app.url).origin;

  it('writes one line for a GraphQL request: client, operation, document hash, cost and calls per service', async () => {
    const document = 'query Climate { loccode(code: "KN3A 7QP") { climate { state } } }';
    const response = await stack.http.post(
      stack.app.url,
      { query: document },
      { authorization: `Bearer ${KEY}`, 'x-request-id': 'access-graphql-1' },
    );
    expect(response.json.data.loccode.climate.state).toBe('Kano');
    expect(await accessLine('access-graphql-1')).toEqual({
      level: 'info',
      time: expect.any(String),
      message: 'request',
      requestId: 'access-graphql-1',
      client: 'farm',
      method: 'POST',
      route: 'graphql',
      path: '/graphql',
      operationName: 'Climate',
      documentHash: createHash('sha256').update(document).digest('hex'),
      answeredBy: 'apollo',
      status: 200,
      errorCodes: [],
      durationMs: expect.any(Number),
      cost: { requested: 1, actual: 1 },
      upstream: { agriculture: { calls: 1, cacheHits: 0 } },
      traceId: null,
    });
    expect(stack.sandbox.controls.count()).toBe(1);
    const accessLines = linesWith('access-graphql-1').filter((line) => line.includes('"message":"request"'));
    expect(accessLines).toHaveLength(1);
  });

  it('writes the error codes of a GraphQL answer', async () => {
    await stack.http.post(
      stack.app.url,
      { query: '{ loccode(code: "KN3A-7QP") { code } }' },
      { 'x-request-id': 'access-graphql-2' },
    );
    expect(await accessLine('access-graphql-2')).toMatchObject({
      client: 'anonymous',
      operationName: null,
      status: 200,
      errorCodes: ['BAD_USER_INPUT'],
      cost: { requested: 0, actual: 0 },
      upstream: {},
    });
  });

  it('sets the client budget gauge by client name after a keyed request', async () => {
    await stack.http.post(stack.app.url, { query: '{ crops }' }, { authorization: `Bearer ${KEY}` });
    const metrics = (await stack.http.get(`${origin()}/metrics`)).text;
    expect(metrics).toMatch(/^loccode_client_budget_remaining_points\{client="farm"\} \d+$/m);
  });

  it('writes refusals before GraphQL (401, 429, 413), with no key in them, and counts them by route, status and code', async () => {
    await stack.http.post(
      stack.app.url,
      { query: '{ crops }' },
      { authorization: `Bearer ${WRONG_KEY}`, 'x-request-id': 'access-401' },
    );
    await stack.http.post(
      stack.app.url,
      { query: '{ crops }' },
      { 'x-api-key': KEY, 'x-request-id': 'access-429' },
    );
    await stack.http.post(
      stack.app.url,
      { query: `{ crops } # ${'x'.repeat(1100)}` },
      { 'x-request-id': 'access-413' },
    );
    expect(await accessLine('access-401')).toMatchObject({
      client: 'anonymous',
      route: 'graphql',
      status: 401,
      errorCodes: ['UNAUTHENTICATED'],
    });
    expect(await accessLine('access-429')).toMatchObject({
      client: 'anonymous',
      status: 429,
      errorCodes: ['RATE_LIMITED'],
    });
    expect(await accessLine('access-413')).toMatchObject({
      status: 413,
      errorCodes: ['REQUEST_TOO_LARGE'],
    });
    for (const line of ['access-401', 'access-429', 'access-413'].flatMap(linesWith)) {
      expect(line).not.toContain(WRONG_KEY);
      expect(line).not.toContain(KEY);
    }
    const metrics = (await stack.http.get(`${origin()}/metrics`)).text;
    expect(metrics).toContain(
      'loccode_http_requests_total{route="graphql",status="401",code="UNAUTHENTICATED"} 1',
    );
    expect(metrics).toContain(
      'loccode_http_requests_total{route="graphql",status="429",code="RATE_LIMITED"} 1',
    );
    expect(metrics).toContain(
      'loccode_http_requests_total{route="graphql",status="413",code="REQUEST_TOO_LARGE"} 1',
    );
  });

  it('writes the other routes, a 404 with its path but not its query string', async () => {
    await stack.http.get(`${origin()}/healthz`, { 'x-request-id': 'access-healthz' });
    await stack.http.get(`${origin()}/nowhere?query=secret-document`, { 'x-request-id': 'access-404' });
    expect(await accessLine('access-healthz')).toMatchObject({
      route: 'healthz',
      status: 200,
      errorCodes: [],
    });
    const notFound = await accessLine('access-404');
    expect(notFound).toMatchObject({
      route: 'other',
      path: '/nowhere',
      status: 404,
      errorCodes: ['NOT_FOUND'],
    });
    expect(JSON.stringify(notFound)).not.toContain('secret-document');
  });
});
