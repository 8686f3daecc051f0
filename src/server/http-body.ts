import type { IncomingMessage, Server } from 'node:http';

/**
 * The whole request body as text; `too-large` as soon as it passes `maxBytes` (reading stops
 * there, so a slow sender is answered at once); `aborted` when the request ends before its
 * body (the client left, or the request timed out).
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<string | 'too-large' | 'aborted'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData);
      req.pause();
      resolve('too-large');
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve('aborted'));
    req.on('close', () => {
      if (!req.complete) resolve('aborted');
    });
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
