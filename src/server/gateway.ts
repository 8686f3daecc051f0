import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer, HeaderMap } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { MAP_ASSET_PREFIX } from '../../datasources/maps/asset-urls';
import { gatewayOrigin } from './public-origin';
import { createContext, type GatewayContext } from '../graph/context';
import { maskError } from '../kernel/errors';
import { apolloLogger, logger } from '../observability/logger';
import { buildSchema } from '../graph/schema';
import type { Upstreams } from '../../datasources';
import { documentNesting, jsonNesting, listen, readBody } from './http-body';
import { APPLICATION_JSON, isJsonRequest, responseMediaType } from './http-conformance';
import { runInScope, type AnsweredBy, type RequestScope } from '../kernel/request-scope';
import type { QueryLimits } from './plugins/query-limits';
import {
  demandControlPlugin,
  idleCostReport,
  rateLimitHeaders,
  type CostReport,
} from './plugins/demand-control';
import type { Budgets } from './access/budget';
import type { Callers } from './access/callers';
import type { KeyFailures } from './access/key-failures';
import { createEdgeServer, type HttpTimeouts } from './http-edge';
import type { Caller } from '../kernel/caller';
import type { ServiceName } from '../kernel/services';
import { TrustedDocuments } from './trusted-documents';
import { Cors, type CorsOrigins } from './cors';
import { csrfRefusal } from './csrf';
import { privateFieldNames, selectsPrivateFields } from './private-answers';
import { responsePolicyPlugin } from './plugins/response-policy';
import { cacheControlHeader, cachePolicyPlugin, OperationPolicies } from './plugins/cache-policy';
import { readiness, sendMetrics } from './endpoints';
import type { Metrics } from '../observability/metrics';
import { metricsPlugin } from './plugins/metrics';
import { requestIdOf, withRequestId } from '../observability/request-id';
import { inRequestSpan, nameOperationSpan, tracingPlugin } from '../observability/tracing';
import { createIde } from './ide';
import { introspectionOff } from './introspection-off';
import { serveMapAsset } from './map-assets';
import { documentCache, SharedKeyValueCache, stringCache } from './bounded-cache';
import type { SharedRedis } from '../upstream/shared-redis';
import { systemClock, type Clock } from '../kernel/clock';
import { AccessRecord } from './access-log';
import { sendCompressible } from './compression';
import { LastOfLength, TextInterner, TextMemo } from '../kernel/text-memo';
import { afterTurnCalls } from '../kernel/calls-first';
import { jitGateway } from './jit-executor';
import { answerText, LeanPath, type LeanAnswer } from './lean-path';
import { InFlightExecutions } from './shared-execution';
import { ResponseCache, responseCachePlugin, type OperationRequest } from './response-cache';

/** Far deeper than any input of the schema needs; deeper JSON is refused before it is parsed. */
const MAX_JSON_NESTING = 64;
/** Time past the request deadline for the last answers to be written before connections are cut. */
const DRAIN_MARGIN_MS = 500;
/** Levels of input values (`{}` and `[]` in arguments) a document may nest beyond its fields' depth. */
const INPUT_NESTING = 16;

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
  /** `QUERY_DEDUPE`: identical queries in flight execute once (shared-execution.ts). */
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
  const documents = documentCache(options.caches.documents);
  const responses = stringCache(options.caches.responses);
  options.metrics.trackCache('documents', () => documents.usage);
  options.metrics.trackCache('responses', () => responses.usage);
  const schema = buildSchema();
  const selectsPrivate = selectsPrivateFields(privateFieldNames(schema));
  // With REDIS_URL whole responses are shared by the replicas; this replica's own cache is the fallback.
  const responseCache = options.responseCacheEnabled
    ? new ResponseCache(
        options.shared ? new SharedKeyValueCache(options.shared, responses) : responses,
        selectsPrivate,
      )
    : undefined;
  // Apollo's one way in for another executor: graphql-jit once a document repeats (jit-executor.ts).
  const executor = jitGateway(schema, { compileMsPerSecond: options.compileMsPerSecond });
  const policies = new OperationPolicies(86_400);
  const demand = { limits: options.queryLimits, budgets: options.budgets, metrics: options.metrics };
  // Compiled documents run without Apollo's pipeline when they answer cleanly (lean-path.ts).
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
  const apollo = new ApolloServer<GatewayContext>({
    gateway: executor,
    // graphql-js stops parsing past this many tokens (a huge query costs nothing to refuse).
    parseOptions: { maxTokens: options.queryLimits.maxTokens },
    // Bounded by entries and by what they hold in memory (Apollo's defaults count JSON length).
    documentStore: documents,
    cache: responses,
    // main.ts owns SIGTERM/SIGINT: Apollo's handlers would re-raise the signal, and the process exit 143.
    stopOnTerminationSignals: false,
    // Apollo's own warnings as JSON lines of our logger, not plain text on stderr.
    logger: apolloLogger,
    allowBatchedHttpRequests: options.queryLimits.httpBatching,
    hideSchemaDetailsFromClientErrors: !options.schemaSuggestions,
    // Trusted mode: the manifest is the only persisted-query store, and clients cannot add to it.
    ...(options.trustedDocuments && {
      persistedQueries: { cache: options.trustedDocuments.store(), ttl: null },
    }),
    // Our own rule refuses introspection when it is off (it covers `_service` and names INTROSPECTION).
    introspection: true,
    ...(!options.introspection && { validationRules: [introspectionOff] }),
    // Our own masking whatever NODE_ENV says (Apollo would expose stack traces outside production).
    includeStacktraceInErrorResponses: options.exposeErrorDetails,
    formatError: (formatted, error) =>
      withRequestId(
        maskError(formatted, error, options.exposeErrorDetails, (unexpected) =>
          logger.error('unexpected error', {
            error: unexpected instanceof Error ? unexpected.stack : String(unexpected),
          }),
        ),
      ),
    plugins: [
      demandControlPlugin(demand),
      metricsPlugin(options.metrics),
      tracingPlugin(),
      responsePolicyPlugin(options.cacheTtlScale),
      // Fields without a hint that return objects take the longest TTL; every domain field has its own,
      // and a response's policy is the shortest among its fields.
      // Worked out once per document (plugins/cache-policy.ts); Apollo's own plugin, which hooks
      // every resolver to do it field by field, is turned off.
      cachePolicyPlugin(policies),
      ApolloServerPluginCacheControlDisabled(),
      // Whole responses (response-cache.ts): a PRIVATE answer (mapDisplay: links built on the
      // origin the request came in on) is kept per origin, any other once.
      ...(responseCache ? [responseCachePlugin(responseCache)] : []),
      // On stop, in-flight requests finish up to their own deadline (they are answered by then), not a fixed 10 s.
      ApolloServerPluginDrainHttpServer({
        httpServer,
        stopGracePeriodMillis: options.requestDeadlineMs + DRAIN_MARGIN_MS,
      }),
      // Apollo's own landing page loads from a CDN; the IDE (src/ide) is served from this process.
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
    ],
  });
  await apollo.start();
  const ide = createIde();
  const cors = new Cors(options.corsOrigins);
  let closing = false;
  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    const requestId = requestIdOf(req);
    res.setHeader('x-request-id', requestId);
    // Parsed once: the access log's route and the routing below read the same path.
    const url = URL.parse(req.url ?? '/', 'http://gateway.invalid');
    const record = new AccessRecord(req, res, url?.pathname ?? req.url ?? '', requestId, options.metrics);
    // Node passes on targets no URL parser reads (`//`, `//host:99999`): refused here, coded.
    if (!url)
      return sendJson(
        res,
        400,
        requestError(
          'The request target is not a path this server can read. GraphQL is served at /graphql.',
          requestId,
        ),
      );
    if (ide.answer(req, res, url)) {
      record.route = 'ide';
      return;
    }
    // Traced routes run in a span continuing the caller's traceparent, refusals included (tracing.ts).
    inRequestSpan(req, res, tracedRoute(req.url), () =>
      handle(apollo, lean, options, responseCache, cors, requestId, req, url, res, () => closing),
    ).catch((error: unknown) => {
      logger.error('request failed', {
        requestId,
        error: error instanceof Error ? error.stack : String(error),
      });
      if (!res.headersSent)
        sendJson(res, 500, {
          errors: [
            { message: 'Internal server error.', extensions: { code: 'INTERNAL_SERVER_ERROR', requestId } },
          ],
        });
      else res.destroy();
    });
  };
  // Read after the upstream calls made in the same turn are written (calls-first.ts).
  httpServer.on('request', afterTurnCalls(onRequest));
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

async function handle(
  apollo: ApolloServer<GatewayContext>,
  lean: LeanPath,
  {
    upstreams,
    requestDeadlineMs,
    metrics,
    queryLimits,
    callers,
    budgets,
    keyFailures,
    trustedDocuments,
    sandboxed,
    metricsToken,
    pageMaxSize,
    shared,
    clock = systemClock,
  }: GatewayOptions,
  responseCache: ResponseCache | undefined,
  cors: Cors,
  requestId: string,
  req: IncomingMessage,
  url: URL,
  res: ServerResponse,
  /** Whether close() has begun: /readyz says so while in-flight requests finish. */
  draining: () => boolean,
): Promise<void> {
  if (url.pathname === '/healthz') return sendJson(res, 200, { status: 'ok' });
  if (url.pathname === '/readyz') {
    const { status, body } = readiness(upstreams, sandboxed, shared, draining());
    return sendJson(res, status, body);
  }
  if (url.pathname === '/metrics') {
    if (metricsToken !== undefined && !bearerMatches(req.headers.authorization, metricsToken)) {
      res.setHeader('www-authenticate', 'Bearer realm="loccode-graph metrics"');
      return sendJson(
        res,
        401,
        requestError(
          'The metrics need the token set in METRICS_TOKEN, as "Authorization: Bearer <token>".',
          requestId,
          'UNAUTHENTICATED',
        ),
      );
    }
    return sendMetrics(res, metrics);
  }
  const mapAsset = url.pathname.startsWith(MAP_ASSET_PREFIX);
  if (!mapAsset && url.pathname !== '/graphql')
    return sendJson(
      res,
      404,
      requestError(`Nothing at ${url.pathname}; GraphQL is served at /graphql.`, requestId, 'NOT_FOUND'),
    );

  const route = mapAsset ? 'maps' : 'graphql';
  // A preflight carries no key and no body: answered before either is asked for (and before Apollo's CSRF check).
  const preflight = cors.preflight(req, route);
  if (preflight) {
    for (const [name, value] of Object.entries(preflight.headers)) res.setHeader(name, value);
    if (preflight.refusal) return sendJson(res, 403, requestError(preflight.refusal, requestId, 'FORBIDDEN'));
    res.writeHead(204).end();
    return;
  }
  // On every answer from here, errors included, so that a page can read the coded error.
  for (const [name, value] of Object.entries(cors.headers(req, route))) res.setHeader(name, value);
  // Shared caches must key on what the answer depends on: Accept (the IDE shares this URL), the caller, the page's origin.
  res.setHeader('vary', `accept, authorization, x-api-key${cors.variesByOrigin ? ', origin' : ''}`);
  // Refused before Apollo sees the request, so nothing executes; answered in the type the client accepts.
  const mediaType = responseMediaType(req.headers.accept);
  // Behind a load balancer the socket's peer is the balancer: TRUST_PROXY says whom to believe.
  const address = callers.addressOf(req);
  const presentsKey = req.headers.authorization !== undefined || req.headers['x-api-key'] !== undefined;
  const lockedFor = presentsKey ? keyFailures.lockedForSeconds(address) : 0;
  const identified = lockedFor > 0 ? undefined : callers.identify(req.headers, address);
  const caller = identified && !('message' in identified) ? identified : undefined;
  const record = AccessRecord.of(res);
  if (record && caller) record.client = caller.name;
  // A refusal costs nothing, and says so like every other answer (with the budget, once the caller is known).
  const refuse = async (status: number, message: string, code?: string, details?: Record<string, number>) => {
    // A body we did not read in full is not worth reading: the connection closes after the answer.
    if (!req.complete) res.setHeader('connection', 'close');
    const cost = await idleCostReport(queryLimits, budgets, caller);
    if (cost.budget) rateLimitHeaders(cost.budget).forEach(([name, value]) => res.setHeader(name, value));
    sendJson(res, status, requestError(message, requestId, code, cost, details), mediaType);
  };
  if (!identified) {
    res.setHeader('retry-after', String(lockedFor));
    return refuse(
      429,
      `Too many wrong keys came from your address (FAILED_KEYS_PER_MINUTE: ${keyFailures.perMinute}); retry in ${lockedFor} s with the right key.`,
      'RATE_LIMITED',
      { retryAfterSeconds: lockedFor },
    );
  }
  if ('message' in identified) {
    if (presentsKey) keyFailures.failed(address);
    res.setHeader('www-authenticate', 'Bearer realm="loccode-graph"');
    return refuse(401, identified.message, 'UNAUTHENTICATED');
  }
  if (mapAsset) {
    // The same caller and budget as /graphql: each call the asset costs upstream is a point.
    const standing = await budgets.peek(identified.budgetKey);
    if (standing.remaining < 1) {
      const retryAfterSeconds = Math.max(1, Math.ceil(standing.resetSeconds / standing.limit));
      res.setHeader('retry-after', String(retryAfterSeconds));
      return refuse(
        429,
        `Your budget of ${standing.limit} points a minute is spent; each map resource fetched from the map host costs one. Retry in ${retryAfterSeconds} s.`,
        'RATE_LIMITED',
        { retryAfterSeconds },
      );
    }
    const scope = newScope(requestId, requestDeadlineMs, identified, clock);
    record?.attach(scope);
    await runInScope(scope, () =>
      serveMapAsset(upstreams.maps.mapHost, req, res, url, gatewayOrigin(req), async (cacheControl) => {
        // The standing after the charge (or, when nothing reached the host, as it is).
        const budget = await (scope.upstreamCalls > 0
          ? budgets.charge(identified.budgetKey, scope.upstreamCalls)
          : budgets.peek(identified.budgetKey));
        return {
          ...Object.fromEntries(rateLimitHeaders(budget)),
          ...(cacheControl && { 'cache-control': cacheControlFor(identified, cacheControl) }),
        };
      }),
    );
    return;
  }
  const { maxBodyBytes } = queryLimits;
  const tooLarge = () =>
    refuse(
      413,
      `The request body exceeds ${maxBodyBytes} bytes (QUERY_MAX_BODY_BYTES). Send a shorter query, or pass large inputs as fewer, smaller requests.`,
      'REQUEST_TOO_LARGE',
    );
  // Declared too large: refused before a byte of it is read.
  if (Number(req.headers['content-length'] ?? 0) > maxBodyBytes) return tooLarge();
  const received = await readBody(req, maxBodyBytes);
  // The client went away, or Node answered 408 for us: nobody is left to answer.
  if (received === 'aborted') return;
  if (received === 'too-large') return tooLarge();
  const raw = received;
  if (!mediaType)
    return refuse(
      406,
      'Responses are sent as application/graphql-response+json or application/json; the Accept header allows neither.',
    );
  if (req.method === 'POST' && !isJsonRequest(req.headers['content-type']))
    return refuse(
      415,
      'A POST body must be JSON in UTF-8, sent with content-type: application/json (charset, if given, utf-8).',
    );
  const read = readJsonBody(raw, url, req.headers['content-type']);
  if ('refusal' in read) return refuse(400, read.refusal);
  let { body } = read;
  if (Array.isArray(body) && !queryLimits.httpBatching)
    return refuse(
      400,
      'Send one operation per request: batched requests (a JSON array body) are turned off on this server.',
    );
  // Refused before graphql-js parses it: a document thousands of levels deep would overflow its stack.
  const documentDepth = Math.max(0, ...queryTexts(body, url).map((text) => nestings.of(text)));
  if (documentDepth > queryLimits.maxDepth + INPUT_NESTING)
    return refuse(
      400,
      `The query nests ${documentDepth} levels of braces and brackets; fields may nest at most ${queryLimits.maxDepth} levels (QUERY_MAX_DEPTH). Ask for a shallower selection.`,
      'QUERY_TOO_DEEP',
      { limit: queryLimits.maxDepth + INPUT_NESTING, actual: documentDepth },
    );
  const scope = newScope(requestId, requestDeadlineMs, identified, clock);
  record?.attach(scope);
  // A whole answer the edge writes itself: a response-cache hit, or the lean path's.
  const answerWith = (answer: LeanAnswer, answeredBy: AnsweredBy, started: bigint) =>
    sendAnswer(req, res, metrics, scope, mediaType, started, answeredBy, {
      ...answer,
      cacheControl: cacheControlFor(identified, answer.cacheControl),
    });
  // Trusted mode also takes the `documentId` convention of client-preset's manifests.
  const search = trustedDocuments ? TrustedDocuments.fromDocumentIdParameter(url.search) : url.search;
  // Where Apollo would refuse it, with a message that says how to comply.
  const csrf = csrfRefusal(req.headers);
  if (csrf) return refuse(400, csrf, 'BAD_REQUEST');
  if (trustedDocuments) {
    body = TrustedDocuments.fromDocumentId(body);
    const refusal = trustedDocuments.refusal(body, search);
    if (refusal) return refuse(refusal.status, refusal.message, refusal.code);
  }
  // A whole answer in the response cache is served here, without Apollo (issue #17 item 3).
  const operation = Array.isArray(body)
    ? undefined
    : operationRequest(req.method, body, search, req.headers['content-type']);
  if (responseCache && operation) {
    scope.responseCacheLookedUp = true;
    const answer = await responseCache.lookup(operation, () => gatewayOrigin(req));
    // Over this replica's QUERY_MAX_COST, or over the caller's budget: Apollo's path refuses it, coded.
    if (answer && answer.cost <= queryLimits.maxCost) {
      const charge = await budgets.charge(identified.budgetKey, answer.cost);
      if (charge.allowed) {
        const started = process.hrtime.bigint();
        const { limit, remaining, resetSeconds } = charge;
        const budget = { limit, remaining, resetSeconds };
        scope.cost = answer.cost;
        scope.budget = budget;
        metrics.clientCost.inc({ client: identified.name }, answer.cost);
        res.setHeader('age', String(responseCache.ageOf(answer)));
        const cost: CostReport = { requested: answer.cost, actual: 0, maximum: queryLimits.maxCost, budget };
        // The data as stored, in the body Apollo would write.
        const body = answerText(answer.dataUtf8, cost);
        const { operationName, documentHash } = answer;
        const cacheControl = cacheControlHeader(answer.policy);
        return answerWith(
          { body, cacheControl, operationName, documentHash, budget },
          'response-cache',
          started,
        );
      }
    }
  }
  const context = createContext(upstreams, gatewayOrigin(req), scope, pageMaxSize);
  // A compiled document's clean answer is written here, without Apollo (lean-path.ts).
  if (operation) {
    const started = process.hrtime.bigint();
    const outcome = await runInScope(scope, () => lean.run(operation, context));
    if (outcome.kind === 'answered') {
      return answerWith(outcome.answer, outcome.shared ? 'shared' : 'lean', started);
    }
    if (outcome.kind === 'handover') context.handover = outcome.handover;
  }
  scope.answeredBy = 'apollo';
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const response = await runInScope(scope, () =>
    apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: req.method ?? 'GET', headers, search, body },
      context: async () => context,
    }),
  );
  for (const [name, value] of response.headers)
    res.setHeader(name, name === 'cache-control' ? cacheControlFor(identified, value) : value);
  res.statusCode = response.status ?? 200;
  // Gzip or brotli above 1 KB when the client asks (compression.ts); a streamed answer goes as it is.
  if (response.body.kind === 'complete')
    return sendCompressible(req, res, res.statusCode, {}, response.body.string);
  for await (const chunk of response.body.asyncIterator) res.write(chunk);
  res.end();
}

/**
 * A whole answer the edge writes itself (a response-cache hit or the lean path's), with
 * what Apollo and our plugins do for every answer: the budget's headers, the cache policy,
 * the request counted and timed, the operation noted for the access log and the request span.
 */
function sendAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  metrics: Metrics,
  scope: RequestScope,
  mediaType: string,
  started: bigint,
  answeredBy: AnsweredBy,
  answer: LeanAnswer,
): void {
  const { operationName, documentHash } = answer;
  scope.answeredBy = answeredBy;
  (scope.operations ??= []).push({ name: operationName, documentHash, errorCodes: [] });
  nameOperationSpan('query', operationName, documentHash);
  for (const [name, value] of rateLimitHeaders(answer.budget)) res.setHeader(name, value);
  res.setHeader('cache-control', answer.cacheControl);
  res.setHeader('content-type', mediaType);
  const label = metrics.operationLabel(operationName);
  metrics.graphqlRequests.inc({ operation: label });
  metrics.graphqlDuration.observe({ operation: label }, Number(process.hrtime.bigint() - started) / 1e9);
  sendCompressible(req, res, 200, {}, answer.body, 'latin1');
}

/**
 * Bodies repeated from the last of their length, as read before: most clients send the same
 * few bodies again and again (issue #17: parsing the golden query's, its document full of
 * escaped newlines, and scanning it for nesting, were about 6 % of a response-cache hit).
 * Every request that sends one shares the value, so it is frozen: nothing may change it.
 */
const parsedBodies = new LastOfLength<unknown>();

/**
 * The request's JSON (a POST body, parsed; GET's JSON parameters are checked here and read by
 * Apollo) or the refusal that says what is wrong with it: JSON nested deeper than anything the
 * schema takes (deeper values overflow the stack of code that walks them), or not JSON at all.
 */
function readJsonBody(raw: string, url: URL, contentType = ''): { body: unknown } | { refusal: string } {
  const json = contentType.includes('json') && raw.length > 0;
  const known = json ? parsedBodies.get(raw) : undefined;
  // GET carries its JSON in the `variables` and `extensions` parameters.
  const nesting = Math.max(
    known === undefined ? jsonNesting(raw) : 0,
    ...(url.search === ''
      ? []
      : ['variables', 'extensions'].map((name) => jsonNesting(url.searchParams.get(name) ?? ''))),
  );
  if (nesting > MAX_JSON_NESTING)
    return {
      refusal: `The request nests JSON ${nesting} levels deep; at most ${MAX_JSON_NESTING} are allowed.`,
    };
  if (!json) return { body: raw };
  if (known !== undefined) return { body: known };
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { refusal: 'The request body is not valid JSON.' };
  }
  // Each document text as the object the memos below already hashed (text-memo.ts).
  canonicalQueries(body);
  parsedBodies.set(raw, deepFreeze(body));
  return { body };
}

/** `value` and everything in it, frozen. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}

/** Most requests repeat a document: its nesting is read once. */
const nestings = new TextMemo(documentNesting);
const documentTexts = new TextInterner();

/** Puts the text seen before in place of each operation's `query` of a parsed body that equals it. */
function canonicalQueries(body: unknown): void {
  for (const operation of Array.isArray(body) ? body : [body]) {
    const query = (operation as { query?: unknown } | null)?.query;
    if (typeof query === 'string') (operation as { query: string }).query = documentTexts.canonical(query);
  }
}

/** What every upstream call of one request (GraphQL or map asset) sees: its deadline, its caller, its counts. */
function newScope(requestId: string, requestDeadlineMs: number, caller: Caller, clock: Clock): RequestScope {
  return { requestId, deadline: clock.now() + requestDeadlineMs, warnings: [], upstreamCalls: 0, caller };
}

/** The `http.route` of the requests that are traced: GraphQL and map assets, not probes or scrapes. */
function tracedRoute(url = '/'): string | undefined {
  const pathname = url.split('?')[0]!;
  if (pathname === '/graphql') return pathname;
  return pathname.startsWith(MAP_ASSET_PREFIX) ? `${MAP_ASSET_PREFIX}*` : undefined;
}

/** Whether `Authorization` carries `Bearer <token>`, compared in constant time. */
function bearerMatches(authorization: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(token));
}

/**
 * A keyed client's answer is never for a shared cache: `public` becomes `private`, so a CDN
 * or proxy cannot hand one client's answer to another. Anonymous public answers stay public.
 */
function cacheControlFor(caller: Caller, value: string): string {
  return caller.name === 'anonymous' ? value : value.replace(/\bpublic\b/, 'private');
}

/** The GET parameters Apollo reads, each of which it refuses to be given twice. */
const GET_PARAMETERS = ['query', 'operationName', 'variables', 'extensions'];

/**
 * The one operation a request names, as Apollo reads it: a POST body's members, or GET's
 * parameters (after trusted mode's `documentId` rewrite; `variables` and `extensions` as JSON
 * objects). Undefined wherever Apollo would refuse the GET (another content type, a parameter
 * twice, JSON that is not an object) or could not read it: Apollo then answers, with the
 * error that says why, and neither the response cache nor the lean path may answer first.
 */
function operationRequest(
  method: string | undefined,
  body: unknown,
  search: string,
  contentType: string | undefined,
): OperationRequest | undefined {
  if (method === 'POST')
    return body !== null && typeof body === 'object' ? (body as OperationRequest) : undefined;
  if (method !== 'GET') return undefined;
  if (contentType !== undefined && !isJsonRequest(contentType)) return undefined;
  const parameters = new URLSearchParams(search);
  if (GET_PARAMETERS.some((name) => parameters.getAll(name).length > 1)) return undefined;
  const unreadable = Symbol('unreadable');
  const json = (name: string): unknown => {
    const text = parameters.get(name);
    if (text === null) return undefined;
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : unreadable;
    } catch {
      return unreadable;
    }
  };
  const variables = json('variables');
  const extensions = json('extensions');
  if (variables === unreadable || extensions === unreadable) return undefined;
  const query = parameters.get('query');
  return {
    query: query === null ? undefined : documentTexts.canonical(query),
    operationName: parameters.get('operationName') ?? undefined,
    variables,
    extensions,
  };
}

/** The GraphQL documents of a request: the body's `query` (of each operation, when batched), or GET's. */
function queryTexts(body: unknown, url: URL): string[] {
  const fromGet = url.search === '' ? null : url.searchParams.get('query');
  const operations = Array.isArray(body) ? body : [body];
  const fromBody = operations.flatMap((operation) => {
    const query = (operation as { query?: unknown } | null)?.query;
    return typeof query === 'string' ? [query] : [];
  });
  return fromGet === null ? fromBody : [fromGet, ...fromBody];
}

function requestError(
  message: string,
  requestId: string,
  code = 'BAD_REQUEST',
  cost?: CostReport,
  details?: Record<string, number>,
): unknown {
  return {
    errors: [{ message, extensions: { code, ...details, requestId } }],
    ...(cost && { extensions: { cost } }),
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, contentType = APPLICATION_JSON): void {
  AccessRecord.of(res)?.noteBody(body);
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}
