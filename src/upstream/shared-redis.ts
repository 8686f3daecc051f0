import Redis from 'ioredis';
import { errorFields, logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';

/** How this replica reaches the state it shares with the others. */
export interface SharedRedisOptions {
  url: string;
  /** Milliseconds any one command may take before this replica answers from local state instead. */
  timeoutMs: number;
  /** Prepended to every key, so several gateways (or tests) can share one Redis. */
  keyPrefix: string;
}

export type SharedState = 'up' | 'degraded';

/**
 * The one Redis connection of a replica, and the rule every use of it follows: Redis failing
 * is never the client's problem. Each command has a short timeout and no offline queue, so
 * an unreachable Redis costs a request at most `timeoutMs`; the caller's `local` answer is
 * used instead, the fallback is counted (`loccode_redis_fallbacks_total`), the change of
 * state is logged once, `/readyz` says `degraded`, and ioredis reconnects by itself.
 */
export class SharedRedis {
  readonly client: Redis;
  private state: SharedState = 'degraded';
  /** Set while a connection that looks open has stopped answering: a PING decides when it is back. */
  private probe?: NodeJS.Timeout;
  private readonly upListeners: Array<() => void> = [];

  constructor(
    private readonly options: SharedRedisOptions,
    private readonly metrics: Metrics,
  ) {
    this.client = new Redis(options.url, {
      keyPrefix: options.keyPrefix,
      commandTimeout: options.timeoutMs,
      connectTimeout: Math.max(options.timeoutMs, 1000),
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Reconnect forever, at most every 2 s: the replica keeps serving from local state meanwhile.
      retryStrategy: (attempt) => Math.min(100 * attempt, 2000),
      lazyConnect: true,
    });
    this.client.on('ready', () => {
      this.stopProbe();
      this.become('up');
    });
    this.client.on('error', () => this.become('degraded'));
    this.client.on('end', () => this.become('degraded'));
    this.client.on('close', () => this.become('degraded'));
    metrics.redisUp.set(0);
  }

  /** Connects; a Redis that is not there yet only leaves the replica degraded until it is. */
  async connect(): Promise<void> {
    await this.client.connect().catch(() => this.become('degraded'));
  }

  get status(): SharedState {
    return this.state;
  }

  /**
   * `command` against Redis; on any failure (down, slow, refused) `local()` instead. Use
   * the key prefix from the options: ioredis adds it to keys, not to script arguments.
   */
  async run<T>(
    operation: string,
    command: (redis: Redis) => Promise<T>,
    local: () => T | Promise<T>,
  ): Promise<T> {
    if (this.state === 'up') {
      try {
        return await command(this.client);
      } catch (error) {
        if (timedOut(error) && this.client.status === 'ready') this.suspend();
        else this.become('degraded', error);
      }
    }
    this.metrics.redisFallbacks.inc({ operation });
    return local();
  }

  /** Calls `listener` each time Redis answers again after an outage (and on the first connection). */
  onUp(listener: () => void): void {
    this.upListeners.push(listener);
  }

  async close(): Promise<void> {
    this.stopProbe();
    this.client.removeAllListeners('end');
    this.client.removeAllListeners('close');
    await this.client.quit().catch(() => this.client.disconnect());
  }

  /**
   * A command timed out on an open connection: a Redis that hangs (stopped, swapping, a
   * network that drops without a reset) keeps the socket, so ioredis never reconnects and
   * every command would wait its full timeout. Until a PING answers, this replica uses its
   * local state at once instead; a slow command that was only slow costs one PING.
   */
  private suspend(): void {
    if (this.probe) return;
    this.become('degraded');
    const ping = () => {
      this.probe = setTimeout(() => {
        if (this.client.status !== 'ready') return this.stopProbe(); // the 'ready' event takes over
        this.client.ping().then(
          () => {
            this.stopProbe();
            this.become('up');
          },
          () => ping(),
        );
      }, this.options.timeoutMs);
      this.probe.unref();
    };
    ping();
  }

  private stopProbe(): void {
    clearTimeout(this.probe);
    this.probe = undefined;
  }

  private become(state: SharedState, error?: unknown): void {
    if (state === 'degraded' && error !== undefined && this.client.status === 'ready') {
      // One refused command is not an outage: it falls back alone, the connection stays in use.
      logger.debug('redis command failed; answered from local state', errorFields(error));
      return;
    }
    if (this.state === state) return;
    this.state = state;
    this.metrics.redisUp.set(state === 'up' ? 1 : 0);
    if (state === 'up') {
      for (const listener of this.upListeners) listener();
      logger.info('redis reachable; shared state in use', { url: redacted(this.options.url) });
    } else
      logger.warn('redis unreachable; serving from local state until it is back', {
        url: redacted(this.options.url),
      });
  }
}

/** ioredis' `commandTimeout` rejects with this message. */
function timedOut(error: unknown): boolean {
  return error instanceof Error && error.message === 'Command timed out';
}

/** A Redis URL without its password, for logs. */
function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'redis';
  }
}
