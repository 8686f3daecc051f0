import type { IncomingHttpHeaders } from 'node:http';
import type { LimitSpec } from './rate-limits';

/** The four simulated services, by the names the sandbox's controls and logs use. */
export const SERVICE_NAMES = ['agriculture', 'maps', 'healthcare', 'address'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** What a route handler sees of an HTTP request. */
export interface SandboxRequest {
  method: string;
  /** Path without the query string, still percent-encoded as sent. */
  path: string;
  /** Path parameters, percent-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** Parses the body as JSON; throws {@link InvalidJsonError} when it is not. */
  json(): unknown;
  /** Name of the sandbox key that authenticated the request (never the key itself). */
  keyName: string;
}

/** A response a handler returns; `body` is serialised as JSON unless it is a Buffer or a string. */
export interface Reply {
  status: number;
  body: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

export type { LimitSpec } from './rate-limits';

export interface Route {
  method: 'GET' | 'POST';
  /** Path pattern; `:name` matches one segment. */
  path: string;
  /** Operation name used in the request log and fault rules, e.g. `climate`. */
  operation: string;
  /** Rate-limit dimension of the service, if the route is limited. */
  limit?: string;
  /** Where the key may be sent (maps only); defaults to the service's own rule. */
  keyLocation?: 'query-only';
  /** False where the `extraMembers` variant must leave bodies alone (map display documents). */
  extraMembers?: false;
  handle(req: SandboxRequest): Reply;
}

/** Failure kinds the kit itself produces; each service words them in its own vocabulary. */
export type GenericFailure =
  'unknownPath' | 'rateLimited' | 'internal' | 'unavailable' | 'badGateway' | 'invalidJson';

export interface AuthResult {
  keyName: string;
}

export interface ServiceDefinition {
  name: ServiceName;
  routes: Route[];
  /** Rate-limit dimensions by name. */
  limits: Record<string, LimitSpec>;
  /**
   * Whether answers carry X-RateLimit-* and a 429 Retry-After. Only the maps spec documents
   * them (Limits, rule 5); the others say only that excess returns 429, so their 429 is bare.
   */
  limitHeaders: boolean;
  /** Returns the key's name, or the service's own 401 reply. */
  authenticate(req: Omit<SandboxRequest, 'keyName'>, route: Route | undefined): AuthResult | Reply;
  /** The service's own error body. */
  error(status: number, code: string, message: string, details?: string): Reply;
  /**
   * Members whose object the spec types as a keyed map ("each {...}"): the `extraMembers`
   * variant adds nothing to the map itself, only to its entries.
   */
  keyedMaps?: readonly string[];
  /** The code the service uses for each failure the kit produces. */
  codes: Record<GenericFailure, string>;
}

export class InvalidJsonError extends Error {}

/**
 * A handler's way to refuse a request: the kit answers it with the service's own
 * `error()` body, so handlers never build error replies themselves.
 */
export class RejectedRequest extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: string,
  ) {
    super(message);
  }
}

/** `{error: {code, message, details?}}`: the error body of agriculture and of healthcare. */
export function nestedErrorReply(status: number, code: string, message: string, details?: string): Reply {
  return { status, body: { error: { code, message, ...(details !== undefined && { details }) } } };
}

export function isReply(value: AuthResult | Reply): value is Reply {
  return 'status' in value;
}
