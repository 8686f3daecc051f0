import type { Resolvers } from '../src/graph/generated/graphql';
import { addressResolvers } from './address';
import { agricultureResolvers } from './agriculture';
import { healthcareResolvers } from './healthcare';
import { loccodeResolvers } from './loccode';
import { mapsResolvers } from './maps';
import { scalarResolvers } from './scalars';

/** Every domain's resolvers; `buildSubgraphSchema` merges them. */
export const resolvers: Resolvers[] = [
  scalarResolvers,
  loccodeResolvers,
  agricultureResolvers,
  mapsResolvers,
  healthcareResolvers,
  addressResolvers,
];
