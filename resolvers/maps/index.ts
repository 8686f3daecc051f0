import type { Resolvers } from '../../src/generated/graphql';

/** Resolvers of the maps domain: thin, each picks a loader and maps arguments. */
export const mapsResolvers: Resolvers = {};
