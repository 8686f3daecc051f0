import type { Resolvers } from '../../src/graph/generated/graphql';
import { checkLoccodeShape, type LoccodeModel } from '../../src/kernel/loccode';
import { fromGlobalId, toGlobalId } from '../../src/kernel/relay';

function loccode(code: string, argument: string): LoccodeModel {
  const problem = checkLoccodeShape(code, argument);
  if (problem) throw problem;
  return { code };
}

/** A list entry that fails becomes null at its index, with its error at that path. */
function orError<T>(make: () => T): T | Error {
  try {
    return make();
  } catch (error) {
    return error as Error;
  }
}

function nodeById(id: string): LoccodeModel | null {
  const { type, key } = fromGlobalId(id);
  return type === 'Loccode' ? loccode(key, 'id') : null;
}

export const loccodeResolvers: Resolvers = {
  Query: {
    loccode: (_, { code }) => loccode(code, 'code'),
    // How many codes and ids a request may list is QUERY_MAX_LIST_ITEMS, checked before execution.
    loccodes: (_, { codes }) => {
      return codes.map((code) => orError(() => loccode(code, 'codes'))) as LoccodeModel[];
    },
    node: (_, { id }) => nodeById(id),
    nodes: (_, { ids }) => {
      return ids.map((id) => orError(() => nodeById(id))) as LoccodeModel[];
    },
  },
  Node: {
    // Loccode is the only node type so far.
    __resolveType: () => 'Loccode',
  },
  Loccode: {
    __resolveReference: (reference) => loccode(reference.code, 'code'),
    id: ({ code }) => toGlobalId('Loccode', code),
    code: ({ code }) => code,
  },
};
