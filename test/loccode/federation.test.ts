import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Street } from '../../src/sandbox/dataset/types';
import { useTestStack, type GraphQLResult } from '../support/gateway';

const ENTITIES = `query($representations: [_Any!]!) {
  _entities(representations: $representations) { ... on Loccode { code } }
}`;
const loccode = (code: string) => ({ __typename: 'Loccode', code });

function costOf(result: GraphQLResult): { requested: number; actual: number } {
  return result.response.json.extensions.cost;
}

describe('Loccode as a Federation 2 entity', () => {
  const stack = useTestStack();

  /** One street of each of `count` states: distinct codes whose climate states differ. */
  function streetsOfDistinctStates(count: number): Street[] {
    const byState = new Map<string, Street>();
    for (const street of stack.sandbox.dataset.streets)
      if (!byState.has(street.state)) byState.set(street.state, street);
    return [...byState.values()].slice(0, count);
  }

  it('publishes its subgraph SDL with the @key on Loccode', async () => {
    const { data } = await stack.query('{ _service { sdl } }');
    expect(data._service.sdl).toMatch(/type Loccode implements Node\s+@key\(fields: "code"\)/);
    expect(data._service.sdl).toContain('@link(url: "https://specs.apollo.dev/federation/v2.9"');
  });

  it('schema.subgraph.graphql is exactly the SDL _service serves (else: npm run schema:print)', async () => {
    const { data } = await stack.query('{ _service { sdl } }');
    const printed = readFileSync(join(__dirname, '..', '..', 'schema.subgraph.graphql'), 'utf8');
    expect(printed).toBe(`${data._service.sdl}\n`);
  });

  it('resolves Loccode representations through _entities, in order', async () => {
    const { data, errors } = await stack.query(
      `query($representations: [_Any!]!) { _entities(representations: $representations) { ... on Loccode { id code } } }`,
      { representations: [loccode('KN3A 7QP'), loccode('LAG 100001')] },
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

  // One malformed representation among five: null and one error at its index, the four others answered.
  const EXAMPLE = '{ "__typename": "Loccode", "code": "KN3A 7QP" }';
  it.each([
    {
      kind: 'an unknown __typename',
      bad: { __typename: 'Farm', id: '7' },
      at: 0,
      says: /"Farm".*\(Loccode\)/,
    },
    {
      kind: 'a type of ours that is no entity',
      bad: { __typename: 'Climate' },
      at: 1,
      says: /"Climate".*\(Loccode\)/,
    },
    { kind: 'no __typename', bad: { code: 'KN3A 7QP' }, at: 2, says: /no "__typename"/ },
    { kind: 'a string', bad: 'KN3A 7QP', at: 3, says: /the string "KN3A 7QP", not an object/ },
    { kind: 'a list', bad: ['Loccode', 'KN3A 7QP'], at: 4, says: /a list, not an object/ },
    {
      kind: 'no code',
      bad: { __typename: 'Loccode' },
      at: 2,
      says: /key "code" as a string \(it was missing\)/,
    },
    { kind: 'a numeric code', bad: { __typename: 'Loccode', code: 7 }, at: 1, says: /\(it was a number\)/ },
    {
      kind: 'a display-form code',
      bad: loccode('KN3A-7QP'),
      at: 3,
      says: /display form.*Send it with a space: "KN3A 7QP"/,
      fix: '"KN3A 7QP"',
    },
    {
      kind: 'a code of no loccode shape',
      bad: loccode('KN3A7QP'),
      at: 4,
      says: /"KN3A7QP" is not a loccode/,
      fix: '"KN3A 7QP"',
    },
  ])('answers the four others when one representation is $kind', async ({ bad, at, says, fix = EXAMPLE }) => {
    const good = ['KN3A 7QP', 'LAG 100001', 'KAN 700001', 'KN3A 7QP'];
    const representations: unknown[] = good.map(loccode);
    representations.splice(at, 0, bad);
    const { status, data, errors } = await stack.query(ENTITIES, { representations });
    expect(status).toBe(200);
    const expected: unknown[] = good.map((code) => ({ code }));
    expected.splice(at, 0, null);
    expect(data._entities).toEqual(expected);
    expect(errors).toHaveLength(1);
    expect(errors![0]).toMatchObject({
      path: ['_entities', at],
      extensions: { code: 'BAD_USER_INPUT', argument: 'representations' },
    });
    expect(errors![0]!.message).toMatch(new RegExp(`^Representation ${at}: `));
    expect(errors![0]!.message).toMatch(says);
    // Every message shows how to fix it: a well-formed representation, or a code of the right shape.
    expect(errors![0]!.message).toContain(fix);
  });

  it('refuses a null representation before anything runs: the type [_Any!]! forbids it', async () => {
    const representations = [loccode('KN3A 7QP'), null, loccode('LAG 100001')];
    const { status, data, errors } = await stack.query(ENTITIES, { representations });
    expect(status).toBe(400);
    expect(data).toBeUndefined();
    expect(errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    expect(errors![0]!.message).toContain('representations[1]');
    expect(stack.sandbox.controls.count()).toBe(0);
  });

  it('makes one upstream call per distinct code for 100 representations of 10 codes', async () => {
    const streets = streetsOfDistinctStates(10);
    const representations = Array.from({ length: 100 }, (_, i) => loccode(streets[i % 10]!.code));
    const result = await stack.query(
      `query($representations: [_Any!]!) {
        _entities(representations: $representations) { ... on Loccode { code climate { state } street { name } } }
      }`,
      { representations },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data._entities).toEqual(
      representations.map((_, i) => ({
        code: streets[i % 10]!.code,
        climate: { state: streets[i % 10]!.state },
        street: { name: streets[i % 10]!.name },
      })),
    );
    expect(stack.sandbox.controls.counts()).toEqual({ 'agriculture/climate': 10, 'maps/resolveLoccode': 10 });
    // Cost is charged per representation (README "Keys, cost and budgets"): 100 × (climate 1 + street 1).
    expect(costOf(result)).toMatchObject({ requested: 200, actual: 20 });
  });

  it('counts each representation in the cost, given literally or in a variable', async () => {
    // climate and street cost one call each; the list multiplies that by its number of entries.
    const selection = '{ ... on Loccode { climate { state } street { name } } }';
    for (const size of [1, 4, 9]) {
      const representations = Array.from({ length: size }, () => loccode('KN3A 7QP'));
      const literal = representations
        .map(({ code }) => `{ __typename: "Loccode", code: "${code}" }`)
        .join(', ');
      const inVariable = await stack.query(
        `query($representations: [_Any!]!) { _entities(representations: $representations) ${selection} }`,
        { representations },
      );
      const inDocument = await stack.query(`{ _entities(representations: [${literal}]) ${selection} }`);
      expect(inVariable.errors).toBeUndefined();
      expect(inDocument.errors).toBeUndefined();
      expect(costOf(inVariable).requested).toBe(2 * size);
      expect(costOf(inDocument).requested).toBe(2 * size);
    }
  });

  it('refuses more representations than QUERY_MAX_LIST_ITEMS (100) with LIST_TOO_LONG, literal or in a variable', async () => {
    const representations = Array.from({ length: 101 }, () => loccode('KN3A 7QP'));
    const literal = representations
      .map(({ code }) => `{ __typename: "Loccode", code: "${code}" }`)
      .join(', ');
    for (const result of [
      await stack.query(ENTITIES, { representations }),
      await stack.query(
        `{ _entities(representations: [${literal}]) { ... on Loccode { climate { state } } } }`,
      ),
    ]) {
      expect(result.status).toBe(400);
      expect(result.errors![0]!.extensions).toMatchObject({ code: 'LIST_TOO_LONG', limit: 100, actual: 101 });
      expect(result.errors![0]!.message).toContain('_entities(representations:)');
    }
    expect(stack.sandbox.controls.count()).toBe(0);
  });
});
