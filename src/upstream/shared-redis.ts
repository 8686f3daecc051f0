import Redis from 'ioredis';
import { logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';

/** How this replica reaches the state it shares with the others (issue #13). */
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
    this.client.on('ready', () => this.become('up'));
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
        this.become('degraded', error);
      }
    }
    this.metrics.redisFallbacks.inc({ operation });
    return local();
  }

  async close(): Promise<void> {
    this.client.removeAllListeners('end');
    this.client.removeAllListeners('close');
    await this.client.quit().catch(() => this.client.disconnect());
  }

  private become(state: SharedState, error?: unknown): void {
    if (state === 'degraded' && error !== undefined && this.client.status === 'ready') {
      // One slow command is not an outage: it falls back alone, the connection stays in use.
      logger.debug('redis command failed; answered from local state', { error: (error as Error).name });
      return;
    }
    if (this.state === state) return;
    this.state = state;
    this.metrics.redisUp.set(state === 'up' ? 1 : 0);
    if (state === 'up')
      logger.info('redis reachable; shared state in use', { url: redacted(this.options.url) });
    else
      logger.warn('redis unreachable; serving from local state until it is back', {
        url: redacted(this.options.url),
      });
  }
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
