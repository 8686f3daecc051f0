import { badUserInput } from './errors';

/** Relay global ids: base64 of `Type:key`, opaque to clients. */
export function toGlobalId(type: string, key: string): string {
  return Buffer.from(`${type}:${key}`, 'utf8').toString('base64');
}

export function fromGlobalId(id: string): { type: string; key: string } {
  const decoded = Buffer.from(id, 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator <= 0 || toGlobalId(decoded.slice(0, separator), decoded.slice(separator + 1)) !== id) {
    throw badUserInput(
      `"${id}" is not a global id of this graph; use the \`id\` field of an object as it was returned.`,
      'id',
    );
  }
  return { type: decoded.slice(0, separator), key: decoded.slice(separator + 1) };
}

/*
 * Relay cursor connections, paged forward with `first` and `after` (GitHub's schema style).
 * The upstream lists paged here come whole in one answer, so a page is a slice of it and
 * a cursor is an item's position in that list, made opaque.
 */

/** A checked request for one page: `first` items from position `offset`. */
export interface PageRequest {
  first: number;
  offset: number;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface Connection<T> {
  edges: Array<Edge<T>>;
  nodes: T[];
  pageInfo: PageInfo;
  totalCount: number;
}

const CURSOR = /^cursor:(0|[1-9][0-9]{0,8})$/;

/** The cursor of the item at `position` (from 0) of a list. */
export function cursorAt(position: number): string {
  return Buffer.from(`cursor:${position}`, 'utf8').toString('base64');
}

/**
 * `first` and `after` checked against `maxFirst`. An explicit `first: null` is refused too:
 * the cost of a query is counted from `first` before it runs.
 */
export function pageRequest(
  args: { first?: number | null; after?: string | null },
  maxFirst: number,
): PageRequest {
  const { first, after } = args;
  if (typeof first !== 'number' || first < 1 || first > maxFirst) {
    throw badUserInput(
      `"first" must be from 1 to ${maxFirst} (PAGE_MAX_SIZE); got ${String(first)}. Ask for the rest with "after".`,
      'first',
    );
  }
  if (after === null || after === undefined) return { first, offset: 0 };
  const position = CURSOR.exec(Buffer.from(after, 'base64').toString('utf8'))?.[1];
  if (position === undefined || cursorAt(Number(position)) !== after) {
    throw badUserInput(
      `"after" is not a cursor of this list; pass an edge's \`cursor\` or \`pageInfo.endCursor\` from an earlier page, unchanged.`,
      'after',
    );
  }
  return { first, offset: Number(position) + 1 };
}

/** One page of a list the upstream gave whole; a cursor past its end gives an empty last page. */
export function connectionOf<T>(items: readonly T[], { first, offset }: PageRequest): Connection<T> {
  const nodes = items.slice(offset, offset + first);
  const edges = nodes.map((node, index) => ({ cursor: cursorAt(offset + index), node }));
  return {
    edges,
    nodes,
    pageInfo: {
      hasNextPage: offset + first < items.length,
      hasPreviousPage: offset > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
    totalCount: items.length,
  };
}
