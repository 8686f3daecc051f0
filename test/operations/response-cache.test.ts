import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { SINGLE_REQUEST_DISCIPLINE, useTestStack } from '../support/gateway';
import { accessLine } from '../support/access-log';

/*
 * A whole-response cache hit is answered without executing anything, and
 * still does what the gateway promises for every request: the key check, the budget charge, the
 * cost report, the cache headers, metrics and the access log.
 */

const CLIMATE = 'query Climate($code: String!) { loccode(code: $code) { code climate { state city } } }';
/** The `data` member of an answer, as the text the server sent (not re-serialised by the test). */
const dataText = (text: string) => text.slice(0, text.indexOf(',"extensions":'));
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the response cache', () => {
  const stack = useTestStack({
    ...SINGLE_REQUEST_DISCIPLINE,
    RESPONSE_CACHE: 'on',
    HTTP_BATCHING: 'true',
    // A point a second comes back: between two requests of a test, less than one.
    CLIENT_POINTS_PER_MINUTE: '60',
    QUERY_MAX_COST: '50',
  });
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    stack.http.post(stack.app.url, body, headers);

  it('answers a repeated query from the cache: same bytes, no upstream call, charged and reported', async () => {
    const body = { query: CLIMATE, variables: { code: 'LA8G 3QU' } };
    const first = await post(body);
    expect(first.status).toBe(200);
    expect(first.json.data.loccode.climate.state).toBe('Lagos');
    expect(first.json.extensions.cost).toMatchObject({ requested: 1, actual: 1 });
    expect(first.headers.age).toBeUndefined();
    const calls = stack.sandbox.controls.count();

    const second = await post(body);
    expect(second.status).toBe(200);
    expect(stack.sandbox.controls.count()).toBe(calls);
    expect(dataText(second.text)).toBe(dataText(first.text));
    expect(second.text.endsWith('}\n')).toBe(true);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers.age).toBe('0');
    expect(second.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(second.headers['cache-control']).toMatch(/^max-age=\d+, public$/);
    // A hit costs the caller what the query costs (budgets count requested cost).
    const { cost } = second.json.extensions;
    expect(cost).toMatchObject({ requested: 1, actual: 0, maximum: 50 });
    expect(cost.budget.remaining).toBe(first.json.extensions.cost.budget.remaining - 1);
    expect(second.headers['x-ratelimit-remaining']).toBe(String(cost.budget.remaining));
  });

  it('writes an answer beyond ASCII as the execution did: the same UTF-8 bytes, their own length, gzip too', async () => {
    // The climate's reading of soil moisture says "m³/m³ at 0–10 cm": one character of
    // Latin-1 and one beyond it, each two or three bytes in UTF-8. With the yam's growing
    // advice the answer is over the 1 KB past which it is compressed.
    const interpretation = 'interpretation { soilMoisture soilTemperature temperature rainfall }';
    const body = {
      query: `query Soil($code: String!) { loccode(code: $code) { climate { ${interpretation} readings { ${interpretation} } } cropYield(crop: YAM) { summary seasonalNote growingAdvice } } }`,
      variables: { code: 'KN3A 7QP' },
    };
    const first = await post(body);
    expect(first.json.data.loccode.climate.interpretation.soilMoisture).toMatch(/m³\/m³ at 0–10 cm/);
    expect(first.bytes.length).toBeGreaterThan(1024);
    const calls = stack.sandbox.controls.count();

    const hit = await post(body);
    expect(hit.headers.age).toBe('0');
    expect(stack.sandbox.controls.count()).toBe(calls);
    expect(dataText(hit.text)).toBe(dataText(first.text));
    expect(hit.bytes.subarray(0, Buffer.byteLength(dataText(first.text)))).toEqual(
      first.bytes.subarray(0, Buffer.byteLength(dataText(first.text))),
    );
    expect(Number(hit.headers['content-length'])).toBe(hit.bytes.length);

    const gzipped = await post(body, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.age).toBe('0');
    expect(Number(gzipped.headers['content-length'])).toBe(gzipped.bytes.length);
    const unzipped = gunzipSync(gzipped.bytes).toString('utf8');
    expect(dataText(unzipped)).toBe(dataText(first.text));

    // A batch's operation is answered from the same entry by Apollo's side of the cache.
    const batch = await post([body]);
    expect(batch.json[0].data).toEqual(first.json.data);
    expect(stack.sandbox.controls.count()).toBe(calls);
  });

  it('keys on the variables and the operation name: another loccode is another answer', async () => {
    await post({ query: CLIMATE, variables: { code: 'RI7T 6UV' } });
    const calls = stack.sandbox.controls.count();
    const other = await post({ query: CLIMATE, variables: { code: 'FC1U 9GC' } });
    expect(other.json.data.loccode.code).toBe('FC1U 9GC');
    expect(stack.sandbox.controls.count()).toBeGreaterThan(calls);
  });

  it('serves a GET of the same operation from the entry a POST stored, in the type the client accepts', async () => {
    const variables = { code: 'EN6S 2ZD' };
    const posted = await post({ query: CLIMATE, variables });
    const calls = stack.sandbox.controls.count();
    const query = new URLSearchParams({ query: CLIMATE, variables: JSON.stringify(variables) });
    const got = await stack.http.get(`${stack.app.url}?${query}`, {
      'apollo-require-preflight': 'true',
      accept: 'application/graphql-response+json',
    });
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('application/graphql-response+json; charset=utf-8');
    expect(got.headers.age).toBe('0');
    expect(dataText(got.text)).toBe(dataText(posted.text));
    expect(stack.sandbox.controls.count()).toBe(calls);
  });

  it('notes a hit in the access log and the metrics with its operation and document hash', async () => {
    const body = { query: CLIMATE, variables: { code: 'KN3A 7QP' } };
    await post(body);
    await post(body, { 'x-request-id': 'response-cache-hit-1' });
    const line = await accessLine('response-cache-hit-1');
    expect(line).toMatchObject({
      route: 'graphql',
      status: 200,
      operationName: 'Climate',
      documentHash: sha256(CLIMATE),
      errorCodes: [],
      cost: { requested: 1, actual: 0 },
      upstream: {},
    });
    const metrics = await stack.http.get(new URL('/metrics', stack.app.url).href);
    expect(metrics.text).toMatch(/^loccode_graphql_requests_total\{operation="Climate"\} [1-9]\d*$/m);
  });

  it('keeps a PRIVATE answer per origin: map links are built on the host the request came in on', async () => {
    const display = { query: '{ mapDisplay { styleUrl } }' };
    const a = await post(display, { host: 'a.example.test' });
    const b = await post(display, { host: 'b.example.test' });
    expect(a.json.data.mapDisplay.styleUrl).toMatch(/^http:\/\/a\.example\.test\/maps\//);
    expect(b.json.data.mapDisplay.styleUrl).toMatch(/^http:\/\/b\.example\.test\/maps\//);
    const again = await post(display, { host: 'a.example.test' });
    expect(again.headers.age).toBe('0');
    expect(again.headers['cache-control']).toMatch(/^max-age=\d+, private$/);
    expect(again.json.data).toEqual(a.json.data);
  });

  it('answers each operation of a batch from the cache too', async () => {
    const operations = [
      { query: CLIMATE, variables: { code: 'LA8G 3QU' } },
      { query: CLIMATE, variables: { code: 'KN3A 7QP' } },
    ];
    await post(operations);
    const calls = stack.sandbox.controls.count();
    const batch = await post(operations);
    expect(batch.status).toBe(200);
    expect(
      batch.json.map((answer: { data: { loccode: { code: string } } }) => answer.data.loccode.code),
    ).toEqual(['LA8G 3QU', 'KN3A 7QP']);
    expect(stack.sandbox.controls.count()).toBe(calls);
  });
});

describe('a response-cache hit over the budget', () => {
  const stack = useTestStack({
    ...SINGLE_REQUEST_DISCIPLINE,
    RESPONSE_CACHE: 'on',
    CLIENT_POINTS_PER_MINUTE: '3',
    QUERY_MAX_COST: '3',
  });

  it('is refused like any query: 429 RATE_LIMITED with Retry-After, no data', async () => {
    const body = { query: CLIMATE, variables: { code: 'BO9G 9LH' } };
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await stack.http.post(stack.app.url, body));
    // Three points a minute, one a request: the fourth within the minute is refused (hits included).
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(answers[1]!.headers.age).toBe('0');
    const refused = answers[3]!;
    expect(refused.json.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json.data).toBeUndefined();
  });
});
