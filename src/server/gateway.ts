import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAP_ASSET_PREFIX } from '../../datasources/maps/asset-urls';
import { logger } from '../observability/logger';
import type { Upstreams } from '../../datasources';
import { listen } from './http-body';
import type { QueryLimits } from './plugins/query-limits';
import type { Budgets } from './access/budget';
import type { Callers } from './access/callers';
import type { KeyFailures } from './access/key-failures';
import { createEdgeServer, type HttpTimeouts } from './http-edge';
import type { ServiceName } from '../kernel/services';
import type { TrustedDocuments } from './trusted-documents';
import { Cors, type CorsOrigins } from './cors';
import { privateFieldNames, selectsPrivateFields } from './private-answers';
import { OperationPolicies } from './plugins/cache-policy';
import type { Metrics } from '../observability/metrics';
import { requestIdOf } from '../observability/request-id';
import { inRequestSpan } from '../observability/tracing';
import { createIde } from './ide';
import { documentCache, SharedKeyValueCache, stringCache } from './bounded-cache';
import type { SharedRedis } from '../upstream/shared-redis';
import { systemClock, type Clock } from '../kernel/clock';
import { AccessRecord } from './access-log';
import { afterTurnCalls } from '../kernel/calls-first';
import { jitExecutor } from './jit-executor';
import { LeanPath } from './lean-path';
import { InFlightExecutions } from './in-flight-executions';
import { ResponseCache } from './response-cache';
import { buildSchema } from '../graph/schema';
import { createApollo } from './apollo';
import { apolloAnswerer, leanAnswerer, responseCacheAnswerer } from './answerers';
import type { Answerer, Edge, Exchange } from './edge';
import { route } from './routes';
import { Refusal, refusalBody, sendJson, sendRefusal } from './refusal';

/** Entries and estimated bytes in memory of each cache Apollo keeps. */
export interface GatewayCacheLimits {
  documents: { maxEntries: number; maxBytes: number };
  responses: { maxEntries: number; maxBytes: number };
}

export interface GatewayOptions {
  host: string;
  port: number;
  upstreams: Upstreams;
  exposeErrorDetails: boolean;
  introspection: boolean;
  queryLimits: QueryLimits;
  requestDeadlineMs: number;
  responseCacheEnabled: boolean;
  /** `QUERY_DEDUPE`: identical queries in flight execute once (in-flight-executions.ts). */
  queryDedupe: boolean;
  cacheTtlScale: number;
  metrics: Metrics;
  /** Who may call (gateway keys) and how much (budgets in cost points a minute). */
  callers: Callers;
  budgets: Budgets;
  /** Wrong keys per address, throttled. */
  keyFailures: KeyFailures;
  /** How long clients may take to send a request. */
  http: HttpTimeouts;
  caches: GatewayCacheLimits;
  /** "Did you mean ...?" in validation errors; off in production mode (see app.ts). */
  schemaSuggestions: boolean;
  /** When set, `/metrics` needs it as a Bearer token. */
  metricsToken?: string;
  /** The services the embedded sandbox simulates (listed by `/readyz`). */
  sandboxed: readonly ServiceName[];
  /** When set, only the documents of this manifest run. */
  trustedDocuments?: TrustedDocuments;
  /** The largest `first` a connection field takes (`PAGE_MAX_SIZE`). */
  pageMaxSize: number;
  /** `QUERY_COMPILE_MS_PER_SECOND`: the event loop's share for graphql-jit's compiling (jit-executor.ts). */
  compileMsPerSecond: number;
  /** The Redis this replica shares state through, when `REDIS_URL` is set (listed by `/readyz`). */
  shared?: SharedRedis;
  /** The clock of request deadlines, which pacing compares with its own (tests inject a fake one). */
  clock?: Clock;
  /** `CORS_ORIGINS`: the origins whose pages may call /graphql and /maps (unset: none; see cors.ts). */
  corsOrigins?: CorsOrigins;
}

export interface Gateway {
  /** `http://host:port/graphql` */
  url: string;
  /** `/readyz` answers 503 from now on; everything else is still served until `close()`. */
  drain(): void;
  close(): Promise<void>;
}

/** The GraphQL endpoint and its neighbours on one port. */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  // What Node refuses itself (408, 431, 400) is logged and counted like every other answer.
  const httpServer = createEdgeServer(options.http, ({ status, code, requestId, response }) => {
    const record = response && AccessRecord.of(response);
    if (record) record.refusedByNode(code);
    else AccessRecord.refusedBeforeRequest(options.metrics, status, code, requestId);
  });
  const { documents, responses, responseCache, schema } = caches(options);
  // Apollo's one way in for another executor: graphql-jit once a document repeats (jit-executor.ts).
  const executor = jitExecutor(schema, { compileMsPerSecond: options.compileMsPerSecond });
  const policies = new OperationPolicies(86_400);
  const demand = { limits: options.queryLimits, budgets: options.budgets, metrics: options.metrics };
  const apollo = createApollo(options, {
    executor,
    demand,
    policies,
    documents,
    responses,
    responseCache,
    httpServer,
  });
  await apollo.start();
  let closing = false;
  const answerers: Answerer[] = [];
  const edge: Edge = {
    options,
    clock: options.clock ?? systemClock,
    cors: new Cors(options.corsOrigins),
    ...(responseCache && { responseCache }),
    answerers,
    draining: () => closing,
  };
  const lean = new LeanPath({
    schema,
    executor,
    demand,
    policies,
    ttlScale: options.cacheTtlScale,
    responseCache,
    trustedDocuments: options.trustedDocuments,
    ...(options.queryDedupe && { inFlight: new InFlightExecutions() }),
  });
  // Tried in this order: a stored answer, a compiled document's clean answer (lean-path.ts), Apollo.
  if (responseCache) answerers.push(responseCacheAnswerer(edge, responseCache));
  answerers.push(leanAnswerer(edge, lean), apolloAnswerer(edge, apollo));
  // Read after the upstream calls made in the same turn are written (calls-first.ts).
  httpServer.on('request', afterTurnCalls(onRequest(edge)));
  await listen(httpServer, options.port, options.host);
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://${options.host}:${port}/graphql`,
    drain: () => {
      closing = true;
    },
    close: async () => {
      // From here /readyz answers 503, while in-flight requests finish.
      closing = true;
      await apollo.stop();
    },
  };
}

/** The caches Apollo and the edge keep, counted in the metrics, and the schema. */
function caches(options: GatewayOptions) {
  const documents = documentCache(options.caches.documents);
  const responses = stringCache(options.caches.responses);
  options.metrics.trackCache('documents', () => documents.usage);
  options.metrics.trackCache('responses', () => responses.usage);
  const schema = buildSchema();
  // With REDIS_URL whole responses are shared by the replicas; this replica's own cache is the fallback.
  const responseCache = options.responseCacheEnabled
    ? new ResponseCache(
        options.shared ? new SharedKeyValueCache(options.shared, responses) : responses,
        selectsPrivateFields(privateFieldNames(schema)),
      )
    : undefined;
  return { documents, responses, responseCache, schema };
}

/** Each request: its id, its access record, the IDE, then the routes (routes.ts) in a span. */
function onRequest(edge: Edge): (req: IncomingMessage, res: ServerResponse) => void {
  const ide = createIde();
  return (req, res) => {
    const requestId = requestIdOf(req);
    res.setHeader('x-request-id', requestId);
    // Parsed once: the access log's route and the routing read the same path.
    const url = URL.parse(req.url ?? '/', 'http://gateway.invalid');
    const record = new AccessRecord(
      req,
      res,
      url?.pathname ?? req.url ?? '',
      requestId,
      edge.options.metrics,
    );
    // Node passes on targets no URL parser reads (`//`, `//host:99999`): refused here, coded.
    if (!url)
      return sendRefusal(
        res,
        requestId,
        new Refusal(
          400,
          'The request target is not a path this server can read. GraphQL is served at /graphql.',
        ),
      );
    if (ide.answer(req, res, url)) {
      record.route = 'ide';
      return;
    }
    const ex: Exchange = { req, res, url, requestId, record, mediaType: undefined, caller: undefined };
    // Traced routes run in a span continuing the caller's traceparent, refusals included (tracing.ts).
    inRequestSpan(req, res, tracedRoute(req.url), () => route(edge, ex)).catch((error: unknown) => {
      logger.error('request failed', {
        requestId,
        error: error instanceof Error ? error.stack : String(error),
      });
      if (!res.headersSent)
        sendJson(res, 500, refusalBody('Internal server error.', requestId, 'INTERNAL_SERVER_ERROR'));
      else res.destroy();
    });
  };
}

/** The `http.route` of the requests that are traced: GraphQL and map assets, not probes or scrapes. */
function tracedRoute(url = '/'): string | undefined {
  const pathname = url.split('?')[0]!;
  if (pathname === '/graphql') return pathname;
  return pathname.startsWith(MAP_ASSET_PREFIX) ? `${MAP_ASSET_PREFIX}*` : undefined;
}
