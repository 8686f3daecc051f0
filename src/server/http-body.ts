import type { IncomingMessage, Server } from 'node:http';

/** The whole request body as text, or undefined when it is larger than `maxBytes` (the rest is drained). */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > maxBytes ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * How deep `[` and `{` nest in JSON text, strings skipped; read without parsing. Values
 * nested thousands deep overflow the stack of code that walks them (JSON.stringify, caches).
 */
export function jsonNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') deepest = Math.max(deepest, ++depth);
    else if (char === ']' || char === '}') depth -= 1;
  }
  return deepest;
}

/**
 * How deep `{` and `[` nest in a GraphQL document (selection sets, and object and list
 * values), strings and comments skipped; read without parsing. The parser and validation
 * recurse once a level, so a document thousands of levels deep must be refused before them.
 */
export function documentNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '#') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (char === '"') {
      const block = text.startsWith('"""', i);
      const close = block ? text.indexOf('"""', i + 3) : closingQuote(text, i + 1);
      i = close < 0 ? text.length : close + (block ? 2 : 0);
    } else if (char === '{' || char === '[') deepest = Math.max(deepest, ++depth);
    else if (char === '}' || char === ']') depth -= 1;
  }
  return deepest;
}

/** The index of the `"` closing a string that starts at `from`, escapes skipped; -1 when none. */
function closingQuote(text: string, from: number): number {
  for (let i = from; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === '"' || text[i] === '\n') return i;
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
