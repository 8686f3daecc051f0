import { useTestStack } from '../support/gateway';

describe('Query.loccode and its shape check', () => {
  const stack = useTestStack();

  it('returns the code exactly as sent, with a global id', async () => {
    const { data, errors } = await stack.query('{ loccode(code: "kn3a 7QP") { id code } }');
    expect(errors).toBeUndefined();
    expect(data.loccode).toEqual({
      id: Buffer.from('Loccode:kn3a 7QP').toString('base64'),
      code: 'kn3a 7QP',
    });
  });

  it('refuses the hyphenated display form with BAD_USER_INPUT showing the spaced form', async () => {
    const { data, errors } = await stack.query('{ loccode(code: "KN3A-7QP") { code } }');
    expect(data.loccode).toBeNull();
    expect(errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    expect(errors![0]!.message).toContain('"KN3A 7QP"');
    expect(errors![0]!.path).toEqual(['loccode']);
  });

  it.each(['KN3A7QP', 'KN3A  7QP', ' KN3A 7QP', 'KN3A 7QP!', ''])(
    'refuses %j as not a loccode',
    async (code) => {
      const { errors } = await stack.query('query($c: String!) { loccode(code: $c) { code } }', { c: code });
      expect(errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
      expect(errors![0]!.message).toMatch(/two groups of letters and digits joined by one space/);
    },
  );

  it('answers loccodes in order with null and an error at the index of a bad code', async () => {
    const { data, errors } = await stack.query(
      '{ loccodes(codes: ["KN3A 7QP", "KN3A-7QP", "LAG 100001"]) { code } }',
    );
    expect(data.loccodes).toEqual([{ code: 'KN3A 7QP' }, null, { code: 'LAG 100001' }]);
    expect(errors).toHaveLength(1);
    expect(errors![0]!.path).toEqual(['loccodes', 1]);
  });

  it('refetches a loccode by its global id with node and nodes', async () => {
    const id = Buffer.from('Loccode:KN3A 7QP').toString('base64');
    const { data } = await stack.query(
      `{ node(id: "${id}") { id ... on Loccode { code } } nodes(ids: ["${id}"]) { id } }`,
    );
    expect(data.node).toEqual({ id, code: 'KN3A 7QP' });
    expect(data.nodes).toEqual([{ id }]);
  });

  it('refuses an id that is not one of ours', async () => {
    const { errors } = await stack.query('{ node(id: "not-an-id") { id } }');
    expect(errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
  });

  it('answers a query sent with GET, and refuses a GET that could be a cross-site request', async () => {
    const url = `${stack.app.url}?query=${encodeURIComponent('{ loccode(code: "KN3A 7QP") { code } }')}`;
    const ok = await stack.http.get(url, { 'apollo-require-preflight': 'true' });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toEqual({ loccode: { code: 'KN3A 7QP' } });
    const refused = await stack.http.get(url);
    expect(refused.status).toBe(400);
  });
});
