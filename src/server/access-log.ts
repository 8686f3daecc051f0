import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAP_ASSET_PREFIX } from '../../datasources/maps/asset-urls';
import { logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { currentTraceId } from '../observability/tracing';
import type { RequestScope } from '../kernel/request-scope';
import { monotonicMs } from '../kernel/clock';

/** The bounded set of `route` values (metric label and log field); any other path is `other`. */
export type Route = 'graphql' | 'maps' | 'healthz' | 'readyz' | 'metrics' | 'ide' | 'other';

const ROUTES: Record<string, Route> = {
  '/graphql': 'graphql',
  '/healthz': 'healthz',
  '/readyz': 'readyz',
  '/metrics': 'metrics',
};

/** Past this a path is cut in the log line: it is the client's text, and a 404 may carry anything. */
const MAX_PATH_CHARS = 200;

/**
 * Where a response keeps its record. Not a WeakMap from the response: the record refers to its
 * response, and V8's young-generation collector keeps such an entry whole (key and value, and
 * all they reach) until a full mark-compact: under load every request's objects would be
 * promoted, and collecting them would cost more than answering a response-cache hit.
 */
const RECORD = Symbol('loccode.accessRecord');

type Recorded = ServerResponse & { [RECORD]?: AccessRecord };

/**
 * What one HTTP request did, filled in as it is served and written once as one JSON
 * line (`message: "request"`) when its response finishes or the client goes away; the
 * same moment counts it in `loccode_http_requests_total`, so refusals before Apollo
 * (401, 413, 429, CSRF, preflights) are counted like every other answer.
 * Not pino-http: its line is built from req/res (headers included, so keys to redact), while
 * ours comes from the request scope and the GraphQL layer; the hook is these few lines.
 */
export class AccessRecord {
  /** Set by the edge: `ide` for the IDE's page and files. */
  route: Route;
  /** The configured client name once the key is checked; never the key. */
  client = 'anonymous';
  /** Set once the request is served in a scope (GraphQL and map assets). */
  private scope?: RequestScope;
  /** The trace the request was served in (tracing.ts), read while its span is active. */
  private traceId?: string;
  /** The codes of an answer written by the edge itself (refusals, 404). */
  private edgeCodes: string[] = [];
  /** The answer went on the socket, not through the response (refusedByNode). */
  private answeredOnSocket = false;
  private readonly started = monotonicMs();
  private readonly path: string;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    /** The request's path, as the WHATWG URL parser reads it. */
    pathname: string,
    private readonly requestId: string,
    private readonly metrics: Metrics,
  ) {
    this.path = pathname.length > MAX_PATH_CHARS ? `${pathname.slice(0, MAX_PATH_CHARS)}…` : pathname;
    this.route = ROUTES[pathname] ?? (pathname.startsWith(MAP_ASSET_PREFIX) ? 'maps' : 'other');
    (res as Recorded)[RECORD] = this;
    let written = false;
    const finish = () => {
      if (written) return;
      written = true;
      this.write();
    };
    res.once('finish', finish);
    // The client went away before the answer was sent: still one line, with `aborted`.
    res.once('close', finish);
  }

  /** The record of a response the edge is serving (undefined for one Node answered before it was a request). */
  static of(res: ServerResponse): AccessRecord | undefined {
    return (res as Recorded)[RECORD];
  }

  /** The request is served in this scope (GraphQL and map assets): its numbers go in the line. */
  attach(scope: RequestScope): void {
    this.scope = scope;
    this.traceId ??= currentTraceId();
  }

  /** Node refused the request while it was served (its body came too slowly); the edge answered on the socket. */
  refusedByNode(code: string): void {
    this.edgeCodes = [code];
    this.answeredOnSocket = true;
  }

  /**
   * The line of a request Node refused before it was one (its headers too slow or too large, or
   * not HTTP): nothing of it is known but its refusal, which is logged and counted all the same.
   */
  static refusedBeforeRequest(metrics: Metrics, status: number, code: string, requestId: string): void {
    metrics.httpRequests.inc({ route: 'other', status: String(status), code });
    if (!logger.enabled('info')) return;
    logger.info('request', {
      requestId,
      client: 'anonymous',
      method: null,
      route: 'other',
      path: null,
      operationName: null,
      documentHash: null,
      answeredBy: null,
      status,
      errorCodes: [code],
      durationMs: null,
      cost: { requested: 0, actual: 0 },
      upstream: {},
      traceId: null,
    });
  }

  /** Notes the `extensions.code`s of a JSON body the edge sends itself. */
  noteBody(body: unknown): void {
    this.traceId ??= currentTraceId();
    const errors = (body as { errors?: Array<{ extensions?: { code?: unknown } }> } | null)?.errors;
    if (!Array.isArray(errors)) return;
    this.edgeCodes = errors.map(({ extensions }) =>
      typeof extensions?.code === 'string' ? extensions.code : 'UNKNOWN',
    );
  }

  private write(): void {
    const seconds = (monotonicMs() - this.started) / 1000;
    const { scope, res } = this;
    const operations = scope?.operations ?? [];
    const errorCodes = [...this.edgeCodes, ...operations.flatMap((operation) => operation.errorCodes)];
    const status = res.statusCode;
    const route = this.route;
    this.metrics.httpRequests.inc({ route, status: String(status), code: errorCodes[0] ?? 'none' });
    this.metrics.httpDuration.observe({ route }, seconds);
    if (scope?.budget) this.metrics.budgetRemaining.set({ client: this.client }, scope.budget.remaining);
    if (!logger.enabled('info')) return;
    logger.info('request', {
      requestId: this.requestId,
      client: this.client,
      method: this.req.method,
      route,
      path: this.path,
      // A batch has several operations: their names and hashes, comma-separated, in order.
      operationName: joined(operations.map((operation) => operation.name)),
      documentHash: joined(operations.map((operation) => operation.documentHash)),
      answeredBy: scope?.answeredBy ?? null,
      status,
      ...(!res.writableFinished && !this.answeredOnSocket && { aborted: true }),
      errorCodes,
      durationMs: Math.round(seconds * 1e4) / 10,
      cost: { requested: scope?.cost ?? 0, actual: scope?.upstreamCalls ?? 0 },
      upstream: scope?.services ?? {},
      traceId: this.traceId ?? currentTraceId() ?? null,
    });
  }
}

function joined(values: Array<string | null>): string | null {
  const present = values.filter((value): value is string => value !== null);
  return present.length > 0 ? present.join(',') : null;
}
