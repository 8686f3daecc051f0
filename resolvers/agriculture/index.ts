import { CROPS } from '../../datasources/agriculture/crops';
import type { Resolvers } from '../../src/graph/generated/graphql';
import { checkLoccodeShape } from '../../src/kernel/loccode';

/** The loccode as given, or the BAD_USER_INPUT error saying what is wrong with its shape. */
function shapeChecked(code: string, argument: string): string {
  const problem = checkLoccodeShape(code, argument);
  if (problem) throw problem;
  return code;
}

/** Resolvers of the agriculture domain: thin, each picks a loader and maps arguments. */
export const agricultureResolvers: Resolvers = {
  Query: {
    crops: () => [...CROPS],
    supplyRoute: (_, { origin, destination }, { loaders }) =>
      loaders.agriculture.supplyRoute.load({
        origin: shapeChecked(origin, 'origin'),
        destination: shapeChecked(destination, 'destination'),
      }),
  },
  Loccode: {
    climate: ({ code }, _, { loaders }) => loaders.agriculture.climate.load(code),
    pests: ({ code }, { crop }, { loaders }) =>
      loaders.agriculture.pests.load({ loccode: code, ...(crop && { crop }) }),
    cropYield: ({ code }, { crop }, { loaders }) =>
      loaders.agriculture.cropYield.load({ loccode: code, crop }),
    supplyRouteTo: ({ code }, { destination }, { loaders }) =>
      loaders.agriculture.supplyRoute.load({
        origin: code,
        destination: shapeChecked(destination, 'destination'),
      }),
  },
  PestReport: {
    __resolveType: (report) => (report.mode === 'crop' ? 'PestProfile' : 'PestOverview'),
  },
};
