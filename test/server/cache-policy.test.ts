import { buildSchema } from '../../src/graph/schema';
import { operationPolicy } from '../../src/server/plugins/cache-policy';
import { parse, type OperationDefinitionNode } from 'graphql';
import { SINGLE_REQUEST_DISCIPLINE, useTestStack } from '../support/gateway';

/*
 * The response's cache policy is worked out once per document, not hooked
 * into every resolver. The ages are the specs' (the schema's @cacheControl): climate 600 s
 * (agriculture), street 43,200 s (maps), map display 3,600 s and PRIVATE (links built on the
 * caller's host); fields without a hint that return objects take the default, a day.
 */
describe('the cache policy of a response', () => {
  const stack = useTestStack(SINGLE_REQUEST_DISCIPLINE);
  const cacheControl = async (query: string) => {
    const response = await stack.http.post(stack.app.url, { query });
    expect(response.json.errors).toBeUndefined();
    return response.headers['cache-control'];
  };

  it('is the shortest age among the selected fields, public unless one is private', async () => {
    expect(await cacheControl('{ loccode(code: "KN3A 7QP") { street { name } } }')).toBe(
      'max-age=43200, public',
    );
    expect(await cacheControl('{ loccode(code: "KN3A 7QP") { street { name } climate { state } } }')).toBe(
      'max-age=600, public',
    );
    expect(await cacheControl('{ mapDisplay { styleUrl } }')).toBe('max-age=3600, private');
  });

  it('counts fields reached through fragments and federation entities', async () => {
    const query = `query { ...Q } fragment Q on Query { _entities(representations: [{ __typename: "Loccode", code: "LA8G 3QU" }]) { ... on Loccode { climate { state } } } }`;
    expect(await cacheControl(query)).toBe('max-age=600, public');
  });

  it('is no-store for an answer with errors, and for one that selects nothing cacheable', async () => {
    const broken = await stack.http.post(stack.app.url, {
      query: '{ loccode(code: "KN3A-7QP") { climate { state } } }',
    });
    expect(broken.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(broken.headers['cache-control']).toBe('no-store');
    expect(await cacheControl('{ __typename }')).toBe('no-store');
  });

  it('counts a field whether or not it resolves: never longer than the per-field policy', () => {
    const schema = buildSchema();
    // `street` is null for a loccode the maps service does not know: its children never resolve,
    // and Apollo's per-field plugin would not count them. Counting them can only shorten the age.
    const document = parse('{ loccode(code: "KN3A 7QP") { street { name } address { formatted } } }');
    const operation = document.definitions[0] as OperationDefinitionNode;
    expect(operationPolicy(schema, document, operation, 86_400)).toEqual({ maxAge: 43_200 });
  });
});
