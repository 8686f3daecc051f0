import type { IncomingMessage, ServerResponse } from 'node:http';
import { errors as undiciErrors, Pool } from 'undici';
import type { MapsUpstreamConfig } from '../../src/config';
import { logger } from '../../src/logger';
import { MAP_ASSET_PREFIX, rewriteAssetLinks } from './asset-urls';

/** The resources of `{map_host}/sdk/` a map library loads (spec, Map display); nothing else is forwarded. */
const ASSET_PATHS = [
  /^styles\/[^/]+\/style\.json$/,
  /^tiles\.json$/,
  /^tiles\/[^/]+\/[^/]+\/[^/]+\.pbf$/,
  /^sprites\/[^/]+$/,
  /^fonts\/[^/]+\/[^/]+\.pbf$/,
  /^wordmark\.json$/,
  /^wordmark\/[^/]+$/,
];
/** Spec, Map display: `style.json?mode=light or dark`. */
const STYLE_MODES = ['light', 'dark'];
/** Headers of a map-host answer worth passing on: caching, and the shared rate-limit budget. */
const PASSED_HEADERS = [
  'cache-control',
  'etag',
  'last-modified',
  'content-encoding',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
];
const MAX_ASSET_BYTES = 8 * 1024 * 1024;

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

/**
 * Serves `GET /maps/<path>` from `{map_host}/sdk/<path>`, adding the key server-side:
 * map resources authenticate only with a `key` query parameter, and keys never reach
 * clients (API.md section 1). Links inside style, TileJSON and wordmark documents are
 * rewritten to `/maps/...`; tiles, sprites and glyphs pass through byte for byte.
 * Every client's map loads spend the gateway key's budget (10 per minute, spec Limits).
 */
export class MapAssetProxy {
  private readonly pool: Pool;
  private readonly basePath: string;

  constructor(
    private readonly config: MapsUpstreamConfig,
    timeoutMs: number,
  ) {
    const host = new URL(config.hostUrl);
    this.basePath = host.pathname.replace(/\/+$/, '');
    this.pool = new Pool(host.origin, {
      connections: 16,
      keepAliveTimeout: 10_000,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      connectTimeout: Math.min(timeoutMs, 5000),
      maxResponseSize: MAX_ASSET_BYTES,
    });
  }

  /** Answers one request below {@link MAP_ASSET_PREFIX}; `origin` is the gateway's public origin. */
  async serve(req: IncomingMessage, res: ServerResponse, url: URL, origin: string): Promise<void> {
    send(res, await this.answer(req.method ?? 'GET', url, origin));
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private async answer(method: string, url: URL, origin: string): Promise<Answer> {
    const assetPath = url.pathname.slice(MAP_ASSET_PREFIX.length);
    return checkRequest(method, assetPath, url) ?? this.forward(assetPath, url.searchParams, origin);
  }

  /** The client's parameters (any `key` of theirs dropped) plus the gateway's key. */
  private async forward(assetPath: string, parameters: URLSearchParams, origin: string): Promise<Answer> {
    const query = new URLSearchParams(parameters);
    query.set('key', this.config.apiKey);
    try {
      const upstream = await this.pool.request({
        method: 'GET',
        path: `${this.basePath}/sdk/${assetPath}?${query}`,
        headers: { 'accept-encoding': 'identity' },
      });
      const body = Buffer.from(await upstream.body.arrayBuffer());
      const headers = passedHeaders(upstream.headers);
      if (upstream.statusCode >= 200 && upstream.statusCode < 300) {
        return this.success(upstream.statusCode, headers, contentType(upstream.headers), body, origin);
      }
      return failure(upstream.statusCode, headers);
    } catch (error) {
      return transportFailure(error);
    }
  }

  /** JSON documents get their links rewritten; anything that would still carry the key is withheld. */
  private success(
    status: number,
    headers: Record<string, string>,
    type: string,
    body: Buffer,
    origin: string,
  ): Answer {
    let payload: string | Buffer = body;
    if (type.includes('json')) {
      try {
        payload = JSON.stringify(
          rewriteAssetLinks(JSON.parse(body.toString('utf8')), this.config.hostUrl, origin),
        );
      } catch {
        return refusal(502, 'The map host answered with a document that is not JSON.');
      }
    }
    if (payload.includes(this.config.apiKey)) {
      logger.error('map asset links to a host the gateway does not proxy; withheld', { status });
      return refusal(502, 'The map host answered with a resource the gateway cannot serve.');
    }
    return { status, headers: { ...headers, 'content-type': type }, body: payload };
  }
}

/** What the gateway refuses without asking the map host; undefined when the request may go on. */
function checkRequest(method: string, assetPath: string, url: URL): Answer | undefined {
  if (method !== 'GET') return refusal(405, 'Map resources are read with GET.', { allow: 'GET' });
  if (!ASSET_PATHS.some((pattern) => pattern.test(assetPath))) {
    return refusal(404, `There is no map resource at ${url.pathname}; start from mapDisplay { styleUrl }.`);
  }
  const mode = url.searchParams.get('mode');
  // A refused style fetch would still spend a map load, so a bad mode never reaches the host.
  if (assetPath.endsWith('/style.json') && mode !== null && !STYLE_MODES.includes(mode)) {
    return refusal(400, 'mode must be light or dark.');
  }
  return undefined;
}

function transportFailure(error: unknown): Answer {
  const timedOut =
    error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError;
  logger.warn('map asset transport failure', { error: (error as Error).name });
  return timedOut
    ? refusal(504, 'The map host did not answer in time; try again shortly.')
    : refusal(502, 'The map host could not be reached; try again shortly.');
}

/** The map host's refusal, in the gateway's words (its body may echo the key, so it is never forwarded). */
function failure(status: number, headers: Record<string, string>): Answer {
  switch (status) {
    case 400:
      return refusal(400, 'The map host refused this request; check the path and its parameters.');
    case 404:
      return refusal(404, 'The map host has no such resource (for styles: no such family).');
    case 429:
      return refusal(
        429,
        'The map load budget shared by all clients of this gateway is spent; retry later.',
        {
          ...headers,
        },
      );
    default:
      logger.warn('map host failure', { status });
      return refusal(502, 'The map host failed to answer; try again shortly.');
  }
}

function refusal(status: number, message: string, headers: Record<string, string> = {}): Answer {
  return {
    status,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ error: message }),
  };
}

function send(res: ServerResponse, answer: Answer): void {
  res.writeHead(answer.status, {
    ...answer.headers,
    // Map libraries in browsers load these cross-origin; they hold nothing secret.
    'access-control-allow-origin': '*',
    'content-length': String(Buffer.byteLength(answer.body)),
  });
  res.end(answer.body);
}

function contentType(headers: Record<string, string | string[] | undefined>): string {
  return String(headers['content-type'] ?? 'application/octet-stream');
}

function passedHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const passed: Record<string, string> = {};
  for (const name of PASSED_HEADERS) {
    const value = headers[name];
    if (value !== undefined) passed[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return passed;
}
