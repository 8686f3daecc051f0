import { LastOfLength } from '../../src/kernel/text-memo';
import { SINGLE_REQUEST_DISCIPLINE, useTestStack } from '../support/gateway';

describe('LastOfLength: a value found by its text, among texts of the same length', () => {
  it('answers only for an equal text, never for another text of the same length', () => {
    const memo = new LastOfLength<number>();
    memo.set('{"a":1}', 1);
    expect(memo.get('{"a":1}')).toBe(1);
    expect(memo.get('{"b":1}')).toBeUndefined();
    memo.set('{"b":1}', 2);
    // The last of its length is kept; the one before it is not.
    expect(memo.get('{"b":1}')).toBe(2);
    expect(memo.get('{"a":1}')).toBeUndefined();
  });

  it('starts again empty rather than hold more characters than its bound', () => {
    const memo = new LastOfLength<string>(10);
    memo.set('12345', 'five');
    memo.set('1234', 'four');
    expect(memo.get('12345')).toBe('five');
    memo.set('123', 'three');
    expect(memo.get('12345')).toBeUndefined();
    expect(memo.get('1234')).toBeUndefined();
    expect(memo.get('123')).toBe('three');
  });
});

describe('repeated request bodies (parsed once)', () => {
  const stack = useTestStack(SINGLE_REQUEST_DISCIPLINE);
  const body = (code: string) =>
    JSON.stringify({
      query: 'query Q($code: String!) { loccode(code: $code) { code street { name } } }',
      variables: { code },
    });

  it('two bodies of the same length, each sent twice, are each answered for what it asks', async () => {
    const kano = body('KN3A 7QP');
    const portHarcourt = body('RI7T 6UV');
    expect(kano.length).toBe(portHarcourt.length);
    for (let round = 0; round < 2; round += 1)
      for (const [text, code] of [
        [kano, 'KN3A 7QP'],
        [portHarcourt, 'RI7T 6UV'],
      ] as const) {
        const answer = await stack.http.post(stack.app.url, text);
        expect(answer.status).toBe(200);
        expect(answer.json.data.loccode.code).toBe(code);
      }
  });

  it('a body too deep is refused every time it is sent, and a repeated good one of its length still answers', async () => {
    const good = JSON.stringify({ query: '{ loccode(code: "KN3A 7QP") { code } }', variables: {} });
    const deep = JSON.stringify({ query: '{ loccode(code: "KN3A 7QP") { code } }', variables: {} }).replace(
      '{}',
      '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
    );
    const padded = good.replace('{}', `{"pad":"${'x'.repeat(deep.length - good.length - 8)}"}`);
    expect(padded.length).toBe(deep.length);
    for (let round = 0; round < 2; round += 1) {
      const answer = await stack.http.post(stack.app.url, padded);
      expect(answer.json.data.loccode.code).toBe('KN3A 7QP');
      const refused = await stack.http.post(stack.app.url, deep);
      expect(refused.status).toBe(400);
      expect(refused.json.errors[0].message).toMatch(/nests JSON \d+ levels deep; at most 64/);
    }
  });

  it('a body whose variables are wrong is refused every time it is sent, each error its own request’s', async () => {
    // The same document as a good body's; `code` is a String! (schema.graphql), and a number is not coerced to one.
    const good = body('KN3A 7QP');
    const wrong = good.replace('"KN3A 7QP"', '7');
    const requestIds = new Set<string>();
    for (let round = 0; round < 3; round += 1) {
      // A good body of the same document first: its variables being valid says nothing of the wrong one's.
      const answered = await stack.http.post(stack.app.url, good);
      expect(answered.status).toBe(200);
      expect(answered.json.data.loccode.code).toBe('KN3A 7QP');
      const refused = await stack.http.post(stack.app.url, wrong);
      expect(refused.status).toBe(400);
      expect(refused.json.errors).toHaveLength(1);
      expect(refused.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(refused.json.errors[0].message).toMatch(/\$code/);
      expect(refused.json.errors[0].extensions.requestId).toBe(refused.headers['x-request-id']);
      requestIds.add(refused.json.errors[0].extensions.requestId);
    }
    expect(requestIds.size).toBe(3);
  });
});
