import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAP_ASSET_PREFIX } from '../../datasources/maps/asset-urls';
import type { MapHostClient } from '../../datasources/maps/map-host';
import type { Caller } from '../kernel/caller';
import { UpstreamError, type ErrorCode } from '../kernel/errors';
import { runInScope } from '../kernel/request-scope';
import { sendCompressible } from './compression';
import { newScope, type Edge, type Exchange } from './edge';
import { cacheControlFor, rateLimitHeaders } from './finish';
import { gatewayOrigin } from './public-origin';
import { Refusal, refusalBody, refuseWithCost } from './refusal';

/** HTTP status of each refusal; any other failure is the host's, 502. */
const REFUSAL_STATUS: Partial<Record<ErrorCode, number>> = {
  BAD_USER_INPUT: 400,
  NOT_FOUND: 404,
  UPSTREAM_RATE_LIMITED: 429,
  UPSTREAM_TIMEOUT: 504,
};

/**
 * The /maps/ route once the caller is known: the same caller and budget as /graphql, each
 * call the asset costs upstream a point, refused while the budget is spent.
 */
export async function serveMapAssets(edge: Edge, ex: Exchange, caller: Caller): Promise<void> {
  const { budgets, upstreams } = edge.options;
  const standing = await budgets.peek(caller.budgetKey);
  if (standing.remaining < 1) {
    const retryAfterSeconds = Math.max(1, Math.ceil(standing.resetSeconds / standing.limit));
    return refuseWithCost(
      edge,
      ex,
      new Refusal(
        429,
        `Your budget of ${standing.limit} points a minute is spent; each map resource fetched from the map host costs one. Retry in ${retryAfterSeconds} s.`,
        'RATE_LIMITED',
        { retryAfterSeconds },
        { 'retry-after': String(retryAfterSeconds) },
      ),
    );
  }
  const scope = newScope(edge, ex.requestId, caller);
  ex.record.attach(scope);
  const { req, res, url } = ex;
  await runInScope(scope, () =>
    serveMapAsset(upstreams.maps.mapHost, req, res, url, gatewayOrigin(req), async (cacheControl) => {
      // The standing after the charge (or, when nothing reached the host, as it is).
      const budget = await (scope.upstreamCalls > 0
        ? budgets.charge(caller.budgetKey, scope.upstreamCalls)
        : budgets.peek(caller.budgetKey));
      return {
        ...Object.fromEntries(rateLimitHeaders(budget)),
        ...(cacheControl && { 'cache-control': cacheControlFor(caller, cacheControl) }),
      };
    }),
  );
}

/**
 * `GET /maps/<path>`: the map host's `/sdk/<path>`, without the upstream key (keys never
 * reach clients; see MapHostClient). The caller was identified like
 * any /graphql caller, and pays a point of its budget for each call that reached the host
 * (cached assets cost none). All clients' map loads still share the gateway key's pace,
 * which the 429 message says.
 */
export async function serveMapAsset(
  host: MapHostClient,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  origin: string,
  /** Charges what the fetch cost upstream; returns the caller's budget headers and the asset's cache policy for this caller. */
  settle: (cacheControl?: string) => Promise<Record<string, string>>,
): Promise<void> {
  const requestId = String(res.getHeader('x-request-id'));
  if (req.method !== 'GET')
    return refuse(res, requestId, 405, 'METHOD_NOT_ALLOWED', 'Map resources are read with GET.', {
      allow: 'GET',
    });
  try {
    const asset = await host.asset(url.pathname.slice(MAP_ASSET_PREFIX.length), url.searchParams, origin);
    // The host's X-RateLimit-* are the gateway key's; the caller is told its own budget instead.
    // Styles and other JSON compressed when the client asks; an already gzipped tile as it is.
    await sendCompressible(
      req,
      res,
      200,
      {
        ...withoutRateLimit(asset.headers),
        ...(await settle(asset.headers['cache-control'])),
        'content-type': asset.contentType,
      },
      asset.body,
    );
  } catch (error) {
    await settle();
    if (!(error instanceof UpstreamError)) throw error;
    const message =
      error.code === 'UPSTREAM_RATE_LIMITED'
        ? 'The map load budget shared by all clients of this gateway is spent; retry later.'
        : error.message;
    const retryAfter = error.retryAfterSeconds;
    refuse(
      res,
      requestId,
      REFUSAL_STATUS[error.code] ?? 502,
      error.code,
      message,
      retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
    );
  }
}

function withoutRateLimit(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.toLowerCase().startsWith('x-ratelimit')),
  );
}

/** The gateway's JSON error shape, as on every route: a message, its code and the request id. */
function refuse(
  res: ServerResponse,
  requestId: string,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  send(
    res,
    status,
    { ...headers, 'content-type': 'application/json; charset=utf-8' },
    JSON.stringify(refusalBody(message, requestId, code)),
  );
}

function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Buffer | string,
): void {
  res.writeHead(status, {
    // CORS headers were set by the gateway (cors.ts): map libraries in browsers load these cross-origin.
    ...headers,
    'content-length': String(Buffer.byteLength(body)),
  });
  res.end(body);
}
