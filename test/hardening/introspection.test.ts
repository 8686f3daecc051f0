import { SINGLE_REQUEST_DISCIPLINE, useTestStack } from '../support/gateway';

/**
 * Introspection is not exempt from the alias limit (hundreds of aliased `__schema` fields
 * make an answer of megabytes), and INTROSPECTION=off also closes the federation field
 * `_service { sdl }`, which prints the whole schema.
 */
describe('introspection under the document limits', () => {
  const stack = useTestStack(SINGLE_REQUEST_DISCIPLINE);

  it('refuses 300 aliased __schema fields with TOO_MANY_ALIASES, before executing anything', async () => {
    const aliased = Array.from({ length: 300 }, (_, index) => `s${index}: __schema { queryType { name } }`);
    const { status, errors, data } = await stack.query(`{ ${aliased.join(' ')} }`);
    expect(status).toBe(400);
    expect(data).toBeUndefined();
    expect(errors![0]!.extensions).toMatchObject({ code: 'TOO_MANY_ALIASES', limit: 50, actual: 300 });
  });

  it('still answers an IDE introspection query, however deep its ofType chains', async () => {
    const { status, data } = await stack.query(
      '{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } } } } } }',
    );
    expect(status).toBe(200);
    expect(data.__schema.types.length).toBeGreaterThan(10);
  });
});

describe('INTROSPECTION=off', () => {
  const stack = useTestStack({ ...SINGLE_REQUEST_DISCIPLINE, INTROSPECTION: 'off' });

  it.each([
    '{ _service { sdl } }',
    '{ __schema { queryType { name } } }',
    '{ __type(name: "Loccode") { name } }',
  ])('refuses %s with a message naming the setting', async (query) => {
    const { status, errors, data } = await stack.query(query);
    expect(status).toBe(400);
    expect(data).toBeUndefined();
    expect(errors![0]!.extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(errors![0]!.message).toMatch(/INTROSPECTION=off/);
    expect(errors![0]!.message).not.toMatch(/ApolloServer|introspection: true/);
  });

  it('answers ordinary queries, __typename included', async () => {
    const { data, errors } = await stack.query('{ __typename loccode(code: "KN3A 7QP") { code } }');
    expect(errors).toBeUndefined();
    expect(data).toEqual({ __typename: 'Query', loccode: { code: 'KN3A 7QP' } });
  });
});
