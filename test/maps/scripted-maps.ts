import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_KEYS } from '../../src/sandbox';
import { SINGLE_REQUEST_DISCIPLINE, startTestStack, type TestStack } from '../support/gateway';
import { TestHttp } from '../support/http';

/** A request as the stand-in received it: path below the host, query, and the JSON body if any. */
export interface MapsRequest {
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface MapsReply {
  status: number;
  body: unknown;
}

/**
 * What the stand-in answers to one path: a reply of its own, or the sandbox's (`forward`,
 * optionally to another path and query), changed or not.
 */
export type MapsScript = (
  request: MapsRequest,
  forward: (pathAndQuery?: string) => Promise<MapsReply>,
) => Promise<MapsReply>;

/**
 * A maps service for answers the sandbox does not give: in front of the sandbox, it answers
 * a scripted path its own way and passes every other request through unchanged, key
 * included, so the rest of a query keeps real data.
 */
export class ScriptedMaps {
  private readonly scripts = new Map<string, MapsScript>();
  private readonly http = new TestHttp();
  private readonly server: Server;
  private target = '';
  url = '';

  private constructor() {
    this.server = createServer((req, res) => {
      void this.reply(req).then(
        ({ status, body }) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        },
        () => res.destroy(),
      );
    });
  }

  /** A stack whose maps REST API is this stand-in over the stack's own sandbox. */
  static async withStack(): Promise<{ maps: ScriptedMaps; stack: TestStack }> {
    const maps = new ScriptedMaps();
    await new Promise<void>((resolve) => maps.server.listen(0, '127.0.0.1', resolve));
    maps.url = `http://127.0.0.1:${(maps.server.address() as AddressInfo).port}`;
    const stack = await startTestStack({
      ...SINGLE_REQUEST_DISCIPLINE,
      MAP_API_BASE_URL: maps.url,
      MAP_HOST_URL: maps.url,
      MAP_API_KEY: SANDBOX_KEYS.maps,
      SANDBOX: 'all',
      ALLOW_ANONYMOUS: 'true',
    });
    maps.target = stack.sandbox.urls.maps;
    return { maps, stack };
  }

  /** Answer requests to `path` (e.g. `/sdk/v1/optimize`) by `script` until `clear()`. */
  script(path: string, script: MapsScript): void {
    this.scripts.set(path, script);
  }

  clear(): void {
    this.scripts.clear();
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve));
    await this.http.close();
  }

  private async reply(req: IncomingMessage): Promise<MapsReply> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : undefined;
    const url = new URL(req.url ?? '/', 'http://scripted.invalid');
    const forward = async (pathAndQuery = req.url): Promise<MapsReply> => {
      const key = req.headers['x-api-key'];
      const headers: Record<string, string> =
        typeof key === 'string' ? { 'x-api-key': key, 'content-type': 'application/json' } : {};
      const answer = await this.http.send(
        req.method as 'GET' | 'POST',
        `${this.target}${pathAndQuery}`,
        headers,
        text,
      );
      return { status: answer.status, body: answer.json };
    };
    const script = this.scripts.get(url.pathname);
    if (!script) return forward();
    return script(
      {
        path: url.pathname,
        query: url.searchParams,
        body: text === undefined ? undefined : JSON.parse(text),
      },
      forward,
    );
  }
}
