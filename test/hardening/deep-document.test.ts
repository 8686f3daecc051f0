import { SINGLE_REQUEST_DISCIPLINE, useTestStack } from '../support/gateway';

/**
 * A query nested thousands of levels deep. graphql-js parses and validates by recursion, so
 * it would answer "Maximum call stack size exceeded"; it is refused before parsing, with the
 * code of every over-deep query.
 */
describe('a query nested 2,000 levels deep', () => {
  const stack = useTestStack(SINGLE_REQUEST_DISCIPLINE);
  const deep = (levels: number) =>
    `{ loccode(code: "KN3A 7QP") ${'{ street '.repeat(levels)}{ name }${' }'.repeat(levels)} }`;

  it.each([
    ['selection sets', deep(2_000)],
    ['list values', `{ loccodes(codes: ${'['.repeat(2_000)}"KN3A 7QP"${']'.repeat(2_000)}) { code } }`],
  ])('is refused with 400 QUERY_TOO_DEEP, never a stack overflow (%s)', async (_kind, query) => {
    const { status, errors } = await stack.query(query);
    expect(status).toBe(400);
    expect(errors).toHaveLength(1);
    expect(errors![0]!.extensions).toMatchObject({
      code: 'QUERY_TOO_DEEP',
      limit: 28,
      actual: expect.any(Number),
    });
    expect(errors![0]!.message).toMatch(/QUERY_MAX_DEPTH/);
    expect(JSON.stringify(errors)).not.toMatch(/call stack/i);
    expect(stack.sandbox.controls.count()).toBe(0);
  });

  it('counts braces inside strings and comments for nothing', async () => {
    const braces = '{'.repeat(100);
    const { errors } = await stack.query(`# ${braces}\n{ loccode(code: "${braces}") { code } }`);
    expect(errors?.[0]?.extensions?.code).not.toBe('QUERY_TOO_DEEP');
  });
});
