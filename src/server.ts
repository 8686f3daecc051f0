import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer, HeaderMap } from '@apollo/server';
import { ApolloServerPluginCacheControl } from '@apollo/server/plugin/cacheControl';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import responseCachePlugin from '@apollo/server-plugin-response-cache';
import {
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { MAP_ASSET_PREFIX } from '../datasources/maps/asset-urls';
import { gatewayOrigin } from '../datasources/maps/gateway-origin';
import { createContext, type GatewayContext } from './context';
import { maskError } from './errors';
import { logger } from './logger';
import { buildSchema } from './schema';
import type { Upstreams } from './upstreams';
import { listen, readBody } from './http-server';
import { runInScope, type RequestScope } from './upstream/request-scope';
import { queryLimitsPlugin, type QueryLimits } from './query-limits';
import { responsePolicyPlugin } from './response-policy-plugin';
import { readiness, sendMetrics } from './observability/endpoints';
import type { Metrics } from './observability/metrics';
import { metricsPlugin } from './observability/metrics-plugin';
import { requestIdOf, withRequestId } from './observability/request-id';
import { inRequestSpan, tracingPlugin } from './observability/tracing';
import { createIde } from './ide';

export interface GatewayOptions {
  host: string;
  port: number;
  upstreams: Upstreams;
  exposeErrorDetails: boolean;
  introspection: boolean;
  queryLimits: QueryLimits;
  requestDeadlineMs: number;
  responseCacheEnabled: boolean;
  cacheTtlScale: number;
  metrics: Metrics;
}

export interface Gateway {
  /** `http://host:port/graphql` */
  url: string;
  close(): Promise<void>;
}

/** The GraphQL endpoint and its neighbours on one port. */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const httpServer = createServer();
  const apollo = new ApolloServer<GatewayContext>({
    schema: buildSchema(),
    // graphql-js stops parsing past this many tokens (a huge query costs nothing to refuse).
    parseOptions: { maxTokens: options.queryLimits.maxTokens },
    allowBatchedHttpRequests: options.queryLimits.httpBatching,
    introspection: options.introspection,
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
      queryLimitsPlugin(options.queryLimits),
      metricsPlugin(options.metrics),
      tracingPlugin(),
      responsePolicyPlugin(options.cacheTtlScale),
      // Fields without a hint that return objects take the longest TTL; every domain field has its own,
      // and a response's policy is the shortest among its fields.
      ApolloServerPluginCacheControl({ defaultMaxAge: 86_400 }),
      ...(options.responseCacheEnabled ? [responseCachePlugin()] : []),
      ApolloServerPluginDrainHttpServer({ httpServer }),
      // Apollo's own landing page loads from a CDN; the IDE (src/ide) is served from this process.
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
    ],
  });
  await apollo.start();
  const ide = createIde();
  httpServer.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const requestId = requestIdOf(req);
    res.setHeader('x-request-id', requestId);
    if (ide.answer(req, res)) return;
    handle(apollo, options, requestId, req, res).catch((error: unknown) => {
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
  });
  await listen(httpServer, options.port, options.host);
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://${options.host}:${port}/graphql`,
    close: async () => {
      await apollo.stop();
    },
  };
}

async function handle(
  apollo: ApolloServer<GatewayContext>,
  { upstreams, requestDeadlineMs, metrics, queryLimits }: GatewayOptions,
  requestId: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://gateway.invalid');
  if (url.pathname === '/healthz') return sendJson(res, 200, { status: 'ok' });
  if (url.pathname === '/readyz') {
    const { status, body } = readiness(upstreams);
    return sendJson(res, status, body);
  }
  if (url.pathname === '/metrics') return sendMetrics(res, metrics);
  if (url.pathname.startsWith(MAP_ASSET_PREFIX))
    return upstreams.maps.assets.serve(req, res, url, gatewayOrigin(req));
  if (url.pathname !== '/graphql')
    return sendJson(res, 404, { error: `Nothing at ${url.pathname}; GraphQL is served at /graphql.` });

  const { maxBodyBytes } = queryLimits;
  const raw = await readBody(req, maxBodyBytes);
  if (raw === undefined)
    return sendJson(
      res,
      413,
      requestError(
        `The request body exceeds ${maxBodyBytes} bytes (QUERY_MAX_BODY_BYTES). Send a shorter query, or pass large inputs as fewer, smaller requests.`,
        requestId,
        'REQUEST_TOO_LARGE',
      ),
    );
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  let body: unknown = raw;
  if ((headers.get('content-type') ?? '').includes('json') && raw.length > 0) {
    try {
      body = JSON.parse(raw);
    } catch {
      return sendJson(res, 400, requestError('The request body is not valid JSON.', requestId));
    }
  }
  // Every upstream call of this request sees its deadline and reports its warnings here.
  const scope: RequestScope = { requestId, deadline: Date.now() + requestDeadlineMs, warnings: [] };
  const response = await runInScope(scope, () =>
    inRequestSpan(() =>
      apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: { method: req.method ?? 'GET', headers, search: url.search, body },
        context: async () => createContext(upstreams, gatewayOrigin(req), scope),
      }),
    ),
  );
  for (const [name, value] of response.headers) res.setHeader(name, value);
  res.statusCode = response.status ?? 200;
  if (response.body.kind === 'complete') {
    res.end(response.body.string);
    return;
  }
  for await (const chunk of response.body.asyncIterator) res.write(chunk);
  res.end();
}

function requestError(message: string, requestId: string, code = 'BAD_REQUEST'): unknown {
  return { errors: [{ message, extensions: { code, requestId } }] };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}
