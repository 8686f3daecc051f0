import type { Resolvers } from '../src/generated/graphql';
import { loccodeResolvers } from './loccode';
import { scalarResolvers } from './scalars';

/** Every domain's resolvers; `buildSubgraphSchema` merges them. */
export const resolvers: Resolvers[] = [scalarResolvers, loccodeResolvers];
