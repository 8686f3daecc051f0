import { parse } from 'graphql';
import { BoundedKeyValueCache, documentCache } from '../../src/server/bounded-cache';

describe('caches bounded by estimated bytes in memory', () => {
  it('evicts the least recently used entries past the byte bound, and keeps nothing larger than the bound', async () => {
    const cache = new BoundedKeyValueCache<string>(
      { maxEntries: 100, maxBytes: 1000 },
      (value) => value.length,
    );
    await cache.set('a', 'x'.repeat(400));
    await cache.set('b', 'y'.repeat(400));
    await cache.get('a');
    await cache.set('c', 'z'.repeat(400));
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('a')).toHaveLength(400);
    expect(cache.usage).toEqual({ entries: 2, bytes: 800 });
    await cache.set('huge', 'h'.repeat(1001));
    expect(await cache.get('huge')).toBeUndefined();
  });

  it('bounds entries too, and honours a TTL in seconds', async () => {
    const cache = new BoundedKeyValueCache<string>({ maxEntries: 2, maxBytes: 1_000_000 }, () => 1);
    await cache.set('a', '1');
    await cache.set('b', '2', { ttl: 60 });
    await cache.set('c', '3');
    expect(await cache.get('a')).toBeUndefined();
    expect(cache.usage.entries).toBe(2);
    expect(await cache.delete('b')).toBe(true);
  });

  it('counts a parsed document at 80 bytes a character of its text: a 1 MB bound holds about 12,000 characters of queries', async () => {
    const cache = documentCache({ maxEntries: 1_000_000, maxBytes: 1024 * 1024 });
    const text = (n: number) => `{ loccode(code: "KN3A 7QP") { a${String(n).padStart(6, '0')}: code } }`;
    for (let n = 0; n < 1000; n += 1) await cache.set(`key${n}`, parse(text(n)));
    // Each text is 45 characters: 3,600 bytes and a little overhead per entry.
    expect(cache.usage.entries).toBeGreaterThan(250);
    expect(cache.usage.entries).toBeLessThan(300);
    expect(cache.usage.bytes).toBeLessThanOrEqual(1024 * 1024);
  });
});
