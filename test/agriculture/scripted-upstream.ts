import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TestHttp } from '../support/http';

export interface ScriptedReply {
  status: number;
  body: unknown;
}

/**
 * A stand-in agriculture service for answers the sandbox cannot be made to give
 * through the graph (an upstream code the gateway's own checks prevent, a body that
 * breaks the spec). Requests to a scripted path get the scripted reply; every other
 * request is forwarded to the sandbox, so sibling fields still have real data.
 */
export class ScriptedAgriculture {
  private readonly replies = new Map<string, ScriptedReply>();
  private readonly http = new TestHttp();
  private readonly server: Server = createServer((req, res) => {
    this.answer(req).then(
      ({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(body);
      },
      () => res.destroy(),
    );
  });
  private target = '';
  /** Requests received, scripted or forwarded, by path below /api/v1. */
  readonly received: string[] = [];
  /** `http://127.0.0.1:PORT`, the base URL to configure as AGRI_BASE_URL. */
  url = '';

  static async start(): Promise<ScriptedAgriculture> {
    const scripted = new ScriptedAgriculture();
    await new Promise<void>((resolve) => scripted.server.listen(0, '127.0.0.1', resolve));
    scripted.url = `http://127.0.0.1:${(scripted.server.address() as AddressInfo).port}`;
    return scripted;
  }

  /** Where unscripted requests go: the sandbox's agriculture base URL. */
  forwardTo(target: string): void {
    this.target = target;
  }

  /** Answer every request to `path` (below /api/v1) with `reply` until `clear()`. */
  script(path: string, reply: ScriptedReply): void {
    this.replies.set(`/api/v1${path}`, reply);
  }

  clear(): void {
    this.replies.clear();
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve));
    await this.http.close();
  }

  private async answer(req: IncomingMessage): Promise<{ status: number; body: string }> {
    this.received.push((req.url ?? '').split('?')[0]!.replace(/^\/api\/v1/, ''));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const reply = this.replies.get(new URL(req.url ?? '/', 'http://scripted.invalid').pathname);
    if (reply) return { status: reply.status, body: JSON.stringify(reply.body) };
    const forwarded = await this.http.send(
      req.method as 'GET' | 'POST',
      `${this.target}${req.url}`,
      Object.fromEntries(
        ['authorization', 'content-type'].flatMap((name) => {
          const value = req.headers[name];
          return typeof value === 'string' ? [[name, value]] : [];
        }),
      ),
      chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : undefined,
    );
    return { status: forwarded.status, body: forwarded.text };
  }
}
