import type { IncomingMessage, ServerResponse } from 'node:http';
import { Pool } from 'undici';
import type { MapsUpstreamConfig } from '../../src/start/config';
import { UpstreamError, type ErrorCode } from '../../src/kernel/errors';
import { logger } from '../../src/kernel/logger';
import { observeUpstreamCall } from '../../src/observability/upstream-call';
import { isResponseTimeout, retryAfterSeconds, type ClientSettings } from '../../src/upstream/client';
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

/** A map-host answer as the upstream cache keeps it; links are rewritten per request, for its origin. */
interface HostAnswer {
  status: number;
  type: string;
  headers: Record<string, string>;
  bodyBase64: string;
}

/** The operation (cache policy and rate-limit dimension, spec Limits) of each kind of resource. */
function assetOperation(assetPath: string): string {
  if (assetPath.startsWith('styles/')) return 'style';
  if (assetPath === 'tiles.json') return 'tileMetadata';
  if (assetPath.startsWith('tiles/')) return 'tile';
  if (assetPath.startsWith('sprites/')) return 'sprite';
  if (assetPath.startsWith('fonts/')) return 'glyphs';
  return 'wordmark';
}

/**
 * Serves `GET /maps/<path>` from `{map_host}/sdk/<path>`, adding the key server-side:
 * map resources authenticate only with a `key` query parameter, and keys never reach
 * clients (API.md section 1). Links inside style, TileJSON and wordmark documents are
 * rewritten to `/maps/...`; tiles, sprites and glyphs pass through byte for byte.
 * Every client's map loads spend the gateway key's budget (10 per minute, spec Limits),
 * so answers go through the maps discipline: cached, shared in flight, paced.
 */
export class MapAssetProxy {
  private readonly pool: Pool;
  private readonly basePath: string;

  constructor(
    private readonly config: MapsUpstreamConfig,
    private readonly settings: ClientSettings,
  ) {
    const { timeoutMs } = settings;
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

  /** From cache or the host; the client's parameters (any `key` of theirs dropped) plus the gateway's key. */
  private async forward(assetPath: string, parameters: URLSearchParams, origin: string): Promise<Answer> {
    const query = new URLSearchParams(parameters);
    query.delete('key');
    query.sort();
    const operation = assetOperation(assetPath);
    try {
      const answer = (await this.settings.discipline.run(
        operation,
        `GET ${assetPath}?${query}`,
        (dimension) => this.fetchFromHost(assetPath, query, operation, dimension),
      )) as HostAnswer;
      return this.success(
        answer.status,
        answer.headers,
        answer.type,
        Buffer.from(answer.bodyBase64, 'base64'),
        origin,
      );
    } catch (error) {
      return refusalFor(error);
    }
  }

  /** One exchange with the map host; a refusal becomes an {@link UpstreamError}, so it is never cached as an answer. */
  private async fetchFromHost(
    assetPath: string,
    query: URLSearchParams,
    operation: string,
    dimension: string,
  ): Promise<HostAnswer> {
    const keyed = new URLSearchParams(query);
    keyed.set('key', this.config.apiKey);
    const { metrics } = this.settings.discipline;
    const startedAt = Date.now();
    let upstream;
    try {
      upstream = await this.pool.request({
        method: 'GET',
        path: `${this.basePath}/sdk/${assetPath}?${keyed}`,
        headers: { 'accept-encoding': 'identity' },
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      observeUpstreamCall(metrics, { service: 'maps', operation, status: undefined, startedAt });
      throw transportError(error);
    }
    observeUpstreamCall(metrics, { service: 'maps', operation, status: upstream.statusCode, startedAt });
    this.settings.discipline.pacer.observe(dimension, upstream.headers, upstream.statusCode);
    const body = Buffer.from(await upstream.body.arrayBuffer());
    if (upstream.statusCode < 200 || upstream.statusCode >= 300)
      throw hostRefusal(upstream.statusCode, upstream.headers);
    return {
      status: upstream.statusCode,
      type: contentType(upstream.headers),
      headers: passedHeaders(upstream.headers),
      bodyBase64: body.toString('base64'),
    };
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

function transportError(error: unknown): UpstreamError {
  logger.warn('map asset transport failure', { error: (error as Error).name });
  return isResponseTimeout(error)
    ? new UpstreamError('maps', 'UPSTREAM_TIMEOUT', 'The map host did not answer in time; try again shortly.')
    : new UpstreamError(
        'maps',
        'UPSTREAM_UNAVAILABLE',
        'The map host could not be reached; try again shortly.',
        undefined,
        true,
      );
}

/** The map host's refusal, in the gateway's words (its body may echo the key, so it is never read). */
function hostRefusal(status: number, headers: Record<string, string | string[] | undefined>): UpstreamError {
  const seconds = retryAfterSeconds(headers['retry-after']);
  if (status === 400) {
    return new UpstreamError(
      'maps',
      'BAD_USER_INPUT',
      'The map host refused this request; check the path and its parameters.',
    );
  }
  if (status === 404) {
    return new UpstreamError(
      'maps',
      'NOT_FOUND',
      'The map host has no such resource (for styles: no such family).',
    );
  }
  if (status === 429) {
    return new UpstreamError(
      'maps',
      'UPSTREAM_RATE_LIMITED',
      'The map load budget shared by all clients of this gateway is spent; retry later.',
      seconds,
      true,
    );
  }
  logger.warn('map host failure', { status });
  const transient = status === 502 || status === 503;
  return new UpstreamError(
    'maps',
    'UPSTREAM_UNAVAILABLE',
    'The map host failed to answer; try again shortly.',
    seconds,
    transient,
  );
}

const REFUSAL_STATUS: Partial<Record<ErrorCode, number>> = {
  BAD_USER_INPUT: 400,
  NOT_FOUND: 404,
  UPSTREAM_RATE_LIMITED: 429,
  UPSTREAM_TIMEOUT: 504,
};

/** An HTTP answer for a failure, with Retry-After when the budget or the host said when. */
function refusalFor(error: unknown): Answer {
  if (!(error instanceof UpstreamError)) throw error;
  const headers: Record<string, string> =
    error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) };
  return refusal(REFUSAL_STATUS[error.code] ?? 502, error.message, headers);
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
