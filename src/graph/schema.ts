import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import { mergeResolvers, mergeTypeDefs } from '@graphql-tools/merge';
import { GraphQLError, isUnionType, type DocumentNode, type GraphQLSchema } from 'graphql';
import { resolvers } from '../../resolvers';
import { answerUnreadableMembers } from '../../resolvers/unreadable';
import { badUserInput } from '../kernel/errors';

/** The repository's `schema/`, from `src/graph/` (ts) or `dist/src/graph/` (built); tsc does not copy SDL. */
function schemaDirectory(): string {
  const candidates = [join(__dirname, '..', '..', 'schema'), join(__dirname, '..', '..', '..', 'schema')];
  const found = candidates.find((dir) => existsSync(join(dir, 'base.graphql')));
  if (!found) throw new Error(`schema/ not found beside ${__dirname}`);
  return found;
}

/** The SDL files of schema/, merged into one document. */
export function loadTypeDefs(): DocumentNode {
  const dir = schemaDirectory();
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.graphql'))
    .sort();
  return mergeTypeDefs(files.map((name) => readFileSync(join(dir, name), 'utf8')));
}

/** A Federation 2 subgraph schema: serves `_service` and `_entities` besides our fields. */
export function buildSchema(): GraphQLSchema {
  // Generated `Resolvers` are typed per field; the federation helper wants its own looser map.
  const merged = mergeResolvers(resolvers) as GraphQLResolverMap<unknown>;
  const schema = buildSubgraphSchema({ typeDefs: loadTypeDefs(), resolvers: merged });
  resolveRepresentationsOneByOne(schema);
  answerUnreadableMembers(schema);
  return schema;
}

const REPRESENTATION_EXAMPLE = '{ "__typename": "Loccode", "code": "KN3A 7QP" }';

/**
 * `_entities` answers each representation on its own. The federation library maps
 * them all in one call and throws on the first bad one, which fails the whole list (and a router
 * then fails every entity of its batch). Here a bad representation becomes an error value at
 * its index: graphql-js puts null there and reports the error at path ["_entities", i].
 */
function resolveRepresentationsOneByOne(schema: GraphQLSchema): void {
  const field = schema.getQueryType()?.getFields()._entities;
  const union = schema.getType('_Entity');
  if (!field?.resolve || !isUnionType(union)) return;
  const library = field.resolve;
  const entityTypes = union.getTypes().map((type) => type.name);
  field.resolve = (source, args: { representations: readonly unknown[] }, context, info) =>
    args.representations.map((representation, index) => {
      const problem = representationProblem(representation, entityTypes);
      if (problem) return badUserInput(`Representation ${index}: ${problem}`, 'representations');
      try {
        const [entity] = library(source, { representations: [representation] }, context, info) as unknown[];
        // The library answers each entity as a promise: a rejection lands at its index anyway, and
        // is caught only to say which representation it was.
        return Promise.resolve(entity).catch((error: unknown) => atIndex(error, index));
      } catch (error) {
        return atIndex(error, index);
      }
    });
}

/** Why a representation cannot name one of our entities, before the library sees it (it would throw). */
function representationProblem(representation: unknown, entityTypes: readonly string[]): string | undefined {
  const example = `e.g. ${REPRESENTATION_EXAMPLE}`;
  if (typeof representation !== 'object' || representation === null || Array.isArray(representation)) {
    return `it is ${describe(representation)}, not an object. Send an object naming the entity type and its key, ${example}.`;
  }
  const typename = (representation as Record<string, unknown>).__typename;
  if (typeof typename !== 'string' || !entityTypes.includes(typename)) {
    const given = typename === undefined ? 'has no "__typename"' : `has "__typename" ${describe(typename)}`;
    return `it ${given}: name an entity type of this subgraph (${entityTypes.join(', ')}), ${example}.`;
  }
  return undefined;
}

/** A value the client sent, briefly: its kind and at most 40 characters of it. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  const json = JSON.stringify(value) ?? String(value);
  return `the ${typeof value} ${json.length > 40 ? `${json.slice(0, 40)}…` : json}`;
}

/** A client mistake keeps its code and says which representation; anything else stays an internal error. */
function atIndex(error: unknown, index: number): Error {
  if (error instanceof GraphQLError && error.extensions.code === 'BAD_USER_INPUT') {
    return badUserInput(`Representation ${index}: ${error.message}`, 'representations');
  }
  return error instanceof Error ? error : new Error(String(error));
}
