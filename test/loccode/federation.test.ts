import { useTestStack } from '../support/gateway';

describe('Loccode as a Federation 2 entity', () => {
  const stack = useTestStack();

  it('publishes its subgraph SDL with the @key on Loccode', async () => {
    const { data } = await stack.query('{ _service { sdl } }');
    expect(data._service.sdl).toMatch(/type Loccode implements Node\s+@key\(fields: "code"\)/);
    expect(data._service.sdl).toContain('@link(url: "https://specs.apollo.dev/federation/v2.9"');
  });

  it('resolves Loccode representations through _entities, in order', async () => {
    const { data, errors } = await stack.query(
      `query($representations: [_Any!]!) { _entities(representations: $representations) { ... on Loccode { id code } } }`,
      {
        representations: [
          { __typename: 'Loccode', code: 'KN3A 7QP' },
          { __typename: 'Loccode', code: 'LAG 100001' },
        ],
      },
    );
    expect(errors).toBeUndefined();
    expect(data._entities).toEqual([
      { id: Buffer.from('Loccode:KN3A 7QP').toString('base64'), code: 'KN3A 7QP' },
      { id: Buffer.from('Loccode:LAG 100001').toString('base64'), code: 'LAG 100001' },
    ]);
  });

  it('refuses a representation whose code is a display form', async () => {
    const { errors } = await stack.query(
      `{ _entities(representations: [{ __typename: "Loccode", code: "KN3A-7QP" }]) { ... on Loccode { code } } }`,
    );
    expect(errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    expect(errors![0]!.message).toContain('"KN3A 7QP"');
  });
});
