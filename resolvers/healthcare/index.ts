import type { Resolvers } from '../../src/graph/generated/graphql';
import { facilityQuery, specialistQuery } from './arguments';

/** Resolvers of the healthcare domain: thin, each picks a loader and maps arguments. */
export const healthcareResolvers: Resolvers = {
  Loccode: {
    facilities: ({ code }, args, { loaders }) =>
      loaders.healthcare.facilities.load(facilityQuery(code, args)),
    healthcareAccess: ({ code }, _args, { loaders }) => loaders.healthcare.access.load(code),
    emergency: ({ code }, _args, { loaders }) => loaders.healthcare.emergencyRoute.load(code),
    specialists: ({ code }, { condition }, { loaders }) =>
      loaders.healthcare.specialist.load(specialistQuery(code, condition)),
    healthRisk: ({ code }, _args, { loaders }) => loaders.healthcare.healthRisk.load(code),
    heatmap: ({ code }, _args, { loaders }) => loaders.healthcare.heatmap.load(code),
  },
};
