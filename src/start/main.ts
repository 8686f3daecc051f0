import { startApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { configureLogger, logger } from '../observability/logger';
import { startTracing } from '../observability/tracing';
import { SERVICE_NAMES } from '../kernel/services';
import { anyLive } from './upstreams';
import { effectiveConfig } from './effective-config';

/** `npm start`: the gateway, with the embedded sandbox for every upstream not configured. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  // Before anything logs: LOG_LEVEL and LOG_FILE come from the same reading, `.env` included.
  configureLogger(config.logging);
  logger.info('configuration', { configuration: effectiveConfig(config) });
  const stopTracing = await startTracing(config.tracing, config.traceSampler);
  const app = await startApp(config);
  // One write, so whoever reads the output sees the whole banner at once.
  const banner = [
    `loccode-graph is serving GraphQL at ${app.url}`,
    '  (open that URL in a browser for the GraphiQL IDE)',
    ...SERVICE_NAMES.map(
      (service) => `  ${service.padEnd(12)} ${app.live[service] ? 'live' : 'sandbox (simulated, embedded)'}`,
    ),
  ];
  if (app.anonymousAllowed)
    banner.push(
      !anyLive(app.live)
        ? '  Open to callers without a key: every upstream is the sandbox (set ALLOW_ANONYMOUS=false to require keys).'
        : '  ALLOW_ANONYMOUS is on: callers without a key spend the live upstreams too.',
    );
  else banner.push(`  Keys required: ${config.access.clients.length} client(s) in GATEWAY_API_KEYS.`);
  if (config.exposeErrorDetails)
    banner.push('  EXPOSE_ERROR_DETAILS is on: unexpected errors show their messages and stacks.');
  if (config.tracing) banner.push('  OpenTelemetry spans are exported to OTEL_EXPORTER_OTLP_ENDPOINT.');
  console.log(banner.join('\n'));

  // Graceful: the listener closes at once, in-flight requests finish (up to the drain grace period), then exit.
  const stop = (signal: NodeJS.Signals): void => {
    // SIGTERM is the orchestrator's: /readyz turns 503 for SHUTDOWN_DELAY_MS while requests are
    // still served, so its readiness probe takes the replica out before the listener closes.
    // SIGINT (Ctrl-C) is a person's: no wait.
    const delayMs = signal === 'SIGTERM' ? config.shutdownDelayMs : 0;
    app.drain();
    logger.info('shutting down: finishing in-flight requests', { signal, delayMs });
    new Promise((resolve) => setTimeout(resolve, delayMs))
      .then(() => app.close())
      .then(() => stopTracing())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error('shutdown failed', { error: error instanceof Error ? error.message : String(error) });
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  logger.error(
    code === 'EADDRINUSE' ? 'the port is already in use; set PORT to another one' : 'start-up failed',
    {
      error: error instanceof Error ? error.message : String(error),
    },
  );
  process.exit(1);
});
