import { createHash } from 'node:crypto';
import { systemClock, type Clock } from '../kernel/clock';
import type { CacheEntry, CacheStore, MemoryCacheStore } from './cache-store';
import type { SharedRedis } from './shared-redis';

/**
 * The Redis key of an upstream cache key (service, method, path, query, body): hashed, so a
 * long POST body makes no long key; `v1` so a later change of the entry's shape reads nothing old.
 */
export function sharedKey(kind: 'upstream' | 'flight', cacheKey: string): string {
  const [service] = cacheKey.split('\n', 1);
  return `${kind}:v1:${service}:${createHash('sha256').update(cacheKey).digest('base64url')}`;
}

/**
 * The upstream cache shared by the replicas: every entry is written to Redis as
 * the CacheEntry's JSON, kept there until its stale-if-error copy is no longer usable
 * (PX = staleUntil - now), so a replica reads what another fetched, fresh or stale.
 *
 * The replica's own MemoryCacheStore (bounded as without Redis, CACHE_MAX_MB) is both:
 * - the fallback: while Redis is down or slow, reads and writes use it alone;
 * - an L1 for fresh entries only: an entry is replaced in Redis only after its fresh time
 *   (a refresh starts past `freshUntil`), so until then the local copy is the one Redis holds,
 *   and a hot key costs no GET nor JSON.parse of a large body. Past `freshUntil` Redis is
 *   asked, since another replica may have refreshed it.
 */
export class SharedCacheStore implements CacheStore {
  constructor(
    private readonly shared: SharedRedis,
    private readonly local: MemoryCacheStore,
    private readonly clock: Clock = systemClock,
  ) {}

  /** A fresh local entry, which `get` answers without asking Redis. */
  peek(key: string): CacheEntry | undefined {
    const local = this.local.peek(key);
    return local && this.clock.now() < local.freshUntil ? local : undefined;
  }

  async get(key: string): Promise<CacheEntry | undefined> {
    const local = this.local.peek(key);
    if (local && this.clock.now() < local.freshUntil) return local;
    const remote = await this.shared.run(
      'cache.get',
      async (redis) => parseEntry(await redis.get(sharedKey('upstream', key))),
      () => undefined,
    );
    if (!remote || remote.staleUntil <= this.clock.now()) return local;
    if (local && local.fetchedAt > remote.fetchedAt) return local;
    await this.local.set(key, remote);
    return remote;
  }

  async set(key: string, entry: CacheEntry): Promise<void> {
    await this.local.set(key, entry);
    const keepMs = Math.ceil(entry.staleUntil - this.clock.now());
    if (keepMs <= 0) return;
    await this.shared.run(
      'cache.set',
      async (redis) => {
        await redis.set(sharedKey('upstream', key), JSON.stringify(entry), 'PX', keepMs);
      },
      () => undefined,
    );
  }
}

/** An entry read back; anything else (another version's value, a damaged one) is no entry. */
function parseEntry(text: string | null): CacheEntry | undefined {
  if (text === null) return undefined;
  try {
    const entry = JSON.parse(text) as CacheEntry;
    return typeof entry?.staleUntil === 'number' && typeof entry.outcome?.kind === 'string'
      ? entry
      : undefined;
  } catch {
    return undefined;
  }
}
