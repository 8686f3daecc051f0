import cluster, { type Worker } from 'node:cluster';
import type { AddressInfo } from 'node:net';
import type { Config } from './config';
import { banner } from './banner';
import { liveServices } from './upstreams';
import { logger } from '../observability/logger';
import { groupMetrics } from '../observability/metrics';
import { LimiterHost, type LimiterRequest } from '../upstream/limiter-host';
import { FlightHost, type FlightRequest } from '../upstream/flight-host';
import { primaryEnd, type Services } from '../upstream/primary-rpc';
import { startSandbox } from '../sandbox';
import { RestartBackoff } from './restart-backoff';

/**
 * `npm start` with WORKERS > 1: this process serves no HTTP. It starts the one
 * embedded sandbox (when any upstream is not configured), forks the workers, which share
 * its port (node:cluster hands each connection to the next worker in turn), and answers
 * them: pacing and client budgets for all (LimiterHost, one clock), one upstream call per
 * identical call across them (FlightHost), the whole group's
 * metrics, the sandbox's URLs. The banner is printed once every worker listens. A worker
 * that dies is replaced with a back-off; one that cannot start stops them all (exit 1). On
 * SIGTERM or SIGINT each worker drains as a single process does (SHUTDOWN_DELAY_MS
 * included), and the primary exits once they all have.
 */
export async function runPrimary(config: Config): Promise<void> {
  const live = liveServices(config);
  const sandbox = Object.values(live).every(Boolean) ? undefined : await startSandbox();
  if (sandbox) logger.info('embedded sandbox started: one for every worker', { urls: sandbox.urls });
  const limiters = new LimiterHost();
  const flights = new FlightHost();
  const metrics = groupMetrics();
  const services: Services = {
    limiter: (body) => limiters.answer(body as LimiterRequest),
    flight: (body, from) => flights.answer(from, body as FlightRequest),
    metrics: () => metrics(),
    sandbox: () => sandbox?.urls ?? null,
  };
  // One end per worker, which batches the replies of a turn (primary-rpc.ts).
  const ends = new Map<number, (message: unknown) => void>();
  cluster.on('message', (worker, message) => {
    let end = ends.get(worker.id);
    if (!end) {
      end = primaryEnd(services, worker.id, (reply) => {
        // A worker gone meanwhile asked for nothing any more: the callback keeps that from being an 'error' event.
        if (worker.isConnected()) worker.send(reply as object, undefined, undefined, () => undefined);
      });
      ends.set(worker.id, end);
    }
    end(message);
  });

  const alive = new Set<Worker>();
  const listening = new Set<Worker>();
  const restarts = new Set<NodeJS.Timeout>();
  const backoff = new RestartBackoff();
  let up = false;
  let stopping = false;
  let failed = false;

  const exit = async (code: number) => {
    await sandbox?.close();
    process.exit(code);
  };
  const fork = () => alive.add(cluster.fork());

  cluster.on('listening', (worker, address: AddressInfo) => {
    listening.add(worker);
    logger.info('worker listening', { worker: worker.id, pid: worker.process.pid });
    if (up || listening.size < config.workers) return;
    up = true;
    console.log(banner(config, `http://${config.host}:${address.port}/graphql`));
  });

  cluster.on('exit', (worker, code, signal) => {
    // Whoever waits on a call this worker was making calls for themselves.
    flights.gone(worker.id);
    ends.delete(worker.id);
    alive.delete(worker);
    listening.delete(worker);
    const fields = { worker: worker.id, pid: worker.process.pid, code, signal };
    if (stopping) {
      failed ||= code !== 0;
      if (alive.size === 0) void exit(failed ? 1 : 0);
      return;
    }
    if (!up) {
      // As one process that cannot start: say so and stop (its own log line says why).
      logger.error('a worker could not start; stopping', fields);
      stopping = true;
      for (const other of alive) other.process.kill('SIGKILL');
      if (alive.size === 0) void exit(1);
      return;
    }
    const restartInMs = backoff.next();
    logger.error('worker exited unexpectedly; starting another', { ...fields, restartInMs });
    const timer = setTimeout(() => {
      restarts.delete(timer);
      fork();
    }, restartInMs);
    restarts.add(timer);
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    restarts.forEach(clearTimeout);
    logger.info('shutting down: every worker finishes its in-flight requests', {
      signal,
      workers: alive.size,
    });
    // The same signal, so each worker does what one process would (SIGTERM waits SHUTDOWN_DELAY_MS).
    for (const worker of alive) worker.process.kill(signal);
    if (alive.size === 0) void exit(0);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  for (let count = 0; count < config.workers; count += 1) fork();
}
