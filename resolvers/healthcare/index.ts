import type { Resolvers } from '../../src/generated/graphql';

/** Resolvers of the healthcare domain: thin, each picks a loader and maps arguments. */
export const healthcareResolvers: Resolvers = {};
