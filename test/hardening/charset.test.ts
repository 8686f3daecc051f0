import { SINGLE_REQUEST_DISCIPLINE, useTestStack } from '../support/gateway';

/** A JSON body declared in another charset than UTF-8 is refused: JSON is UTF-8 (RFC 8259). */
describe('the charset of a POST body', () => {
  const stack = useTestStack(SINGLE_REQUEST_DISCIPLINE);
  const body = JSON.stringify({ query: '{ loccode(code: "KN3A 7QP") { code } }' });
  const post = (contentType: string) =>
    stack.http.send('POST', stack.app.url, { 'content-type': contentType }, body);

  it.each([
    'application/json; charset=latin1',
    'application/json; charset=iso-8859-1',
    'application/json;charset=utf-16',
  ])('refuses %s with 415 and says what to send', async (contentType) => {
    const response = await post(contentType);
    expect(response.status).toBe(415);
    expect(response.json.errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(response.json.errors[0].message).toMatch(/UTF-8/);
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'application/json;charset=UTF-8'])(
    'answers %s',
    async (contentType) => {
      const response = await post(contentType);
      expect(response.status).toBe(200);
      expect(response.json.data.loccode.code).toBe('KN3A 7QP');
    },
  );
});
