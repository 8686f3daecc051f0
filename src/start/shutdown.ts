import type { App } from './app';
import type { Config } from './config';
import { logger } from '../observability/logger';

/**
 * Graceful stop on a signal: the listener closes, in-flight requests finish (up to the drain
 * grace period), then the process exits 0. Once per process: a second signal while it
 * drains changes nothing (a worker of WORKERS > 1 gets Ctrl-C's SIGINT from the terminal and
 * from its primary alike).
 */
export function drainThenExit(
  app: App,
  config: Config,
  stopTracing: () => Promise<void>,
): (signal: NodeJS.Signals) => void {
  let stopping = false;
  return (signal) => {
    if (stopping) return;
    stopping = true;
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
}
