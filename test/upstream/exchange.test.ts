import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { dispatchExchange, type Schedule } from '../../src/upstream/exchange';

/** A timer the test fires by hand: what the exchange scheduled, and whether it was cancelled. */
function handTimer() {
  const state: { fire?: () => void; ms?: number; cancelled: boolean } = { cancelled: false };
  const schedule: Schedule = (ms, fire) => {
    state.ms = ms;
    state.fire = fire;
    return () => {
      state.cancelled = true;
    };
  };
  return { schedule, state };
}

/** A node:http server whose handler the test sets; every request it received, in order. */
async function upstream(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const GET = { method: 'GET' as const, headers: { accept: 'application/json' }, timeoutMs: 5000 };

describe('dispatchExchange: one upstream request through undici dispatch', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (closers.length) await closers.pop()!();
  });
  const track = <T extends { close(): Promise<void> }>(thing: T): T => {
    closers.push(() => thing.close());
    return thing;
  };

  it('answers the status, the headers (a repeated one as a list) and the body bytes as sent, across chunks', async () => {
    // "0–10 cm": the en dash's three bytes are split between two chunks.
    const body = Buffer.from('{"depth":"0–10 cm","unit":"m³/m³"}', 'utf8');
    const cut = body.indexOf(0xe2) + 1;
    const server = track(
      await upstream((_req, res) => {
        res.writeHead(201, {
          'x-one': 'a',
          'set-cookie': ['b=1', 'c=2'],
          'content-type': 'application/json',
        });
        res.write(body.subarray(0, cut));
        setImmediate(() => {
          res.write(body.subarray(cut, cut + 5));
          setImmediate(() => res.end(body.subarray(cut + 5)));
        });
      }),
    );
    const pool = track(new Pool(server.origin));
    const timer = handTimer();
    const answer = await dispatchExchange(pool, { ...GET, path: '/climate?x=1' }, timer.schedule);
    expect(answer.status).toBe(201);
    expect(answer.headers['x-one']).toBe('a');
    expect(answer.headers['set-cookie']).toEqual(['b=1', 'c=2']);
    expect(answer.bytes.equals(body)).toBe(true);
    expect(JSON.parse(answer.bytes.toString('utf8'))).toEqual({ depth: '0–10 cm', unit: 'm³/m³' });
    expect(server.received).toEqual(['GET /climate?x=1']);
    // The deadline it was given, and no timer left behind once answered.
    expect(timer.state.ms).toBe(5000);
    expect(timer.state.cancelled).toBe(true);
  });

  it('sends a POST body with its headers', async () => {
    let seen = '';
    const server = track(
      await upstream((req, res) => {
        let text = '';
        req.on('data', (chunk: Buffer) => (text += chunk.toString()));
        req.on('end', () => {
          seen = `${req.headers['content-type']} ${req.headers.authorization} ${text}`;
          res.end('{}');
        });
      }),
    );
    const pool = track(new Pool(server.origin));
    const answer = await dispatchExchange(pool, {
      method: 'POST',
      path: '/supply',
      headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
      body: '{"crop":"maize"}',
      timeoutMs: 5000,
    });
    expect(answer.status).toBe(200);
    expect(seen).toBe('application/json Bearer k {"crop":"maize"}');
  });

  it('when the time is up during a hanging answer: rejects as a TimeoutError and closes that connection', async () => {
    let closed: Promise<void> | undefined;
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    const server = track(
      await upstream((req) => {
        closed = new Promise<void>((resolve) => req.socket.once('close', () => resolve()));
        arrived();
      }),
    );
    const pool = track(new Pool(server.origin));
    const timer = handTimer();
    const pending = dispatchExchange(pool, { ...GET, path: '/hang' }, timer.schedule);
    await arrival;
    timer.state.fire!();
    await expect(pending).rejects.toMatchObject({ name: 'TimeoutError' });
    await closed;
  });

  it('when the time is up while it waits for a connection: rejects at once, and the request is never sent', async () => {
    const held: ServerResponse[] = [];
    let arrived!: () => void;
    const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
    const server = track(
      await upstream((req, res) => {
        if (req.url === '/first') {
          held.push(res);
          arrived();
        } else res.end('{}');
      }),
    );
    const pool = track(new Pool(server.origin, { connections: 1 }));
    const first = dispatchExchange(pool, { ...GET, path: '/first' });
    await firstArrived;
    const timer = handTimer();
    const queued = dispatchExchange(pool, { ...GET, path: '/queued' }, timer.schedule);
    timer.state.fire!();
    await expect(queued).rejects.toMatchObject({ name: 'TimeoutError' });
    // The connection frees up: the first is answered, and a later request goes through it.
    held[0]!.end('{"first":true}');
    expect((await first).bytes.toString()).toBe('{"first":true}');
    expect((await dispatchExchange(pool, { ...GET, path: '/later' })).status).toBe(200);
    expect(server.received).toEqual(['GET /first', 'GET /later']);
  });

  it("refuses an answer larger than the pool's maxResponseSize with undici's error", async () => {
    const server = track(await upstream((_req, res) => res.end('x'.repeat(4096))));
    const pool = track(new Pool(server.origin, { maxResponseSize: 1024 }));
    await expect(dispatchExchange(pool, { ...GET, path: '/big' })).rejects.toMatchObject({
      code: 'UND_ERR_RES_EXCEEDED_MAX_SIZE',
    });
  });

  it("rejects with undici's error when nothing listens", async () => {
    const server = await upstream(() => undefined);
    await server.close();
    const pool = track(new Pool(server.origin));
    await expect(dispatchExchange(pool, { ...GET, path: '/' })).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });
});
