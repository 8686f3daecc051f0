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

/**
 * Values of texts seen lately, found by the text's length, then compared with the last text of
 * that length (a memory compare), not by hashing the text to key a Map: for texts that are new
 * objects on every request (request bodies, document texts), hashing costs more than the work
 * it would save. Bounded by the characters it holds: past `maxChars` it starts again empty.
 */
export class LastOfLength<V> {
  private readonly byLength = new Map<number, { text: string; value: V }>();
  private chars = 0;

  constructor(private readonly maxChars = 4_000_000) {}

  get(text: string): V | undefined {
    const known = this.byLength.get(text.length);
    return known !== undefined && known.text === text ? known.value : undefined;
  }

  set(text: string, value: V): void {
    if (!this.byLength.has(text.length)) {
      if (this.chars + text.length > this.maxChars) {
        this.byLength.clear();
        this.chars = 0;
      }
      this.chars += text.length;
    }
    this.byLength.set(text.length, { text, value });
  }
}

/**
 * One string object for each document text seen lately, so that the memos keyed by a text
 * hash it once in its life. V8 hashes a string over all its characters the first time it
 * keys a Map, and keeps the hash on that object; but a request's text is a new object every
 * time (JSON.parse makes it), and hashing a long document again on every request is a
 * visible part of a response-cache hit. Here a text is looked up by its length, an integer,
 * and compared with the one last seen at that length, which V8 does with a memory compare.
 * Bounded by the characters it holds: past `maxChars` it starts again empty.
 */
export class TextInterner {
  private readonly known: LastOfLength<string>;

  constructor(maxChars = 4_000_000) {
    this.known = new LastOfLength<string>(maxChars);
  }

  /** The text seen before that equals `text`, or `text`, which is kept for the next one. */
  canonical(text: string): string {
    const known = this.known.get(text);
    if (known !== undefined) return known;
    this.known.set(text, text);
    return text;
  }
}
