import type { ServerResponse } from 'node:http';
import { AccessRecord } from './access-log';
import type { Edge, Exchange } from './edge';
import { idleCostReport, rateLimitHeaders, type CostReport } from './finish';
import { APPLICATION_JSON } from './media-types';

/**
 * Why the edge answers a request itself with an error: its status, a message a person can act
 * on, its code and numbers for the client to read, and the headers that go with it
 * (`retry-after`, `www-authenticate`). Each stage of the edge returns one or its next input.
 */
export class Refusal {
  constructor(
    readonly status: number,
    readonly message: string,
    readonly code = 'BAD_REQUEST',
    readonly details?: Record<string, number>,
    readonly headers?: Record<string, string>,
  ) {}
}

/** The JSON error body of every refusal the edge writes (Apollo's errors have the same shape, by formatError). */
export interface RefusalBody {
  errors: Array<{ message: string; extensions: Record<string, unknown> }>;
  extensions?: { cost: CostReport };
}

/**
 * The one builder of a refusal's body, on every route and on the socket alike: the message,
 * its code (with `details`) and the request id; with `cost` on /graphql, where every answer reports it.
 */
export function refusalBody(
  message: string,
  requestId: string,
  code = 'BAD_REQUEST',
  cost?: CostReport,
  details?: Record<string, number>,
): RefusalBody {
  return {
    errors: [{ message, extensions: { code, ...details, requestId } }],
    ...(cost && { extensions: { cost } }),
  };
}

/** A JSON answer the edge writes itself (probes and refusals), noted for the access log. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  contentType = APPLICATION_JSON,
): void {
  AccessRecord.of(res)?.noteBody(body);
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

/** A refusal without a cost report (routes other than /graphql, and requests no route reads). */
export function sendRefusal(res: ServerResponse, requestId: string, refusal: Refusal): void {
  for (const [name, value] of Object.entries(refusal.headers ?? {})) res.setHeader(name, value);
  sendJson(
    res,
    refusal.status,
    refusalBody(refusal.message, requestId, refusal.code, undefined, refusal.details),
  );
}

/**
 * A refusal on /graphql or /maps/: it costs nothing, and says so like every other answer
 * (with the budget, once the caller is known), in the media type the client accepts.
 */
export async function refuseWithCost(edge: Edge, ex: Exchange, refusal: Refusal): Promise<void> {
  const { req, res } = ex;
  for (const [name, value] of Object.entries(refusal.headers ?? {})) res.setHeader(name, value);
  // A body we did not read in full is not worth reading: the connection closes after the answer.
  if (!req.complete) res.setHeader('connection', 'close');
  const { queryLimits, budgets } = edge.options;
  const cost = await idleCostReport(queryLimits, budgets, ex.caller);
  if (cost.budget) for (const [name, value] of rateLimitHeaders(cost.budget)) res.setHeader(name, value);
  const { message, code, details } = refusal;
  sendJson(res, refusal.status, refusalBody(message, ex.requestId, code, cost, details), ex.mediaType);
}
