import type { IncomingMessage, ServerResponse } from 'node:http';
import { createContext } from '../graph/context';
import type { Caller } from '../kernel/caller';
import type { Clock } from '../kernel/clock';
import type { RequestScope } from '../kernel/request-scope';
import type { AccessRecord } from './access-log';
import type { Cors } from './cors';
import type { EdgeContext } from './edge-context';
import type { Answer } from './finish';
import type { GatewayOptions } from './gateway';
import { gatewayOrigin } from './public-origin';
import type { OperationRequest, ResponseCache } from './response-cache';

/** What every request of one gateway is served with, made once at start. */
export interface Edge {
  readonly options: GatewayOptions;
  readonly clock: Clock;
  readonly cors: Cors;
  readonly responseCache?: ResponseCache;
  /** Tried in order until one answers; the last (Apollo) always does. */
  readonly answerers: readonly Answerer[];
  /** Whether close() has begun: /readyz says so while in-flight requests finish. */
  readonly draining: () => boolean;
}

/** One HTTP request as the edge serves it, on any route. */
export interface Exchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly url: URL;
  readonly requestId: string;
  readonly record: AccessRecord;
  /** The media type the answer is written in; undefined when Accept allows none we write (406). */
  mediaType: string | undefined;
  /** Set once the caller is identified. */
  caller: Caller | undefined;
}

/** A GraphQL request read and checked, in its scope, ready to be answered. */
export interface GraphQLRequest {
  caller: Caller;
  /** The body as Apollo takes it (parsed JSON for POST, the raw text otherwise). */
  body: unknown;
  /** The query string as Apollo takes it (trusted mode's `documentId` rewritten). */
  search: string;
  /** The one operation it names, when the response cache and the lean path may answer it. */
  operation: OperationRequest | undefined;
  scope: RequestScope;
  /** The graph's context, made by the first answerer that executes (a stored answer needs none). */
  context: EdgeContext | undefined;
}

/** A way to answer a GraphQL request: it answers, or leaves the request to the next. */
export interface Answerer {
  answer(ex: Exchange, request: GraphQLRequest): Promise<Answer | undefined>;
}

/** What every upstream call of one request (GraphQL or map asset) sees: its deadline, its caller, its counts. */
export function newScope(edge: Edge, requestId: string, caller: Caller): RequestScope {
  const deadline = edge.clock.now() + edge.options.requestDeadlineMs;
  return { requestId, deadline, warnings: [], upstreamCalls: 0, caller };
}

/** The request's graph context, made once. */
export function contextOf(edge: Edge, ex: Exchange, request: GraphQLRequest): EdgeContext {
  const { upstreams, pageMaxSize } = edge.options;
  return (request.context ??= createContext(upstreams, gatewayOrigin(ex.req), request.scope, pageMaxSize));
}
