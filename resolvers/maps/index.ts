import type { Resolvers } from '../../src/graph/generated/graphql';
import {
  optimizeArguments,
  point,
  pointDetailsRequest,
  routeArguments,
  routeToArguments,
  searchRequest,
} from './arguments';
import { displayResolvers } from './display';
import { WHOLE_LIST } from '../../datasources/maps/loaders';
import { connectionOf, pageRequest } from '../../src/kernel/relay';
import type { GatewayContext } from '../../src/graph/context';
import type { PlaceCategoryModel } from '../../datasources/maps/models';

/** A category of the taxonomy, which one call per request fetches whole. */
async function category(key: string | null, { loaders }: GatewayContext): Promise<PlaceCategoryModel | null> {
  if (key === null) return null;
  const taxonomy = await loaders.maps.placeCategories.load(WHOLE_LIST);
  return taxonomy.find((candidate) => candidate.key === key) ?? null;
}

/** Resolvers of the maps domain: thin, each checks its arguments and picks a loader. */
export const mapsResolvers: Resolvers = {
  Query: {
    nearestLoccode: (_, args, { loaders }) =>
      loaders.maps.nearestLoccode.load(point(args.location, 'location')),
    reverseGeocode: (_, args, { loaders }) =>
      loaders.maps.reverseGeocode.load(point(args.location, 'location')),
    pointDetails: (_, args, { loaders }) => loaders.maps.pointDetails.load(pointDetailsRequest(args)),
    // Both lists come whole in one upstream answer: a page is a slice of it, so paging calls nothing more.
    searchPlaces: async (_, args, { loaders, pageMaxSize }) => {
      const [request, page] = [searchRequest(args), pageRequest(args, pageMaxSize)];
      return connectionOf(await loaders.maps.search.load(request), page);
    },
    placeCategories: async (_, args, { loaders, pageMaxSize }) => {
      const page = pageRequest(args, pageMaxSize);
      return connectionOf(await loaders.maps.placeCategories.load(WHOLE_LIST), page);
    },
    route: (_, args, { loaders }) => loaders.maps.route(routeArguments(args)),
    optimizeStops: (_, args, { loaders }) => loaders.maps.optimize(optimizeArguments(args)),
    mapDisplay: (_, args, { publicOrigin }) => ({ origin: publicOrigin, colorMode: args.mode ?? 'LIGHT' }),
  },
  Loccode: {
    street: ({ code }, _, { loaders }) => loaders.maps.street.load(code),
    routeTo: ({ code }, args, { loaders }) => loaders.maps.route(routeToArguments(code, args)),
  },
  Place: {
    category: ({ categoryKey }, _, context) => category(categoryKey, context),
  },
  PlaceCategory: {
    parent: ({ parentKey }, _, context) => category(parentKey, context),
  },
  ...displayResolvers,
};
