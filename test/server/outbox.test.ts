import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endAtTurnEnd, Outbox } from '../../src/server/outbox';
import { logger } from '../../src/observability/logger';

describe('Outbox: answers finished in one turn leave together', () => {
  /** A scheduler the test runs by hand: the end of the turn is when the test says. */
  function manualTurn() {
    const flushes: Array<() => void> = [];
    return {
      outbox: new Outbox((flush) => flushes.push(flush)),
      scheduled: () => flushes.length,
      endTurn: () => flushes.splice(0).forEach((flush) => flush()),
    };
  }

  it('holds every answer of a turn until its end, then writes them in the order they were finished', () => {
    const turn = manualTurn();
    const written: string[] = [];
    turn.outbox.send(() => written.push('first'));
    turn.outbox.send(() => written.push('second'));
    turn.outbox.send(() => written.push('third'));
    expect(written).toEqual([]);
    // One flush for the turn, not one per answer.
    expect(turn.scheduled()).toBe(1);
    turn.endTurn();
    expect(written).toEqual(['first', 'second', 'third']);
  });

  it('starts a new batch in the next turn', () => {
    const turn = manualTurn();
    const written: string[] = [];
    turn.outbox.send(() => written.push('a'));
    turn.endTurn();
    turn.outbox.send(() => written.push('b'));
    expect(turn.scheduled()).toBe(1);
    expect(written).toEqual(['a']);
    turn.endTurn();
    expect(written).toEqual(['a', 'b']);
  });

  it('writes the rest of a turn when one answer throws, and logs it', () => {
    const turn = manualTurn();
    const errors = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    const written: string[] = [];
    turn.outbox.send(() => written.push('before'));
    turn.outbox.send(() => {
      throw new Error('socket gone');
    });
    turn.outbox.send(() => written.push('after'));
    turn.endTurn();
    expect(written).toEqual(['before', 'after']);
    expect(errors).toHaveBeenCalledWith(
      'answer not written',
      expect.objectContaining({ error: expect.stringContaining('socket gone') }),
    );
    errors.mockRestore();
  });
});

describe('endAtTurnEnd through real HTTP', () => {
  let server: Server;
  let port: number;
  /** Whether each answer had been ended when its handler returned. */
  const endedInHandler: boolean[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
      endAtTurnEnd(res, 'ok', 'utf8');
      endedInHandler.push(res.writableEnded);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      request({ port, host: '127.0.0.1', path }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      })
        .on('error', reject)
        .end();
    });

  it('ends each answer after its handler returns, whole and with its length', async () => {
    const answers = await Promise.all(['/a', '/b', '/c'].map(get));
    expect(answers).toEqual([
      { status: 200, body: 'ok' },
      { status: 200, body: 'ok' },
      { status: 200, body: 'ok' },
    ]);
    expect(endedInHandler).toEqual([false, false, false]);
  });
});
