import { LRUCache } from 'lru-cache';

/** One remembered upstream answer: a body, or a definite "not found" worth repeating for a while. */
export interface CacheEntry {
  outcome: { kind: 'body'; body: unknown } | { kind: 'not-found'; code: string; message: string };
  /** Epoch ms when it was fetched. */
  fetchedAt: number;
  /** Until then it is served as is. */
  freshUntil: number;
  /** Until then it may still be served when the upstream fails (stale if error). */
  staleUntil: number;
}

/**
 * Where answers are kept across requests. Memory now; a shared store (Redis)
 * can implement the same two methods later without touching anything above.
 */
export interface CacheStore {
  get(key: string): Promise<CacheEntry | undefined>;
  set(key: string, entry: CacheEntry): Promise<void>;
}

export interface MemoryCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/** In-process store bounded by entry count and by the serialised size of what it holds. */
export class MemoryCacheStore implements CacheStore {
  private readonly lru: LRUCache<string, CacheEntry>;

  constructor(limits: MemoryCacheLimits) {
    this.lru = new LRUCache<string, CacheEntry>({
      max: limits.maxEntries,
      maxSize: limits.maxBytes,
      sizeCalculation: (entry, key) => key.length + JSON.stringify(entry.outcome).length,
    });
  }

  async get(key: string): Promise<CacheEntry | undefined> {
    const entry = this.lru.get(key);
    if (entry && entry.staleUntil <= Date.now()) {
      this.lru.delete(key);
      return undefined;
    }
    return entry;
  }

  async set(key: string, entry: CacheEntry): Promise<void> {
    this.lru.set(key, entry, { ttl: Math.max(1, entry.staleUntil - Date.now()) });
  }
}
