import type { Config } from './config';
import { startApp } from './app';
import { drainThenExit } from './shutdown';
import { logger } from '../observability/logger';
import { startTracing } from '../observability/tracing';
import { PrimaryRpc } from '../upstream/primary-rpc';
import type { SandboxUrls } from '../sandbox';

/**
 * One worker of WORKERS > 1: the whole gateway on the port the primary shares,
 * with pacing and client budgets kept by the primary, the primary's embedded sandbox, and
 * its own caches. It stops as one process does, on a signal from the primary (which
 * forwards its own) or from the terminal; and when the primary is gone, since no
 * connection can reach it any more.
 */
export async function runWorker(config: Config): Promise<void> {
  const primary = new PrimaryRpc({
    // With a callback, a closed channel is reported to it instead of as an 'error' event that would end the process.
    send: (message, failed) =>
      process.send!(message, undefined, undefined, (error) => error && failed(error)),
    onMessage: (listener) => process.on('message', listener),
  });
  // Until the gateway is up there is nothing to drain.
  let stop: (signal: NodeJS.Signals) => void = () => process.exit(0);
  process.on('SIGTERM', (signal) => stop(signal));
  process.on('SIGINT', (signal) => stop(signal));
  process.on('disconnect', () => {
    logger.warn('the cluster primary is gone; this worker stops');
    primary.close();
    stop('SIGINT');
  });
  const stopTracing = await startTracing(config.tracing, config.traceSampler);
  const sandboxUrls = (await primary.call('sandbox')) as SandboxUrls | null;
  const app = await startApp(config, {}, { worker: { primary, ...(sandboxUrls && { sandboxUrls }) } });
  stop = drainThenExit(app, config, stopTracing);
}
