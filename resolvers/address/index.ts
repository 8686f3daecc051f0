import type { Resolvers } from '../../src/generated/graphql';

/** Resolvers of the address domain: thin, each picks a loader and maps arguments. */
export const addressResolvers: Resolvers = {};
