import { LRUCache } from 'lru-cache';
import type { DocumentNode } from 'graphql';
import type { SharedRedis } from '../upstream/shared-redis';

/**
 * Apollo Server's KeyValueCache (get, set with a TTL in seconds, delete), on lru-cache,
 * bounded by entries and by an estimate of the bytes each value holds in memory. Apollo's
 * own default bounds its caches by JSON length, which for parsed documents is a small part of
 * what they occupy: distinct queries would grow the process far past its bound.
 */
export class BoundedKeyValueCache<V extends object | string> {
  private readonly lru: LRUCache<string, V>;

  constructor(limits: { maxEntries: number; maxBytes: number }, bytesOf: (value: V, key: string) => number) {
    this.lru = new LRUCache<string, V>({
      max: limits.maxEntries,
      maxSize: limits.maxBytes,
      // An entry larger than the whole bound is not kept at all.
      maxEntrySize: limits.maxBytes,
      sizeCalculation: (value, key) => Math.max(1, Math.ceil(bytesOf(value, key))),
    });
  }

  async get(key: string): Promise<V | undefined> {
    return this.lru.get(key);
  }

  async set(key: string, value: V, options?: { ttl?: number | null }): Promise<void> {
    const ttlSeconds = options?.ttl;
    this.lru.set(key, value, ttlSeconds ? { ttl: ttlSeconds * 1000 } : {});
  }

  async delete(key: string): Promise<boolean> {
    return this.lru.delete(key);
  }

  /** Entries and estimated bytes held now. */
  get usage(): { entries: number; bytes: number } {
    return { entries: this.lru.size, bytes: this.lru.calculatedSize };
  }
}

/**
 * The same KeyValueCache of strings over Redis, shared by the replicas: a whole
 * response cached by one is served by all, for its TTL (PX; no TTL, no expiry: Redis's
 * maxmemory policy evicts it). While Redis is down or slow each replica reads and writes
 * its own bounded cache instead. No local copy of what Redis holds: a hit is one GET of a
 * string the plugin parses anyway, and each response is kept once, not once per replica.
 */
export class SharedKeyValueCache {
  constructor(
    private readonly shared: SharedRedis,
    private readonly local: BoundedKeyValueCache<string>,
    private readonly prefix = 'response:',
  ) {}

  async get(key: string): Promise<string | undefined> {
    return this.shared.run(
      'response.get',
      async (redis) => (await redis.get(this.prefix + key)) ?? undefined,
      () => this.local.get(key),
    );
  }

  async set(key: string, value: string, options?: { ttl?: number | null }): Promise<void> {
    const ttlSeconds = options?.ttl;
    await this.shared.run(
      'response.set',
      async (redis) => {
        if (ttlSeconds) await redis.set(this.prefix + key, value, 'PX', Math.ceil(ttlSeconds * 1000));
        else await redis.set(this.prefix + key, value);
      },
      () => this.local.set(key, value, options),
    );
  }

  async delete(key: string): Promise<boolean> {
    const local = await this.local.delete(key);
    return this.shared.run(
      'response.delete',
      async (redis) => (await redis.del(this.prefix + key)) > 0 || local,
      () => local,
    );
  }
}

/**
 * Heap bytes of a parsed document per character of its source, measured with graphql 16
 * on typical queries (about 73; see bench:memory), rounded up.
 */
const DOCUMENT_BYTES_PER_SOURCE_CHAR = 80;
/** Overhead of one cached entry (the LRU's node, the key's string) besides its value. */
const ENTRY_OVERHEAD_BYTES = 200;

/** Parsed and validated documents, keyed by the hash of their text. */
export function documentCache(limits: {
  maxEntries: number;
  maxBytes: number;
}): BoundedKeyValueCache<DocumentNode> {
  return new BoundedKeyValueCache<DocumentNode>(
    limits,
    (document, key) =>
      (document.loc?.source.body.length ?? 1000) * DOCUMENT_BYTES_PER_SOURCE_CHAR +
      key.length +
      ENTRY_OVERHEAD_BYTES,
  );
}

/** Whole responses (and persisted queries): strings, about a byte a character (V8 one-byte strings; JSON is mostly ASCII). */
export function stringCache(limits: { maxEntries: number; maxBytes: number }): BoundedKeyValueCache<string> {
  return new BoundedKeyValueCache<string>(
    limits,
    (value, key) => 2 * value.length + key.length + ENTRY_OVERHEAD_BYTES,
  );
}
