import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAP_ASSET_PREFIX } from '../../datasources/maps/asset-urls';
import type { MapHostClient } from '../../datasources/maps/map-host';
import { UpstreamError, type ErrorCode } from '../kernel/errors';

/** HTTP status of each refusal; any other failure is the host's, 502. */
const REFUSAL_STATUS: Partial<Record<ErrorCode, number>> = {
  BAD_USER_INPUT: 400,
  NOT_FOUND: 404,
  UPSTREAM_RATE_LIMITED: 429,
  UPSTREAM_TIMEOUT: 504,
};

/**
 * `GET /maps/<path>`: the map host's `/sdk/<path>`, keyless (API.md section 1: keys never
 * reach clients; see MapHostClient). Every client's map loads spend the gateway key's
 * shared budget, which the 429 message says.
 */
export async function serveMapAsset(
  host: MapHostClient,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  origin: string,
): Promise<void> {
  if (req.method !== 'GET') return refuse(res, 405, 'Map resources are read with GET.', { allow: 'GET' });
  try {
    const asset = await host.asset(url.pathname.slice(MAP_ASSET_PREFIX.length), url.searchParams, origin);
    send(res, 200, { ...asset.headers, 'content-type': asset.contentType }, asset.body);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const message =
      error.code === 'UPSTREAM_RATE_LIMITED'
        ? 'The map load budget shared by all clients of this gateway is spent; retry later.'
        : error.message;
    const retryAfter = error.retryAfterSeconds;
    refuse(
      res,
      REFUSAL_STATUS[error.code] ?? 502,
      message,
      retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
    );
  }
}

function refuse(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  send(
    res,
    status,
    { ...headers, 'content-type': 'application/json; charset=utf-8' },
    JSON.stringify({ error: message }),
  );
}

function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Buffer | string,
): void {
  res.writeHead(status, {
    ...headers,
    // Map libraries in browsers load these cross-origin; they hold nothing secret.
    'access-control-allow-origin': '*',
    'content-length': String(Buffer.byteLength(body)),
  });
  res.end(body);
}
