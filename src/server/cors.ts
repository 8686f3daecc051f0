import type { IncomingMessage } from 'node:http';

/** `CORS_ORIGINS`: the exact origins whose pages may call the gateway, or any page (`*`). */
export type CorsOrigins = { kind: 'any' } | { kind: 'list'; origins: ReadonlySet<string> };

/** The browser-facing routes, and the methods a page may use on each. */
export type BrowserRoute = 'graphql' | 'maps';
const METHODS: Record<BrowserRoute, string> = { graphql: 'GET, POST', maps: 'GET' };

/**
 * Request headers a page may send: JSON bodies, a gateway key either way, Apollo's CSRF
 * headers (csrf.ts), W3C trace context, and a request id of its own.
 */
export const ALLOWED_HEADERS = [
  'content-type',
  'authorization',
  'x-api-key',
  'apollo-require-preflight',
  'x-apollo-operation-name',
  'traceparent',
  'tracestate',
  'x-request-id',
].join(', ');

/** Response headers a page may read beyond the CORS-safelisted ones: its budget, when to retry, the request id. */
export const EXPOSED_HEADERS = [
  'x-request-id',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
].join(', ');

/** Seconds a browser may reuse a preflight: two hours, the most Chromium honours (Firefox allows a day). */
export const PREFLIGHT_MAX_AGE_SECONDS = 7200;

/** What a preflight is answered with: 204 and the grant, or a refusal (403) that says why. */
export interface PreflightAnswer {
  headers: Record<string, string>;
  refusal?: string;
}

/**
 * The CORS policy of the browser-facing routes. Credentials are never
 * allowed: callers authenticate with headers the page sets itself, which CORS permits
 * without credentials mode, and the gateway reads no cookies. Without `CORS_ORIGINS`,
 * /graphql grants nothing; map assets stay readable from any page (they hold nothing
 * secret, and MapLibre loads them without a preflight), as before CORS was configurable.
 */
export class Cors {
  constructor(private readonly allowed?: CorsOrigins) {}

  /** Whether answers depend on the `Origin` header (a list of origins), so caches must key on it. */
  get variesByOrigin(): boolean {
    return this.allowed?.kind === 'list';
  }

  /** The CORS headers of an answer (success or error) on `route`; none for an origin not allowed. */
  headers(req: IncomingMessage, route: BrowserRoute): Record<string, string> {
    const origin = this.allowedOrigin(req, route);
    if (origin === undefined) return {};
    return { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSED_HEADERS };
  }

  /** A browser's preflight (OPTIONS with `Origin` and `Access-Control-Request-Method`), answered; else undefined. */
  preflight(req: IncomingMessage, route: BrowserRoute): PreflightAnswer | undefined {
    const origin = req.headers.origin;
    if (req.method !== 'OPTIONS' || !origin || !req.headers['access-control-request-method'])
      return undefined;
    const vary: Record<string, string> = this.variesByOrigin ? { vary: 'origin' } : {};
    if (!this.allowed || (this.allowed.kind === 'list' && !this.allowed.origins.has(origin)))
      return {
        headers: vary,
        refusal: this.allowed
          ? `Pages from ${origin} may not call this gateway: the origin is not in its CORS_ORIGINS. Ask its operator to add it (scheme, host and port exactly as the browser sends them).`
          : `This gateway allows no browser origins (CORS_ORIGINS is unset). Its operator can list your page's origin, e.g. CORS_ORIGINS=${origin}.`,
      };
    return {
      headers: {
        ...vary,
        'access-control-allow-origin': this.allowed.kind === 'any' ? '*' : origin,
        'access-control-allow-methods': METHODS[route],
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
      },
    };
  }

  private allowedOrigin(req: IncomingMessage, route: BrowserRoute): string | undefined {
    if (!this.allowed) return route === 'maps' ? '*' : undefined;
    if (this.allowed.kind === 'any') return '*';
    const origin = req.headers.origin;
    return origin !== undefined && this.allowed.origins.has(origin) ? origin : undefined;
  }
}

/**
 * Comma-separated origins as browsers send them in `Origin` (`https://app.example.com`,
 * `http://localhost:5173`): compared byte for byte, so each must be bare and canonical.
 * `*` stands alone. Empty entries (a trailing comma) are ignored.
 */
export function parseCorsOrigins(raw: string): CorsOrigins | { problems: string[] } {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  if (entries.includes('*'))
    return entries.length === 1
      ? { kind: 'any' }
      : { problems: [`CORS_ORIGINS is "${raw}": "*" allows every origin and must stand alone.`] };
  const problems = entries.flatMap((entry) => {
    const problem = originProblem(entry);
    return problem ? [`CORS_ORIGINS entry "${entry}" ${problem}`] : [];
  });
  return problems.length > 0 ? { problems } : { kind: 'list', origins: new Set(entries) };
}

function originProblem(entry: string): string | undefined {
  const example = 'e.g. https://app.example.com or http://localhost:5173';
  if (entry.includes('*'))
    return `has a wildcard; only a whole "*" is accepted, otherwise list each origin (${example}).`;
  let parsed: URL;
  try {
    parsed = new URL(entry);
  } catch {
    return `is not an origin; write scheme://host[:port], ${example}.`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return `is not an http:// or https:// origin; write scheme://host[:port], ${example}.`;
  // Browsers send the origin lower-cased, without a default port, path or trailing slash.
  if (parsed.origin !== entry)
    return `is not a bare origin as browsers send it (scheme, host and optional port, nothing after); write ${parsed.origin}.`;
  return undefined;
}
