import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { staleSchemaFiles } from '../../scripts/print-schema';

const root = join(__dirname, '..', '..');
const committed = (name: string) => readFileSync(join(root, name), 'utf8');

/** Federation's internals, which a frontend's generated types must not see. */
const FEDERATION_NAMES = ['_entities', '_service', '_Any', '_Entity', '_Service', 'federation__', 'link__'];

describe('the printed schemas', () => {
  it('schema.graphql, schema.introspection.json and schema.subgraph.graphql match schema/*.graphql (else: npm run schema:print)', () => {
    expect(staleSchemaFiles()).toEqual([]);
  });

  it('schema.graphql is the public client schema: our types, no federation internals', () => {
    const sdl = committed('schema.graphql');
    for (const name of FEDERATION_NAMES) expect(sdl).not.toContain(name);
    expect(sdl).not.toMatch(/directive @(link|key|cost|listSize)\b/);
    expect(sdl).toMatch(/^type Loccode implements Node \{$/m);
    expect(sdl).toMatch(/^input RouteEndpointInput @oneOf \{$/m);
  });

  it('schema.introspection.json describes the same public schema', () => {
    const { __schema } = JSON.parse(committed('schema.introspection.json'));
    const types: string[] = __schema.types.map((type: { name: string }) => type.name);
    const queryFields: string[] = __schema.types
      .find((type: { name: string }) => type.name === 'Query')
      .fields.map((field: { name: string }) => field.name);
    expect(types).toContain('Loccode');
    expect(queryFields).toContain('loccodes');
    for (const name of FEDERATION_NAMES) {
      expect(types.filter((type) => type.includes(name))).toEqual([]);
      expect(queryFields).not.toContain(name);
    }
  });

  it('schema.subgraph.graphql is what a router composes: the @key, @link and _entities included', () => {
    const sdl = committed('schema.subgraph.graphql');
    expect(sdl).toContain('@link(url: "https://specs.apollo.dev/federation/v2.9"');
    expect(sdl).toMatch(/type Loccode implements Node\s+@key\(fields: "code"\)/);
    expect(sdl).toContain('_entities(representations: [_Any!]!): [_Entity]!');
  });
});
