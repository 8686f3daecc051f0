import type { IncomingMessage, Server } from 'node:http';
import getRawBody from 'raw-body';

/**
 * The whole request body as text, read by raw-body: `too-large` when its `Content-Length` or
 * the bytes received pass `maxBytes` (reading stops there, so a slow sender is answered at
 * once); `aborted` when the request ends before its body (the client left, or it timed out).
 */
export async function readBody(
  req: IncomingMessage,
  maxBytes: number,
): Promise<string | 'too-large' | 'aborted'> {
  try {
    return await getRawBody(req, {
      limit: maxBytes,
      length: req.headers['content-length'],
      encoding: 'utf8',
    });
  } catch (error) {
    return (error as { type?: string }).type === 'entity.too.large' ? 'too-large' : 'aborted';
  }
}

/**
 * How deep `[` and `{` nest in JSON text, strings skipped; read without parsing. Values
 * nested thousands deep overflow the stack of code that walks them (JSON.stringify, caches).
 */
export function jsonNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    // A string is skipped whole: indexOf finds its end far faster than a loop over its characters.
    if (code === QUOTE) i = jsonStringEnd(text, i + 1);
    else if (code === OPEN_BRACKET || code === OPEN_BRACE) deepest = Math.max(deepest, ++depth);
    else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) depth -= 1;
  }
  return deepest;
}

const QUOTE = 0x22;
const HASH = 0x23;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** The index of the `"` closing a JSON string whose text starts at `from` (one preceded by an even run of `\\`). */
function jsonStringEnd(text: string, from: number): number {
  for (let quote = text.indexOf('"', from); quote >= 0; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
  }
  return text.length;
}

/**
 * How deep `{` and `[` nest in a GraphQL document (selection sets, and object and list
 * values), strings and comments skipped; read without parsing. The parser and validation
 * recurse once a level, so a document thousands of levels deep must be refused before them.
 */
export function documentNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  // Only these characters matter; the regular expression skips the rest natively (names and
  // indentation are most of a document's text).
  const structural = /[{}[\]#"]/g;
  for (let match = structural.exec(text); match !== null; match = structural.exec(text)) {
    const i = match.index;
    const code = text.charCodeAt(i);
    if (code === HASH) {
      const end = text.indexOf('\n', i);
      structural.lastIndex = end < 0 ? text.length : end + 1;
    } else if (code === QUOTE) {
      const block = text.startsWith('"""', i);
      const close = block ? blockStringEnd(text, i + 3) : closingQuote(text, i + 1);
      structural.lastIndex = close < 0 ? text.length : close + (block ? 3 : 1);
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) deepest = Math.max(deepest, ++depth);
    else depth -= 1;
  }
  return deepest;
}

/** The index of the `"""` closing a block string whose text starts at `from` (`\\"""` is an escaped one); -1 when none. */
function blockStringEnd(text: string, from: number): number {
  let close = text.indexOf('"""', from);
  while (close > 0 && text.charCodeAt(close - 1) === BACKSLASH) close = text.indexOf('"""', close + 3);
  return close;
}

/** The index of the `"` closing a string that starts at `from`, escapes skipped; -1 when none. */
function closingQuote(text: string, from: number): number {
  for (let i = from; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === BACKSLASH) i += 1;
    else if (code === QUOTE || code === 0x0a) return i;
  }
  return -1;
}

export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
