import type { Config } from './config';
import { anonymousAllowed } from './app';
import { SERVICE_NAMES } from '../kernel/services';
import { anyLive, liveServices } from './upstreams';

/** What `npm start` prints once it serves at `url`: one string, so whoever reads the output sees it whole. */
export function banner(config: Config, url: string): string {
  const live = liveServices(config);
  const lines = [
    `loccode-graph is serving GraphQL at ${url}`,
    '  (open that URL in a browser for the GraphiQL IDE)',
    ...SERVICE_NAMES.map(
      (service) => `  ${service.padEnd(12)} ${live[service] ? 'live' : 'sandbox (simulated, embedded)'}`,
    ),
  ];
  if (anonymousAllowed(config, live))
    lines.push(
      !anyLive(live)
        ? '  Open to callers without a key: every upstream is the sandbox (set ALLOW_ANONYMOUS=false to require keys).'
        : '  ALLOW_ANONYMOUS is on: callers without a key spend the live upstreams too.',
    );
  else lines.push(`  Keys required: ${config.access.clients.length} client(s) in GATEWAY_API_KEYS.`);
  if (config.workers > 1)
    lines.push(
      `  ${config.workers} worker processes (WORKERS) share the port; pacing, client budgets and single flight are kept ${config.shared ? 'in Redis' : 'by the primary process'} for all of them.`,
    );
  if (config.exposeErrorDetails)
    lines.push('  EXPOSE_ERROR_DETAILS is on: unexpected errors show their messages and stacks.');
  if (config.tracing) lines.push('  OpenTelemetry spans are exported to OTEL_EXPORTER_OTLP_ENDPOINT.');
  return lines.join('\n');
}
