import type { IncomingMessage } from 'node:http';
import type { TestStack } from '../support/gateway';
import { StandIn, bodyText, startStandInStack, type StandInReply } from '../support/stand-in';

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
export class ScriptedMaps extends StandIn {
  private readonly scripts = new Map<string, MapsScript>();

  static start(): Promise<ScriptedMaps> {
    return new ScriptedMaps().listen();
  }

  /** A stack whose maps REST API is this stand-in over the stack's own sandbox, scripts kept between tests. */
  static async withStack(): Promise<{ maps: ScriptedMaps; stack: TestStack }> {
    const { standIn, stack } = await startStandInStack('maps', ScriptedMaps.start);
    return { maps: standIn, stack };
  }

  /** Answer requests to `path` (e.g. `/sdk/v1/optimize`) by `script` until `clear()`. */
  script(path: string, script: MapsScript): void {
    this.scripts.set(path, script);
  }

  override clear(): void {
    this.scripts.clear();
  }

  protected async answer(req: IncomingMessage): Promise<StandInReply> {
    const { status, body } = await this.reply(req);
    return { status, body: JSON.stringify(body) };
  }

  private async reply(req: IncomingMessage): Promise<MapsReply> {
    const text = await bodyText(req);
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
