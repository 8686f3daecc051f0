import type { IncomingMessage } from 'node:http';
import { StandIn, bodyText, type StandInReply } from '../support/stand-in';

export interface ScriptedReply {
  status: number;
  body: unknown;
}

/**
 * A stand-in service (agriculture, or healthcare below /api/v1) for answers the sandbox
 * cannot be made to give through the graph (an upstream code the gateway's own checks
 * prevent, a body that breaks the spec). Requests to a scripted path get the scripted
 * reply; every other request is forwarded to the sandbox, so sibling fields still have real data.
 */
export class ScriptedAgriculture extends StandIn {
  private readonly replies = new Map<string, ScriptedReply>();
  /** Requests received, scripted or forwarded, by path below /api/v1. */
  readonly received: string[] = [];

  static start(): Promise<ScriptedAgriculture> {
    return new ScriptedAgriculture().listen();
  }

  /** Answer every request to `path` (below /api/v1) with `reply` until `clear()`. */
  script(path: string, reply: ScriptedReply): void {
    this.replies.set(`/api/v1${path}`, reply);
  }

  override clear(): void {
    this.replies.clear();
  }

  protected async answer(req: IncomingMessage): Promise<StandInReply> {
    this.received.push((req.url ?? '').split('?')[0]!.replace(/^\/api\/v1/, ''));
    const text = await bodyText(req);
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
      text,
    );
    return { status: forwarded.status, body: forwarded.text };
  }
}
