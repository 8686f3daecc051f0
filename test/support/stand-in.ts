import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_KEYS } from '../../src/sandbox';
import { SINGLE_REQUEST_DISCIPLINE, startTestStack, type TestStack } from './gateway';
import { TestHttp } from './http';
import { late } from './late';

/** What a stand-in writes back: a status and a JSON text. */
export interface StandInReply {
  status: number;
  body: string;
}

/**
 * A stand-in upstream on a free local port, in front of the stack's own sandbox: a subclass
 * answers what the sandbox cannot be made to give and forwards the rest to `target`.
 */
export abstract class StandIn {
  protected readonly http = new TestHttp();
  private readonly server: Server = createServer((req, res) => {
    this.answer(req).then(
      ({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(body);
      },
      () => res.destroy(),
    );
  });
  /** Where forwarded requests go: the sandbox's base URL for this service. */
  protected target = '';
  /** `http://127.0.0.1:PORT`, once listening. */
  url = '';

  protected abstract answer(req: IncomingMessage): Promise<StandInReply>;

  protected async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  forwardTo(target: string): void {
    this.target = target;
  }

  /** Forget what was scripted; a stand-in without scripts has nothing to forget. */
  clear(): void {}

  async close(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve));
    await this.http.close();
  }
}

/** The request body as text, or undefined when there is none. */
export async function bodyText(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : undefined;
}

type Upstream = 'agriculture' | 'healthcare' | 'address' | 'maps';

/** The gateway settings that point one upstream at a stand-in listening at `url`. */
const POINT_AT: Record<Upstream, (url: string) => Record<string, string>> = {
  agriculture: (url) => ({ AGRI_BASE_URL: url, AGRI_API_KEY: SANDBOX_KEYS.agriculture }),
  healthcare: (url) => ({ HEALTH_BASE_URL: `${url}/api/v1`, HEALTH_API_KEY: SANDBOX_KEYS.healthcare }),
  address: (url) => ({ ADDRESS_BASE_URL: `${url}/api`, ADDRESS_API_KEY: SANDBOX_KEYS.address }),
  maps: (url) => ({ MAP_API_BASE_URL: url, MAP_HOST_URL: url, MAP_API_KEY: SANDBOX_KEYS.maps }),
};

export interface StandInStack<S extends StandIn> {
  standIn: S;
  stack: TestStack;
}

/**
 * A stack whose `upstream` is a stand-in over the stack's own sandbox; the other services are
 * the sandbox's. One request per call unless `productionCaches`; the stand-in is cleared and the
 * sandbox reset after each test.
 */
export async function startStandInStack<S extends StandIn>(
  upstream: Upstream,
  start: () => Promise<S>,
  options: { productionCaches?: boolean } = {},
): Promise<StandInStack<S>> {
  const standIn = await start();
  const stack = await startTestStack({
    ...(options.productionCaches ? { CLIENT_POINTS_PER_MINUTE: '100000000' } : SINGLE_REQUEST_DISCIPLINE),
    ...POINT_AT[upstream](standIn.url),
    SANDBOX: 'all',
    // One upstream is live, so callers need keys unless this says otherwise.
    ALLOW_ANONYMOUS: 'true',
  });
  standIn.forwardTo(stack.sandbox.urls[upstream]);
  return { standIn, stack };
}

/** `startStandInStack` in beforeAll, reset after each test, closed in afterAll. */
export function useStandInStack<S extends StandIn>(
  upstream: Upstream,
  start: () => Promise<S>,
  options: { productionCaches?: boolean } = {},
): StandInStack<S> {
  let started: StandInStack<S> | undefined;
  beforeAll(async () => {
    started = await startStandInStack(upstream, start, options);
  });
  afterEach(() => {
    started?.standIn.clear();
    started?.stack.sandbox.controls.reset();
  });
  afterAll(async () => {
    await started?.stack.close();
    await started?.standIn.close();
  });
  return {
    standIn: late(() => started?.standIn, 'The stand-in'),
    stack: late(() => started?.stack, 'The stand-in stack'),
  };
}
