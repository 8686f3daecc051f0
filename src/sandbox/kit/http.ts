import { once } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';

/** Resolves once the server listens; rejects with the error that stopped it (a port in use). */
export async function listenOn(server: Server, port: number, host: string): Promise<void> {
  server.listen(port, host);
  await once(server, 'listening');
}

/** The request body as text, read to its end; undefined when it is longer than `maxBytes`. */
export async function bodyText(req: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
  }
  return size > maxBytes ? undefined : Buffer.concat(chunks).toString('utf8');
}
