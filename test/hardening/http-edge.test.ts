import { keyHash } from '../../src/server/access/callers';
import { SINGLE_REQUEST_DISCIPLINE, useTestStack } from '../support/gateway';
import { accessLine } from '../support/access-log';
import { RawConnection } from '../support/raw-socket';

/**
 * The HTTP edge under abuse: the body limit is checked while the body arrives, not after; a
 * slow client is answered by the gateway's own timeouts, not left to Node's 300 s default;
 * wrong keys from one address are slowed down.
 * Node's timeouts run on its own timers, so these tests use short ones (hundreds of ms)
 * and real time, with wide margins: they assert what arrives, never how fast.
 */
const PAGE = 'https://app.example';

/** `loccode_http_requests_total` of 408 answers on a route, read from /metrics. */
async function timeouts(graphqlUrl: string, route = 'graphql'): Promise<number> {
  const text = await (await fetch(new URL('/metrics', graphqlUrl))).text();
  const line = text
    .split('\n')
    .find(
      (row) =>
        row.startsWith('loccode_http_requests_total{') &&
        row.includes(`route="${route}"`) &&
        row.includes('status="408"'),
    );
  return line ? Number(line.split(' ').pop()) : 0;
}

const QUERY = JSON.stringify({ query: '{ loccode(code: "KN3A 7QP") { code } }' });

function post(path: string, headers: Record<string, string | number>, body = ''): string {
  const lines = Object.entries({ host: 'gateway', ...headers }).map(([name, value]) => `${name}: ${value}`);
  return `POST ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

describe('the body limit', () => {
  const stack = useTestStack(SINGLE_REQUEST_DISCIPLINE);

  it('a Content-Length over QUERY_MAX_BODY_BYTES with no body: 413 at once, and the connection closes', async () => {
    const connection = await RawConnection.open(stack.app.url);
    connection.write(post('/graphql', { 'content-type': 'application/json', 'content-length': 10_000_000 }));
    const answer = await connection.answer();
    expect(answer.status).toBe(413);
    expect(answer.json.errors[0].extensions.code).toBe('REQUEST_TOO_LARGE');
    expect(answer.json.errors[0].message).toMatch(/QUERY_MAX_BODY_BYTES/);
    expect(answer.headers.connection).toBe('close');
    await connection.whenClosed();
  });

  it('a chunked body is cut off where it passes the limit, not read to its end', async () => {
    const connection = await RawConnection.open(stack.app.url);
    connection.write(
      post('/graphql', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }),
    );
    const chunk = 'x'.repeat(64 * 1024);
    const framed = `${chunk.length.toString(16)}\r\n${chunk}\r\n`;
    // 256 KB is the limit: the fifth chunk passes it; the sender would go on for 10 MB.
    await connection.trickle(framed.repeat(160), framed.length, 5);
    const answer = await connection.answer();
    expect(answer.status).toBe(413);
    expect(answer.json.errors[0].extensions.code).toBe('REQUEST_TOO_LARGE');
    expect(connection.sent).toBeLessThan(10 * 1024 * 1024);
    connection.close();
  });
});

describe('request timeouts (HTTP_HEADERS_TIMEOUT_MS=200, HTTP_REQUEST_TIMEOUT_MS=400)', () => {
  const stack = useTestStack({
    ...SINGLE_REQUEST_DISCIPLINE,
    HTTP_HEADERS_TIMEOUT_MS: '200',
    HTTP_REQUEST_TIMEOUT_MS: '400',
    HTTP_KEEP_ALIVE_TIMEOUT_MS: '300',
    CORS_ORIGINS: PAGE,
  });

  it('a 1 KB body sent a few bytes at a time is answered 408 REQUEST_TIMEOUT, before it is all sent, readable by the page, logged and counted', async () => {
    const body = JSON.stringify({ query: `{ loccode(code: "KN3A 7QP") { code } } ${' '.repeat(960)}` });
    expect(body.length).toBeGreaterThan(1000);
    const before = await timeouts(stack.app.url);
    const connection = await RawConnection.open(stack.app.url);
    connection.write(
      post('/graphql', {
        'content-type': 'application/json',
        'content-length': body.length,
        origin: PAGE,
        'x-request-id': 'slow-body-1',
      }),
    );
    // 4 bytes every 20 ms: the whole body would take about 5 s.
    await connection.trickle(body, 4, 20);
    const answer = await connection.answer();
    expect(answer.status).toBe(408);
    expect(answer.json.errors[0].extensions).toEqual({ code: 'REQUEST_TIMEOUT', requestId: 'slow-body-1' });
    expect(answer.json.errors[0].message).toMatch(/HTTP_REQUEST_TIMEOUT_MS/);
    expect(answer.headers['access-control-allow-origin']).toBe(PAGE);
    expect(answer.headers['x-request-id']).toBe('slow-body-1');
    expect(connection.sent).toBeLessThan(body.length);
    await connection.whenClosed();
    const line = await accessLine('slow-body-1');
    expect(line).toMatchObject({ route: 'graphql', status: 408, errorCodes: ['REQUEST_TIMEOUT'] });
    expect(line).not.toHaveProperty('aborted');
    expect(await timeouts(stack.app.url, 'graphql')).toBe(before + 1);
  });

  it('headers sent a byte at a time are answered 408 too, with a request id, logged and counted', async () => {
    const before = await timeouts(stack.app.url, 'other');
    const connection = await RawConnection.open(stack.app.url);
    await connection.trickle(
      post('/graphql', { 'content-type': 'application/json', 'x-padding': 'p'.repeat(400) }),
      1,
      10,
    );
    const answer = await connection.answer();
    expect(answer.status).toBe(408);
    expect(answer.json.errors[0].extensions.code).toBe('REQUEST_TIMEOUT');
    const { requestId } = answer.json.errors[0].extensions;
    expect(answer.headers['x-request-id']).toBe(requestId);
    expect(await accessLine(requestId)).toMatchObject({
      route: 'other',
      method: null,
      status: 408,
      errorCodes: ['REQUEST_TIMEOUT'],
    });
    expect(await timeouts(stack.app.url, 'other')).toBe(before + 1);
  });

  it('headers over 16 KiB are answered 431 REQUEST_TOO_LARGE by Node, with a request id, logged', async () => {
    const connection = await RawConnection.open(stack.app.url);
    connection.write(
      post('/graphql', { 'content-type': 'application/json', 'x-padding': 'p'.repeat(20_000) }),
    );
    const answer = await connection.answer();
    expect(answer.status).toBe(431);
    expect(answer.json.errors[0].extensions.code).toBe('REQUEST_TOO_LARGE');
    expect(await accessLine(answer.json.errors[0].extensions.requestId)).toMatchObject({
      status: 431,
      errorCodes: ['REQUEST_TOO_LARGE'],
    });
  });

  it('a request received in time is answered, however long its upstream takes past the request timeout', async () => {
    stack.sandbox.controls.setLatency('agriculture', { fixedMs: 700, jitterMs: 0 });
    const { status, data, errors } = await stack.query('{ loccode(code: "KN3A 7QP") { climate { state } } }');
    expect(errors).toBeUndefined();
    expect(status).toBe(200);
    expect(data.loccode.climate.state).toBe('Kano');
  });

  it('an idle kept-alive connection is closed after HTTP_KEEP_ALIVE_TIMEOUT_MS, and the answer says so', async () => {
    const connection = await RawConnection.open(stack.app.url);
    connection.write(
      post(
        '/graphql',
        { 'content-type': 'application/json', 'content-length': Buffer.byteLength(QUERY) },
        QUERY,
      ),
    );
    const answer = await connection.answer();
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('keep-alive');
    expect(answer.headers['keep-alive']).toBe('timeout=0');
    await connection.whenClosed();
  });
});

describe('wrong keys from one address (FAILED_KEYS_PER_MINUTE=3)', () => {
  const KEY = 'edge-test-key-0123456789';
  const stack = useTestStack({
    ...SINGLE_REQUEST_DISCIPLINE,
    ALLOW_ANONYMOUS: 'false',
    GATEWAY_API_KEYS: `farm:${keyHash(KEY)}`,
    FAILED_KEYS_PER_MINUTE: '3',
  });

  it('three wrong keys are 401; the fourth attempt, even with the right key, is 429 with Retry-After', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await stack.http.post(stack.app.url, QUERY, { authorization: `Bearer wrong-${attempt}` });
      expect(wrong.status).toBe(401);
      expect(wrong.json.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
    for (const key of ['wrong-again', KEY]) {
      const locked = await stack.http.post(stack.app.url, QUERY, { 'x-api-key': key });
      expect(locked.status).toBe(429);
      expect(locked.json.errors[0].extensions.code).toBe('RATE_LIMITED');
      expect(locked.json.errors[0].message).toMatch(/FAILED_KEYS_PER_MINUTE/);
      // One wrong key drains in 20 s at 3 a minute.
      expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(20);
      expect(locked.json.errors[0].extensions.retryAfterSeconds).toBe(Number(locked.headers['retry-after']));
    }
    // Without a key nothing is guessed: the answer stays 401.
    const keyless = await stack.http.post(stack.app.url, QUERY);
    expect(keyless.status).toBe(401);
  });
});

describe('request targets no URL parser reads', () => {
  const stack = useTestStack(SINGLE_REQUEST_DISCIPLINE);

  // Node's parser passes these on; `new URL` throws on them, and a throw in the request
  // listener would take the whole process down with the request.
  it.each(['//', '//gateway:99999/graphql', '//['])(
    '`GET %s` is a coded 400, logged, and the gateway keeps serving',
    async (target) => {
      const connection = await RawConnection.open(stack.app.url);
      connection.write(`GET ${target} HTTP/1.1\r\nhost: gateway\r\n\r\n`);
      const answer = await connection.answer();
      expect(answer.status).toBe(400);
      expect(answer.json.errors[0].extensions.code).toBe('BAD_REQUEST');
      expect(answer.json.errors[0].message).toMatch(/\/graphql/);
      connection.close();
      expect(await accessLine(answer.json.errors[0].extensions.requestId)).toMatchObject({
        status: 400,
        route: 'other',
        path: target,
        errorCodes: ['BAD_REQUEST'],
      });
      const after = await stack.http.post(stack.app.url, QUERY);
      expect(after.json.data.loccode.code).toBe('KN3A 7QP');
    },
  );
});
