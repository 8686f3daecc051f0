import { AsyncLocalStorage } from 'node:async_hooks';
import type { BudgetStanding, Caller } from './caller';
import type { ServiceName } from './services';

/** Data served from cache after its upstream failed: the client is told (stale if error). */
export interface StaleDataWarning {
  code: 'STALE_DATA';
  service: ServiceName;
  operation: string;
  ageSeconds: number;
  message: string;
}

/**
 * What an upstream call needs to know of the GraphQL request it serves, carried
 * by AsyncLocalStorage so that loaders and clients need no extra arguments.
 */
export interface RequestScope {
  /** Echoed in the `x-request-id` header, in error extensions and in every log line of the request. */
  requestId: string;
  /** Epoch milliseconds by which the whole request must be answered. */
  deadline: number;
  warnings: StaleDataWarning[];
  /** HTTP requests this request sent upstream (cache hits and shared flights send none). */
  upstreamCalls: number;
  /** Who is calling; known before GraphQL sees the request. */
  caller: Caller;
  /** The operation's computed cost, once known. */
  cost?: number;
  /** The caller's budget after this request was charged (or refused). */
  budget?: BudgetStanding;
  /** Per service: HTTP calls sent and answers taken from the cross-request cache (for the access log). */
  services?: Partial<Record<ServiceName, ServiceUsage>>;
  /** What the GraphQL layer saw (one entry per operation of a batch), for the access log. */
  operations?: OperationSeen[];
  /** The edge already looked this request up in the response cache (and missed): Apollo need not again. */
  responseCacheLookedUp?: boolean;
  /** Who wrote the GraphQL answer (access log): a response-cache hit, the lean path, or Apollo. */
  answeredBy?: AnsweredBy;
}

/**
 * `response-cache`: a stored answer, nothing executed; `lean`: a compiled document run without
 * Apollo's pipeline; `shared`: the lean path's answer from an identical query's execution in flight.
 */
export type AnsweredBy = 'response-cache' | 'lean' | 'joined' | 'apollo';

/** One service's share of a request. */
export interface ServiceUsage {
  calls: number;
  cacheHits: number;
}

/** One operation of the request as Apollo resolved it. */
export interface OperationSeen {
  name: string | null;
  /** sha256 of the document text, or the persisted query's id (Apollo's `queryHash`). */
  documentHash: string | null;
  /** The answer's `extensions.code`s, in order. */
  errorCodes: string[];
}

const storage = new AsyncLocalStorage<RequestScope>();

export function runInScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** Runs `fn` outside any request: a background refresh must not inherit a request's deadline. */
export function outsideScope<T>(fn: () => T): T {
  return storage.exit(fn);
}

/** The scope of the request being served, if any (background refreshes have none). */
export function currentScope(): RequestScope | undefined {
  return storage.getStore();
}
