import type { Resolvers } from '../../src/graph/generated/graphql';
import { badUserInput } from '../../src/kernel/errors';
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

/**
 * A representation a router sends for `Loccode @key(fields: "code")`. Its key is checked like
 * any code argument; the caller of `_entities` (src/graph/schema.ts) says which representation.
 */
function loccodeReference(reference: { code?: unknown }): LoccodeModel {
  if (typeof reference.code !== 'string') {
    const given =
      reference.code === undefined
        ? 'missing'
        : reference.code === null
          ? 'null'
          : `a ${typeof reference.code}`;
    throw badUserInput(
      `a Loccode representation needs its key "code" as a string (it was ${given}), e.g. { "__typename": "Loccode", "code": "KN3A 7QP" }.`,
      'representations',
    );
  }
  return loccode(reference.code, 'code');
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
    __resolveReference: (reference) => loccodeReference(reference),
    id: ({ code }) => toGlobalId('Loccode', code),
    code: ({ code }) => code,
  },
};
