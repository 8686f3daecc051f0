import { BATCH, PrimaryRpc, primaryEnd, REQUEST, type Services } from '../../src/upstream/primary-rpc';

/*
 * A worker asks its cluster primary for every request it serves (budgets, pacing,
 * flights). What either end sends in one turn of its event loop goes as one IPC message.
 * Here the channel is a pair of functions that record each message, JSON-encoded as Node's
 * IPC encodes them, delivered a turn later.
 */

const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

function channel(services: Services, sendFails = false) {
  const toPrimary: unknown[] = [];
  const toWorker: unknown[] = [];
  let deliver: (message: unknown) => void = () => undefined;
  const end = primaryEnd(services, 7, (reply) => {
    toWorker.push(json(reply));
    setImmediate(() => deliver(json(reply)));
  });
  const rpc = new PrimaryRpc({
    send: (message, failed) => {
      if (sendFails) return setImmediate(() => failed(new Error('channel closed')));
      toPrimary.push(json(message));
      setImmediate(() => end(json(message)));
    },
    onMessage: (listener) => (deliver = listener),
  });
  return { rpc, toPrimary, toWorker };
}

const double: Services = { double: (body) => (body as number) * 2 };

describe('requests from a worker to its cluster primary', () => {
  it('sends the calls of one turn as one message, and each gets its own answer from one reply message', async () => {
    const { rpc, toPrimary, toWorker } = channel(double);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => rpc.call('double', n)));
    expect(answers).toEqual([2, 4, 6, 8, 10]);
    expect(toPrimary).toHaveLength(1);
    expect(toPrimary[0]).toMatchObject({ type: BATCH, messages: expect.any(Array) });
    expect((toPrimary[0] as { messages: unknown[] }).messages).toHaveLength(5);
    expect(toWorker).toHaveLength(1);
    expect((toWorker[0] as { messages: unknown[] }).messages).toHaveLength(5);
  });

  it('sends a lone call as it is, and calls of later turns in messages of their own', async () => {
    const { rpc, toPrimary } = channel(double);
    expect(await rpc.call('double', 21)).toBe(42);
    expect(await rpc.call('double', 1)).toBe(2);
    expect(toPrimary).toEqual([
      { type: REQUEST, id: 1, kind: 'double', body: 21 },
      { type: REQUEST, id: 2, kind: 'double', body: 1 },
    ]);
  });

  it("tells the asking worker's id to the service, answers a promise when it settles, and fails only the call whose service failed", async () => {
    let release: (value: string) => void = () => undefined;
    const { rpc } = channel({
      who: (_body, from) => from,
      later: () => new Promise((resolve) => (release = resolve)),
      broken: () => {
        throw new Error('no such key');
      },
    });
    const later = rpc.call('later');
    const [who, broken] = await Promise.allSettled([rpc.call('who'), rpc.call('broken')]);
    expect(who).toEqual({ status: 'fulfilled', value: 7 });
    expect(broken).toMatchObject({ status: 'rejected', reason: new Error('no such key') });
    release('done');
    expect(await later).toBe('done');
  });

  it('sends a notice at once, ahead of the calls queued in the same turn, and the primary does not answer it', async () => {
    const noted: unknown[] = [];
    const { rpc, toPrimary, toWorker } = channel({ ...double, note: (body) => noted.push(body) });
    const answer = rpc.call('double', 4);
    rpc.tell('note', 'flight done');
    expect(await answer).toBe(8);
    expect(noted).toEqual(['flight done']);
    expect(toPrimary).toEqual([
      { type: REQUEST, id: 0, kind: 'note', body: 'flight done' },
      { type: REQUEST, id: 1, kind: 'double', body: 4 },
    ]);
    expect(toWorker).toHaveLength(1);
  });

  it('rejects every call of a message that could not be sent', async () => {
    const { rpc } = channel(double, true);
    const answers = await Promise.allSettled([rpc.call('double', 1), rpc.call('double', 2)]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
  });
});
