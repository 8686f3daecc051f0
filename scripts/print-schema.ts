import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DirectiveLocation,
  Kind,
  buildASTSchema,
  executeSync,
  introspectionFromSchema,
  parse,
  printSchema,
  visit,
  type DefinitionNode,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import { buildSchema } from '../src/graph/schema';
import { conformanceDocument } from '../datasources/conformance';

/**
 * Two schemas. `schema.graphql` and `schema.introspection.json` are the public
 * client schema, for frontends' codegen: our types and fields without federation's internals.
 * `schema.subgraph.graphql` is what a router composes: the SDL `_service { sdl }` serves,
 * `@key` and `@link` included (plus a final newline).
 */
export function printedSchemaFiles(): Record<string, string> {
  const schema = buildSchema();
  const client = clientSchema(schema);
  return {
    'schema.graphql': `${printSchema(client)}\n`,
    'schema.introspection.json': `${JSON.stringify(introspectionFromSchema(client), null, 2)}\n`,
    'schema.subgraph.graphql': `${servedSubgraphSdl(schema)}\n`,
    // The upstream error conformance tables, printed from the code that applies them so the two cannot disagree.
    'docs/CONFORMANCE.md': conformanceDocument(),
  };
}

/**
 * The SDL as the endpoint serves it to routers. Asked of the schema rather than printed with
 * `printSubgraphSchema`, which re-validates the SDL and refuses the `@oneOf` graphql-js declares.
 */
export function servedSubgraphSdl(schema: GraphQLSchema): string {
  const result = executeSync({ schema, document: parse('{ _service { sdl } }') });
  const sdl = (result.data?._service as { sdl?: unknown } | undefined)?.sdl;
  if (typeof sdl !== 'string')
    throw new Error(`_service { sdl } gave no SDL: ${JSON.stringify(result.errors)}`);
  return sdl;
}

/** Federation's root fields and its types (`_Any`, `_Entity`, `_Service`, `link__*`, `federation__*`). */
const FEDERATION_FIELDS = new Set(['_entities', '_service']);
const isFederationType = (name: string): boolean =>
  /^_[^_]/.test(name) || name.startsWith('link__') || name.startsWith('federation__');

const EXECUTABLE_LOCATIONS = new Set<string>([
  DirectiveLocation.QUERY,
  DirectiveLocation.MUTATION,
  DirectiveLocation.SUBSCRIPTION,
  DirectiveLocation.FIELD,
  DirectiveLocation.FRAGMENT_DEFINITION,
  DirectiveLocation.FRAGMENT_SPREAD,
  DirectiveLocation.INLINE_FRAGMENT,
  DirectiveLocation.VARIABLE_DEFINITION,
]);

/**
 * What a client can write in an operation or receive. Directive definitions go unless an operation
 * may use them: ours (`@cost`, `@listSize`, `@listSizeFromArgument`, `@sharedCost`,
 * `@cacheControl`) and federation's annotate the schema for the gateway and routers, and
 * `printSchema` never shows where they are applied, so a client would get their definitions alone.
 * A type only those directives used (`CacheControlScope`) goes with them. `@oneOf` stays: graphql-js
 * declares it and prints it on the inputs it constrains.
 */
function clientSchema(schema: GraphQLSchema): GraphQLSchema {
  const document = parse(printSchema(schema));
  const dropped: DefinitionNode[] = [];
  const kept = document.definitions.flatMap((definition): DefinitionNode[] => {
    if (definition.kind === Kind.DIRECTIVE_DEFINITION) {
      if (definition.locations.some((location) => EXECUTABLE_LOCATIONS.has(location.value)))
        return [definition];
      dropped.push(definition);
      return [];
    }
    if (!('name' in definition) || !definition.name) return [definition];
    if (isFederationType(definition.name.value)) return [];
    if (definition.kind === Kind.OBJECT_TYPE_DEFINITION && definition.name.value === 'Query') {
      const fields = definition.fields?.filter((field) => !FEDERATION_FIELDS.has(field.name.value));
      return [{ ...definition, fields }];
    }
    return [definition];
  });
  const stillUsed = typeNamesUsedBy(kept);
  const orphans = new Set([...typeNamesUsedBy(dropped)].filter((name) => !stillUsed.has(name)));
  const definitions = kept.filter(
    (definition) => !('name' in definition && definition.name && orphans.has(definition.name.value)),
  );
  return buildASTSchema({ kind: Kind.DOCUMENT, definitions });
}

function typeNamesUsedBy(definitions: readonly DefinitionNode[]): Set<string> {
  const names = new Set<string>();
  const document: DocumentNode = { kind: Kind.DOCUMENT, definitions };
  visit(document, { NamedType: (node) => void names.add(node.name.value) });
  return names;
}

/** The repository root, from `scripts/` (ts-jest) or `dist/scripts/` (built). */
const REPOSITORY_ROOT = [join(__dirname, '..'), join(__dirname, '..', '..')].find((dir) =>
  existsSync(join(dir, 'package.json')),
)!;

/** Files of {@link printedSchemaFiles} whose committed copy differs from a fresh print. */
export function staleSchemaFiles(): string[] {
  return Object.entries(printedSchemaFiles())
    .filter(([name, text]) => readCommitted(name) !== text)
    .map(([name]) => name);
}

function readCommitted(name: string): string | undefined {
  try {
    return readFileSync(join(REPOSITORY_ROOT, name), 'utf8');
  } catch {
    return undefined;
  }
}

if (require.main === module) {
  for (const [name, text] of Object.entries(printedSchemaFiles())) {
    writeFileSync(join(REPOSITORY_ROOT, name), text);
    console.log(`wrote ${name}`);
  }
}
