import type { Resolvers } from '../../src/graph/generated/graphql';
import {
  loccode,
  location,
  optimizeRequest,
  optionalPoint,
  point,
  pointDetailsRequest,
  searchQuery,
  travelMode,
  waypoints,
} from './arguments';
import { displayResolvers } from './display';
import { WHOLE_LIST } from '../../datasources/maps/loaders';
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
    searchPlaces: (_, args, { loaders }) =>
      loaders.maps.search.load({
        query: searchQuery(args.query),
        near: optionalPoint(args.near, 'near'),
        category: args.category ?? undefined,
      }),
    placeCategories: (_, _args, { loaders }) => loaders.maps.placeCategories.load(WHOLE_LIST),
    route: (_, args, { loaders }) =>
      loaders.maps.route.load({
        origin: location(args.origin, 'origin'),
        destination: location(args.destination, 'destination'),
        waypoints: waypoints(args.waypoints),
        mode: travelMode(args.mode),
      }),
    optimizeStops: (_, args, { loaders }) => loaders.maps.optimize.load(optimizeRequest(args)),
    mapDisplay: (_, args, { publicOrigin }) => ({ origin: publicOrigin, colorMode: args.mode ?? 'LIGHT' }),
  },
  Loccode: {
    street: ({ code }, _, { loaders }) => loaders.maps.street.load(code),
    routeTo: ({ code }, args, { loaders }) =>
      loaders.maps.route.load({
        origin: { loccode: code },
        destination: { loccode: loccode(args.destination, 'destination') },
        waypoints: [],
        mode: travelMode(args.mode),
      }),
  },
  Place: {
    category: ({ categoryKey }, _, context) => category(categoryKey, context),
  },
  PlaceCategory: {
    parent: ({ parentKey }, _, context) => category(parentKey, context),
  },
  ...displayResolvers,
};
