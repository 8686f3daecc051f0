import { monotonicMs } from '../kernel/clock';
import type { HTTPGraphQLResponse } from '@apollo/server';
import type { DocumentNode } from 'graphql';
import type { BudgetStanding, Caller } from '../kernel/caller';
import { runInScope, type AnsweredBy, type RequestScope } from '../kernel/request-scope';
import type { Metrics } from '../observability/metrics';
import { markOperationFailed, nameOperationSpan } from '../observability/tracing';
import type { Budgets } from './access/budget';
import { sendCompressible } from './compression';
import type { Edge, Exchange, GraphQLRequest } from './edge';
import type { LearnedOperation } from './edge-context';
import type { QueryLimits } from './plugins/query-limits';
import type { AnswerToKeep, ResponseCache } from './response-cache';

/** What `extensions.cost` holds on every response. */
export interface CostReport {
  /** The operation's cost computed before it ran, in upstream calls (0 when it never ran). */
  requested: number;
  /** Upstream calls it really made; fewer than requested when answers came from cache. */
  actual: number;
  /** The most one operation may cost (`QUERY_MAX_COST`). */
  maximum: number;
  /** The caller's budget; absent only when the caller could not be identified (HTTP 401). */
  budget?: BudgetStanding;
}

/** The one builder of `extensions.cost`, whoever answered (a stored answer, the lean path, Apollo, a refusal). */
export function costReport(
  requested: number,
  actual: number,
  maximum: number,
  budget: BudgetStanding | undefined,
): CostReport {
  return budget ? { requested, actual, maximum, budget } : { requested, actual, maximum };
}

/** The report of a request refused before it ran: nothing requested, nothing called. */
export async function idleCostReport(
  limits: QueryLimits,
  budgets: Budgets,
  caller: Caller | undefined,
): Promise<CostReport> {
  return costReport(0, 0, limits.maxCost, caller && (await budgets.peek(caller.budgetKey)));
}

/** `X-RateLimit-*` of a budget standing (Reset: seconds until the whole budget is back). */
export function rateLimitHeaders(budget: BudgetStanding): Array<[string, string]> {
  return [
    ['x-ratelimit-limit', String(budget.limit)],
    ['x-ratelimit-remaining', String(budget.remaining)],
    ['x-ratelimit-reset', String(budget.resetSeconds)],
  ];
}

/**
 * The body Apollo writes for a result without errors: `{data, extensions: {cost}}` and a
 * newline, from the data's JSON as its UTF-8 bytes one character each (utf8.ts `utf8Bytes`).
 * The cost report, numbers only, is ASCII: its bytes are its characters.
 */
export function answerText(data: string, cost: CostReport): string {
  return `{"data":${data},"extensions":${JSON.stringify({ cost })}}\n`;
}

/**
 * A keyed client's answer is never for a shared cache: `public` becomes `private`, so a CDN
 * or proxy cannot hand one client's answer to another. Anonymous public answers stay public.
 */
export function cacheControlFor(caller: Caller, value: string): string {
  return caller.name === 'anonymous' ? value : value.replace(/\bpublic\b/, 'private');
}

/** A whole answer the edge writes itself: a response-cache hit, or the lean path's. */
export interface WholeAnswer {
  kind: 'whole';
  answeredBy: Exclude<AnsweredBy, 'apollo'>;
  /** When the answerer began (the request's duration in metrics counts from it). */
  started: number;
  /**
   * The body, byte for byte what Apollo writes: `{"data":…,"extensions":{"cost":…}}` and a
   * newline, as its UTF-8 bytes one character each (utf8.ts `utf8Bytes`), as the response
   * cache holds answers: written with the `latin1` encoding.
   */
  body: string;
  /** Cache-Control as Apollo's cache policy would set it (before it is made private for keyed callers). */
  cacheControl: string;
  operationName: string | null;
  documentHash: string;
  budget: BudgetStanding;
  /** Seconds since a stored answer was stored. */
  age?: number;
  /** A fresh answer the response cache keeps, with the document it answers. */
  toKeep?: AnswerToKeep;
  document?: DocumentNode;
}

/** Apollo's answer (errors, batches, anything the lean path left to it), with its plugins' headers. */
export interface ApolloAnswer {
  kind: 'apollo';
  response: HTTPGraphQLResponse;
  /** What its plugins learned of each operation (plugins/learned.ts); none when Apollo refused the request whole. */
  learned: readonly LearnedOperation[];
}

export type Answer = WholeAnswer | ApolloAnswer;

/**
 * Writes the answer, whoever gave it. A whole answer gets here what Apollo and our plugins
 * give each of theirs: the budget's headers, the cache policy, the request counted and timed,
 * the operation noted for the access log and the request span, the response cache's write.
 */
export function finish(
  edge: Edge,
  ex: Exchange,
  request: GraphQLRequest,
  answer: Answer,
): Promise<void> | void {
  if (answer.kind === 'apollo') {
    for (const operation of answer.learned) finishOperation(edge, request, operation);
    return finishApollo(ex, request.caller, answer.response);
  }
  const { res } = ex;
  const { scope, caller } = request;
  const { operationName, documentHash, toKeep } = answer;
  // In the request's scope: a failed write is logged with its request id.
  if (toKeep && edge.responseCache && request.operation)
    keepInScope(edge.responseCache, request, answer.document, toKeep);
  scope.answeredBy = answer.answeredBy;
  nameOperationSpan('query', operationName, documentHash);
  if (answer.age !== undefined) res.setHeader('age', String(answer.age));
  for (const [name, value] of rateLimitHeaders(answer.budget)) res.setHeader(name, value);
  res.setHeader('cache-control', cacheControlFor(caller, answer.cacheControl));
  res.setHeader('content-type', ex.mediaType!);
  noteOperation(edge.options.metrics, scope, operationName, documentHash, monotonicMs() - answer.started, []);
  sendCompressible(ex.req, res, 200, {}, answer.body, 'latin1');
}

/** One operation Apollo answered: its response-cache write, its span named, counted and logged like a whole answer. */
function finishOperation(edge: Edge, request: GraphQLRequest, operation: LearnedOperation): void {
  const { toKeep, type, operationName, documentHash, errorCodes } = operation;
  const cache = edge.responseCache;
  if (toKeep && cache)
    runInScope(request.scope, () =>
      cache.keep(toKeep.request, toKeep.origin, toKeep.document, toKeep.answer),
    );
  if (type !== undefined) nameOperationSpan(type, operationName, documentHash ?? undefined);
  if (errorCodes.length > 0) markOperationFailed();
  noteOperation(
    edge.options.metrics,
    request.scope,
    operationName,
    documentHash,
    operation.durationMs,
    errorCodes,
  );
}

/** One operation answered, whoever answered it: counted and timed, its errors counted by code, noted for the access log. */
function noteOperation(
  metrics: Metrics,
  scope: RequestScope,
  operationName: string | null,
  documentHash: string | null,
  durationMs: number,
  errorCodes: string[],
): void {
  const operation = metrics.operationLabel(operationName);
  metrics.graphqlRequests.inc({ operation });
  metrics.graphqlDuration.observe({ operation }, durationMs / 1000);
  for (const code of errorCodes) metrics.graphqlErrors.inc({ operation, code });
  (scope.operations ??= []).push({ name: operationName, documentHash, errorCodes });
}

function keepInScope(
  cache: ResponseCache,
  { operation, context, scope }: GraphQLRequest,
  document: DocumentNode | undefined,
  toKeep: AnswerToKeep,
): void {
  runInScope(scope, () => cache.keep(operation!, context!.publicOrigin, document, toKeep));
}

/** Apollo's status and headers (Cache-Control made private for keyed callers), then its body. */
async function finishApollo(ex: Exchange, caller: Caller, response: HTTPGraphQLResponse): Promise<void> {
  const { req, res } = ex;
  for (const [name, value] of response.headers)
    res.setHeader(name, name === 'cache-control' ? cacheControlFor(caller, value) : value);
  res.statusCode = response.status ?? 200;
  // Gzip or brotli above 1 KB when the client asks (compression.ts); a streamed answer goes as it is.
  if (response.body.kind === 'complete')
    return sendCompressible(req, res, res.statusCode, {}, response.body.string);
  for await (const chunk of response.body.asyncIterator) res.write(chunk);
  res.end();
}
