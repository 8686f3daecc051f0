import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { ServiceName } from './services';

/**
 * The graph's one error vocabulary. Upstream codes map into it;
 * nothing else reaches a client.
 */
export const ERROR_CODES = [
  // The gateway's own.
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'REQUEST_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'QUERY_TOO_COSTLY',
  'QUERY_TOO_DEEP',
  'TOO_MANY_ALIASES',
  'TOO_MANY_ROOT_FIELDS',
  'TOO_MANY_TOKENS',
  'TOO_MANY_FIELDS',
  'TOO_MANY_FRAGMENTS',
  'TOO_MANY_DIRECTIVES',
  'LIST_TOO_LONG',
  'INTERNAL_SERVER_ERROR',
  // What an upstream said about the input.
  'LOCCODE_NOT_FOUND',
  'NOT_FOUND',
  'CROP_REQUIRED',
  'INVALID_CROP',
  'UNSUPPORTED_CROP',
  'SAME_LOCATION',
  'ORIGIN_NOT_FOUND',
  'DESTINATION_NOT_FOUND',
  'ROUTING_FAILED',
  // Transport and upstream health.
  'UPSTREAM_RATE_LIMITED',
  'UPSTREAM_UNAVAILABLE',
  'UPSTREAM_TIMEOUT',
  'UPSTREAM_BAD_RESPONSE',
  'UPSTREAM_UNAUTHORIZED',
  'UPSTREAM_QUOTA_EXCEEDED',
  'UPSTREAM_FORBIDDEN',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Codes graphql-js and Apollo Server produce before execution; they pass through as they are. */
const REQUEST_ERROR_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
]);

/** An upstream call that did not give us data, already in our vocabulary. */
export class UpstreamError extends GraphQLError {
  /**
   * @param transient the same call may well succeed if sent again (429, 502, 503,
   * a refused or timed-out connection); decides retries, never what the client sees.
   */
  readonly remembered: boolean;

  /**
   * @param details.remembered a definite "this does not exist", kept for the operation's
   * not-found time; @param details.fields the arguments the service named as refused.
   */
  constructor(
    readonly service: ServiceName,
    readonly code: ErrorCode,
    message: string,
    readonly retryAfterSeconds?: number,
    readonly transient = false,
    details: { remembered?: boolean; fields?: string[] } = {},
  ) {
    super(message, {
      extensions: {
        code,
        service,
        ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
        ...(details.fields && { fields: details.fields }),
      },
    });
    this.name = 'UpstreamError';
    this.remembered = details.remembered ?? false;
  }
}

/** A client mistake in an argument: says what was wrong and how to fix it. */
export function badUserInput(message: string, argument?: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', ...(argument && { argument }) } });
}

const INTERNAL_MESSAGE = 'Something went wrong in the gateway. The error has been logged; please try again.';

/**
 * Apollo's `formatError`: a coded error of ours or of the GraphQL layer passes with
 * its message; anything else becomes INTERNAL_SERVER_ERROR. Stack traces never leave
 * unless `exposeDetails` (a development switch) is on.
 */
export function maskError(
  formatted: GraphQLFormattedError,
  error: unknown,
  exposeDetails: boolean,
  log: (unexpected: unknown) => void,
): GraphQLFormattedError {
  if (
    formatted.extensions?.code === 'GRAPHQL_PARSE_FAILED' &&
    // graphql 16 words it "more that N tokens"; both spellings are accepted.
    /contains more (than|that) \d+ tokens/.test(formatted.message)
  ) {
    // graphql-js enforces parseOptions.maxTokens; the limit gets its own stable code.
    return { message: `${formatted.message} Send a shorter query.`, extensions: { code: 'TOO_MANY_TOKENS' } };
  }
  const code = formatted.extensions?.code;
  // Apollo gives every error without a code INTERNAL_SERVER_ERROR before it gets here, so that
  // code says nothing about the message: it is masked and logged like any unexpected error.
  const known =
    typeof code === 'string' &&
    code !== 'INTERNAL_SERVER_ERROR' &&
    ((ERROR_CODES as readonly string[]).includes(code) || REQUEST_ERROR_CODES.has(code));
  if (known) {
    if (exposeDetails) return formatted;
    const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions };
  }
  const original = unwrapResolverError(error);
  // No exception for `_entities`: each representation is checked before the federation library
  // sees it (src/graph/schema.ts) and a bad one is a coded BAD_USER_INPUT at ["_entities", i], so
  // an uncoded error there is a bug like any other.
  log(original);
  return {
    message: exposeDetails && original instanceof Error ? original.message : INTERNAL_MESSAGE,
    ...(formatted.locations && { locations: formatted.locations }),
    ...(formatted.path && { path: formatted.path }),
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  };
}
