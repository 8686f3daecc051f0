import type { SandboxRequest } from '../../../kit/types';

/** What a Host header may look like (name or IPv4/IPv6 literal, optional port); anything else is not echoed. */
const HOST_HEADER = /^[A-Za-z0-9.\-:[\]]+$/;

/**
 * `{map_host}` as the client reached it. Map documents link to tiles, sprites, glyphs and
 * wordmark art with absolute URLs, so they are built from the request's Host header.
 */
export function mapHostOrigin(req: SandboxRequest): string {
  const host = req.headers.host;
  return `http://${host !== undefined && HOST_HEADER.test(host) ? host : '127.0.0.1'}`;
}

/**
 * An absolute URL on the map host carrying the caller's key as the `key` query parameter
 * (spec: map resources are authenticated by the key query parameter only). `path` may
 * hold `{z}`-style template tokens, which stay as they are.
 */
export function keyedUrl(req: SandboxRequest, path: string): string {
  return `${mapHostOrigin(req)}${path}?key=${encodeURIComponent(req.query.get('key') ?? '')}`;
}
