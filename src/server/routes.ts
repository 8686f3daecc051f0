import { createHash, timingSafeEqual } from 'node:crypto';
import { MAP_ASSET_PREFIX } from '../../datasources/maps/asset-urls';
import type { Caller } from '../kernel/caller';
import type { BrowserRoute } from './cors';
import type { Edge, Exchange } from './edge';
import { readiness, sendMetrics } from './endpoints';
import { finish } from './finish';
import { responseMediaType } from './media-types';
import { identify } from './identify';
import { serveMapAssets } from './map-assets';
import { readRequest } from './read-request';
import { Refusal, refuseWithCost, sendJson, sendRefusal } from './refusal';

/**
 * The routes of the port besides the IDE: the probes, the metrics, GraphQL and the map assets.
 * Not itself async, so /graphql runs without one more promise; what throws is a rejection all the same.
 */
export function route(edge: Edge, ex: Exchange): Promise<void> {
  try {
    const { pathname } = ex.url;
    if (pathname === '/graphql') return browserRoute(edge, ex, 'graphql', serveGraphQL);
    if (pathname.startsWith(MAP_ASSET_PREFIX)) return browserRoute(edge, ex, 'maps', serveMapAssets);
    return otherRoute(edge, ex);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** The probes, the metrics, and the 404 of any other path. */
async function otherRoute(edge: Edge, ex: Exchange): Promise<void> {
  switch (ex.url.pathname) {
    case '/healthz':
      return sendJson(ex.res, 200, { status: 'ok' });
    case '/readyz': {
      const { upstreams, sandboxed, shared } = edge.options;
      const { status, body } = readiness(upstreams, sandboxed, shared, edge.draining());
      return sendJson(ex.res, status, body);
    }
    case '/metrics':
      return serveMetrics(edge, ex);
  }
  const message = `Nothing at ${ex.url.pathname}; GraphQL is served at /graphql.`;
  sendRefusal(ex.res, ex.requestId, new Refusal(404, message, 'NOT_FOUND'));
}

const ANSWERED: Promise<void> = Promise.resolve();

/**
 * The stages of /graphql once the caller is known: the request read (or refused), then
 * answered by the first answerer that can (response cache, lean path, Apollo), then finished.
 */
async function serveGraphQL(edge: Edge, ex: Exchange, caller: Caller): Promise<void> {
  const request = await readRequest(edge, ex, caller);
  if (request === undefined) return;
  if (request instanceof Refusal) return refuseWithCost(edge, ex, request);
  for (const answerer of edge.answerers) {
    const answer = await answerer.answer(ex, request);
    if (answer) return finish(edge, ex, request, answer);
  }
}

/**
 * What /graphql and /maps/ share, which pages call from other origins: CORS (a preflight is
 * answered here, before anything else is asked of it), the answer's media type, the caller.
 */
function browserRoute(
  edge: Edge,
  ex: Exchange,
  name: BrowserRoute,
  serve: (edge: Edge, ex: Exchange, caller: Caller) => Promise<void>,
): Promise<void> {
  const { req, res } = ex;
  const { cors } = edge;
  // A preflight carries no key and no body: answered before either is asked for (and before Apollo's CSRF check).
  const preflight = cors.preflight(req, name);
  if (preflight) {
    for (const [header, value] of Object.entries(preflight.headers)) res.setHeader(header, value);
    if (preflight.refusal) sendRefusal(res, ex.requestId, new Refusal(403, preflight.refusal, 'FORBIDDEN'));
    else res.writeHead(204).end();
    return ANSWERED;
  }
  // On every answer from here, errors included, so that a page can read the coded error.
  for (const [header, value] of Object.entries(cors.headers(req, name))) res.setHeader(header, value);
  // Shared caches must key on what the answer depends on: Accept (the IDE shares this URL), the caller, the page's origin.
  res.setHeader('vary', `accept, authorization, x-api-key${cors.variesByOrigin ? ', origin' : ''}`);
  ex.mediaType = responseMediaType(req.headers.accept);
  const caller = identify(edge, ex);
  if (caller instanceof Refusal) return refuseWithCost(edge, ex, caller);
  return serve(edge, ex, caller);
}

/** `GET /metrics`, behind METRICS_TOKEN when it is set. */
function serveMetrics(edge: Edge, ex: Exchange): Promise<void> | void {
  const { metricsToken, metrics } = edge.options;
  if (metricsToken !== undefined && !bearerMatches(ex.req.headers.authorization, metricsToken))
    return sendRefusal(
      ex.res,
      ex.requestId,
      new Refusal(
        401,
        'The metrics need the token set in METRICS_TOKEN, as "Authorization: Bearer <token>".',
        'UNAUTHENTICATED',
        undefined,
        { 'www-authenticate': 'Bearer realm="loccode-graph metrics"' },
      ),
    );
  return sendMetrics(ex.res, metrics);
}

/** Whether `Authorization` carries `Bearer <token>`, compared in constant time. */
function bearerMatches(authorization: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(token));
}
