import type { Resolvers } from '../../src/generated/graphql';

/** Resolvers of the agriculture domain: thin, each picks a loader and maps arguments. */
export const agricultureResolvers: Resolvers = {};
