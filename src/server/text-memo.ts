import { LRUCache } from 'lru-cache';

/**
 * Results of a function of a document's text, kept for the texts seen last, bounded by the
 * characters of the texts it holds (the keys are the texts themselves, up to a body's size).
 * A lookup hashes the text natively, far cheaper than hashing it with SHA-256 or scanning
 * it in JavaScript again: most requests repeat a document they sent before.
 */
export class TextMemo<V extends NonNullable<unknown>> {
  private readonly lru: LRUCache<string, V>;

  constructor(
    private readonly compute: (text: string) => V,
    maxChars = 4_000_000,
  ) {
    this.lru = new LRUCache<string, V>({
      maxSize: maxChars,
      maxEntrySize: maxChars,
      // The text (about a byte a character) plus the entry's own overhead.
      sizeCalculation: (_value, text) => text.length + 100,
    });
  }

  of(text: string): V {
    let value = this.lru.get(text);
    if (value === undefined) {
      value = this.compute(text);
      this.lru.set(text, value);
    }
    return value;
  }
}
