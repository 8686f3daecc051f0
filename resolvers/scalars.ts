import { GraphQLError, GraphQLScalarType, Kind, valueFromASTUntyped } from 'graphql';
import type { Resolvers } from '../src/graph/generated/graphql';

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Texts already found valid: an answer serialises the same upstream timestamps on every
 * request, so the pattern and `Date.parse` run once per text, not once per answer.
 * Bounded: past its size it starts again empty.
 */
const validDateTimes = new Set<string>();
const VALID_DATE_TIMES_KEPT = 10_000;

function toDateTime(value: unknown): string {
  if (typeof value === 'string' && validDateTimes.has(value)) return value;
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
  if (typeof value === 'string' && ISO_8601.test(value) && !Number.isNaN(Date.parse(value))) {
    if (validDateTimes.size >= VALID_DATE_TIMES_KEPT) validDateTimes.clear();
    validDateTimes.add(value);
    return value;
  }
  throw new GraphQLError(
    'DateTime must be an ISO 8601 date and time with an offset, e.g. "2026-07-15T10:00:00Z".',
    {
      extensions: { code: 'BAD_USER_INPUT' },
    },
  );
}

/**
 * Upstream documents whose structure their spec does not show (the maps wordmark manifest)
 * travel as they came: any JSON value, unchanged. As an argument it takes any literal.
 */
const passThrough = (value: unknown): unknown => value;

export const scalarResolvers: Resolvers = {
  JSON: new GraphQLScalarType({
    name: 'JSON',
    serialize: passThrough,
    parseValue: passThrough,
    parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
  }),
  DateTime: new GraphQLScalarType({
    name: 'DateTime',
    serialize: toDateTime,
    parseValue: toDateTime,
    parseLiteral: (ast) => toDateTime(ast.kind === Kind.STRING ? ast.value : undefined),
  }),
};
