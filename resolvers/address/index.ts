import type { Resolvers } from '../../src/graph/generated/graphql';
import { position, streetName } from './arguments';

/** Resolvers of the address domain: thin, each picks a loader and maps arguments. */
export const addressResolvers: Resolvers = {
  Query: {
    addressByStreet: (_, args, { loaders }) => loaders.address.byStreet.load(streetName(args.streetName)),
    addressNear: (_, { location }, { loaders }) => loaders.address.byCoordinates.load(position(location)),
  },
  Loccode: {
    address: ({ code }, _args, { loaders }) => loaders.address.byLoccode.load(code),
  },
};
