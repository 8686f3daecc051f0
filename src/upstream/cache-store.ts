import { LRUCache } from 'lru-cache';
import { systemClock, type Clock } from '../kernel/clock';

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
 * Where answers are kept across requests: this process's memory, or with REDIS_URL
 * the replicas' shared store (SharedCacheStore, shared-cache.ts) over that memory.
 */
export interface CacheStore {
  get(key: string): Promise<CacheEntry | undefined>;
  set(key: string, entry: CacheEntry): Promise<void>;
  /**
   * What `get` would answer, when it can tell without I/O; otherwise undefined (then `get` is
   * asked). Cache hits are most calls: this spares each the turn of a promise.
   */
  peek?(key: string): CacheEntry | undefined;
}

export interface MemoryCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/**
 * An entry's bytes in memory, estimated: a parsed JSON body takes about a byte per character
 * of its JSON on V8 (measured on upstream-shaped bodies), with half as much again for bodies
 * of unique strings; the key is a string; each entry has its own overhead.
 */
function approximateBytes(entry: CacheEntry, key: string): number {
  return Math.ceil(1.5 * JSON.stringify(entry.outcome).length) + 2 * key.length + 200;
}

/** In-process store bounded by entry count and by an estimate of the bytes it holds in memory. */
export class MemoryCacheStore implements CacheStore {
  private readonly lru: LRUCache<string, CacheEntry>;

  constructor(
    limits: MemoryCacheLimits,
    private readonly clock: Clock = systemClock,
  ) {
    this.lru = new LRUCache<string, CacheEntry>({
      max: limits.maxEntries,
      maxSize: limits.maxBytes,
      sizeCalculation: (entry, key) => approximateBytes(entry, key),
    });
  }

  async get(key: string): Promise<CacheEntry | undefined> {
    return this.peek(key);
  }

  peek(key: string): CacheEntry | undefined {
    const entry = this.lru.get(key);
    if (entry && entry.staleUntil <= this.clock.now()) {
      this.lru.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Entries and estimated bytes held now. */
  get usage(): { entries: number; bytes: number } {
    return { entries: this.lru.size, bytes: this.lru.calculatedSize };
  }

  async set(key: string, entry: CacheEntry): Promise<void> {
    // Expiry is read on the clock at each get; the bounds evict what is never asked again.
    this.lru.set(key, entry);
  }
}
