/** Protocol Buffers wire types used by vector tiles and glyph ranges. */
const VARINT = 0;
const LENGTH_DELIMITED = 2;

/** A minimal Protocol Buffers encoder: just what vector tiles and glyph ranges need. */
export class ProtobufWriter {
  private readonly bytes: number[] = [];

  /** Unsigned varint; arithmetic rather than bit operations so values above 2^31 (OSM ids) survive. */
  varint(value: number): this {
    let rest = value;
    while (rest >= 0x80) {
      this.bytes.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    this.bytes.push(rest);
    return this;
  }

  uint(field: number, value: number): this {
    return this.varint(field * 8 + VARINT).varint(value);
  }

  string(field: number, text: string): this {
    return this.bytesField(field, Buffer.from(text, 'utf8'));
  }

  message(field: number, nested: ProtobufWriter): this {
    return this.bytesField(field, nested.finish());
  }

  packed(field: number, values: readonly number[]): this {
    const inner = new ProtobufWriter();
    for (const value of values) inner.varint(value);
    return this.bytesField(field, inner.finish());
  }

  finish(): Buffer {
    return Buffer.from(this.bytes);
  }

  private bytesField(field: number, content: Uint8Array): this {
    this.varint(field * 8 + LENGTH_DELIMITED).varint(content.length);
    for (const byte of content) this.bytes.push(byte);
    return this;
  }
}

/** ZigZag: small negative numbers as small unsigned ones (vector tile geometry). */
export function zigZag(value: number): number {
  return value < 0 ? -2 * value - 1 : 2 * value;
}
