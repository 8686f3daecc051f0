import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import { mergeResolvers, mergeTypeDefs } from '@graphql-tools/merge';
import type { DocumentNode, GraphQLSchema } from 'graphql';
import { resolvers } from '../../resolvers';

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
  return buildSubgraphSchema({ typeDefs: loadTypeDefs(), resolvers: merged });
}
