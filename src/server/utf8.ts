import { transcode } from 'node:buffer';

/**
 * A character outside Latin-1. V8 keeps a string with one such character two bytes a
 * character, and tells a one-byte string does not match without reading it.
 */
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

/**
 * What a socket should be handed to write `text` as UTF-8: the text itself, or its bytes.
 *
 * Node 24's UTF-8 encoder is slow for a two-byte string (one en dash in a large answer is
 * enough): encoding it and measuring it for Content-Length cost several times what copying it
 * as UTF-16 and converting it with ICU (`buffer.transcode`) costs. Upstream text (Yoruba, Igbo and Hausa names, en
 * dashes) makes such answers common. A one-byte text stays a text: Node writes it fastest.
 */
export function utf8Payload(text: string): string | Buffer {
  return BEYOND_LATIN1.test(text) ? transcoded(text) : text;
}

/** `text`'s UTF-8 bytes, as `Buffer.from(text, 'utf8')` makes them (see {@link utf8Payload}). */
export function utf8Buffer(text: string): Buffer {
  const payload = utf8Payload(text);
  return typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
}

/**
 * A text's UTF-8 bytes as a string of one character per byte (Latin-1): what a socket writes
 * for it with the `latin1` encoding, without measuring or encoding it again, and what
 * `Buffer.from(…, 'latin1')` copies without encoding. Answers are held so (response-cache.ts,
 * lean-path.ts): an answer written many times is encoded once.
 */
export function utf8Bytes(text: string): string {
  return utf8Buffer(text).toString('latin1');
}

/** The text whose UTF-8 bytes {@link utf8Bytes} holds. */
export function utf8Text(bytes: string): string {
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function transcoded(text: string): Buffer {
  try {
    return transcode(Buffer.from(text, 'utf16le'), 'utf16le', 'utf8');
  } catch {
    // ICU refuses a lone surrogate, which Node writes as U+FFFD; a Node without ICU has no transcode.
    return Buffer.from(text, 'utf8');
  }
}
