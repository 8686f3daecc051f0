import { readFileSync } from 'node:fs';
import { useTestStack } from '../support/gateway';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request id', () => {
  const stack = useTestStack();

  const post = (document: string, headers: Record<string, string> = {}) =>
    stack.http.post(stack.app.url, { query: document }, headers);

  it('echoes a sane x-request-id in the response header and in every error extension', async () => {
    const response = await post('{ loccode(code: "KN3A-7QP") { code } }', { 'x-request-id': 'support-4711' });
    expect(response.headers['x-request-id']).toBe('support-4711');
    expect(response.json.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      requestId: 'support-4711',
    });
  });

  it('replaces an unsafe or missing id with a generated one', async () => {
    const unsafe = await post('{ crops }', { 'x-request-id': 'a b"c' });
    const missing = await post('{ crops }');
    expect(unsafe.headers['x-request-id']).toMatch(UUID);
    expect(missing.headers['x-request-id']).toMatch(UUID);
    expect(unsafe.headers['x-request-id']).not.toBe(missing.headers['x-request-id']);
  });

  it('gives request-level errors the id too', async () => {
    const response = await stack.http.send(
      'POST',
      stack.app.url,
      { 'content-type': 'application/json' },
      '{',
    );
    expect(response.status).toBe(400);
    expect(response.json.errors[0].extensions.requestId).toBe(response.headers['x-request-id']);
  });

  it('marks the log lines of the request with its id', async () => {
    await post('{ loccode(code: "KN3A 7QP") { climate { __typename } } }', { 'x-request-id': 'trace-me-42' });
    const lines = readFileSync(process.env.LOG_FILE!, 'utf8')
      .split('\n')
      .filter((line) => line.includes('trace-me-42'))
      .map((line) => JSON.parse(line));
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'debug',
        message: 'upstream call',
        requestId: 'trace-me-42',
        service: 'agriculture',
      }),
    );
  });
});
