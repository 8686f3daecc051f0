import type { Config } from './config';

const REDACTED = '[redacted]';

/**
 * The configuration as start-up logs it: every setting, secrets replaced.
 * Upstream keys and METRICS_TOKEN are never shown; clients appear by name (never their
 * key hashes); a password in a URL (REDIS_URL, a base URL with credentials) is hidden.
 */
export function effectiveConfig(config: Config): Record<string, unknown> {
  const { upstreams, access, shared, cors, tracing } = config;
  return {
    ...config,
    upstreams: Object.fromEntries(
      Object.entries(upstreams).map(([service, target]) => [
        service,
        {
          baseUrl: withoutPassword(target.baseUrl),
          ...('hostUrl' in target && { hostUrl: withoutPassword(target.hostUrl) }),
          apiKey: REDACTED,
        },
      ]),
    ),
    access: {
      ...access,
      clients: access.clients.map((client) => client.name),
      ...(access.metricsToken && { metricsToken: REDACTED }),
      ...(access.trustedDocuments && { trustedDocuments: { documents: access.trustedDocuments.size } }),
      ...(access.trustProxy && {
        trustProxy:
          access.trustProxy.kind === 'hops' ? access.trustProxy : { ranges: access.trustProxy.ranges.rules },
      }),
    },
    ...(shared && { shared: { ...shared, url: withoutPassword(shared.url) } }),
    ...(cors && { cors: cors.kind === 'any' ? '*' : [...cors.origins] }),
    ...(tracing && { tracing: { ...tracing, endpoint: withoutPassword(tracing.endpoint) } }),
  };
}

function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (!parsed.password) return url;
  // `[` and `]` would be percent-encoded in a URL.
  parsed.password = '***';
  return parsed.href;
}
