import type { IncomingMessage } from 'node:http';

/** A Host header we are willing to echo into links: a name or IP literal with an optional port. */
const HOST_HEADER = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/;

/**
 * The origin clients reach the gateway at, e.g. `https://api.example.com`, from the Host
 * header (and `X-Forwarded-Proto` behind a TLS proxy); map asset links are built on it.
 * Without a usable Host header, the address the request came in on.
 */
export function gatewayOrigin(req: IncomingMessage): string {
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    ?.trim();
  const scheme = forwarded === 'https' ? 'https' : 'http';
  const host = req.headers.host;
  if (host !== undefined && HOST_HEADER.test(host)) return `${scheme}://${host}`;
  const address = req.socket.localAddress ?? '127.0.0.1';
  const literal = address.includes(':') ? `[${address}]` : address;
  return `${scheme}://${literal}:${req.socket.localPort ?? 80}`;
}
