// First of all: graphql-js in production mode when NODE_ENV is unset (see the file).
import './graphql-mode';
// Then: a worker of WORKERS > 1 must answer its primary's metrics requests while the rest loads.
import './metrics-early';
import cluster from 'node:cluster';
import { startApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { configureLogger, logger } from '../observability/logger';
import { startTracing } from '../observability/tracing';
import { effectiveConfig } from './effective-config';
import { banner } from './banner';
import { drainThenExit } from './shutdown';
import { runPrimary } from './cluster-primary';
import { runWorker } from './cluster-worker';

/**
 * `npm start`: the gateway, with the embedded sandbox for every upstream not configured.
 * With WORKERS > 1 this process is the cluster's primary, and the workers run this file too.
 */
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
  configureLogger(cluster.isWorker ? { ...config.logging, worker: cluster.worker!.id } : config.logging);
  if (cluster.isWorker) return runWorker(config);
  logger.info('configuration', { configuration: effectiveConfig(config) });
  if (config.workers > 1) return runPrimary(config);
  const stopTracing = await startTracing(config.tracing, config.traceSampler);
  const app = await startApp(config);
  console.log(banner(config, app.url));
  const stop = drainThenExit(app, config, stopTracing);
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
