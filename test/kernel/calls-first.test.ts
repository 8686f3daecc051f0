import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setImmediate as nextCheck } from 'node:timers/promises';
import { Pool } from 'undici';
import { afterTurnCalls } from '../../src/kernel/calls-first';
import { dispatchExchange } from '../../src/upstream/exchange';

const GET = { method: 'GET' as const, headers: { accept: 'application/json' }, timeoutMs: 5000 };

/**
 * The order of what happens in one process: undici writing a call's headers (its
 * diagnostics channel), and requests the gateway reads (the listener given to afterTurnCalls).
 */
describe('afterTurnCalls: upstream calls made in a turn are written before the requests that arrived in it are read', () => {
  let server: Server;
  let pool: Pool;
  const events: string[] = [];
  const written = (message: unknown) => {
    const { request } = message as { request: { path: string } };
    events.push(`written ${request.path}`);
  };
  const read = afterTurnCalls((name: string) => {
    events.push(`read ${name}`);
  });

  beforeAll(async () => {
    server = createServer((req, res) => res.end(JSON.stringify({ path: req.url })));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { connections: 1 });
    // One exchange first: the call below reuses its idle keep-alive socket, as calls do under load.
    await dispatchExchange(pool, { ...GET, path: '/warm' });
    subscribe('undici:client:sendHeaders', written);
  });
  afterAll(async () => {
    unsubscribe('undici:client:sendHeaders', written);
    await pool.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(async () => {
    // The pool's one socket idle, as between the waves of requests that make calls.
    await nextCheck();
    events.length = 0;
  });

  it('reads a request that arrives in the turn of a call after undici has written the call', async () => {
    const answer = dispatchExchange(pool, { ...GET, path: '/climate' });
    read('second request');
    // Nothing is read in the turn itself: undici writes on an idle socket only in the check phase.
    expect(events).toEqual([]);
    await answer;
    expect(events).toEqual(['written /climate', 'read second request']);
  });

  it('reads requests at once in a turn that made no call, including the turn after one that did', async () => {
    read('first');
    expect(events).toEqual(['read first']);

    await dispatchExchange(pool, { ...GET, path: '/pests' });
    await nextCheck();
    events.length = 0;
    read('later');
    expect(events).toEqual(['read later']);
  });

  it('keeps the order of the requests it holds back', async () => {
    const answer = dispatchExchange(pool, { ...GET, path: '/yield' });
    read('a');
    read('b');
    read('c');
    await answer;
    expect(events).toEqual(['written /yield', 'read a', 'read b', 'read c']);
  });
});
