import { UpstreamError } from '../../src/kernel/errors';
import { ClusterFlights } from '../../src/upstream/cluster-flight';
import { FlightHost, type FlightRequest } from '../../src/upstream/flight-host';
import { PrimaryRpc, primaryEnd, unbatched, type RpcRequest } from '../../src/upstream/primary-rpc';
import { FakeClock } from '../support/time';

/*
 * Issue #17: with WORKERS > 1 and no Redis, identical upstream calls of different workers
 * share one call, as they do within one process. The workers reach the primary's FlightHost
 * through the same request/answer code as over node:cluster's IPC (primaryEnd, PrimaryRpc),
 * JSON-encoded as Node's IPC encodes them, delivered a turn later.
 */

const OPTIONS = { lockTtlMs: 10_000, ownCallMs: 3_000 };
const KEY = 'address\nGET /v1/addresses/KN3A%207QP\n';
const BODY = { loccode: 'KN3A 7QP', addresses: ['12 Bompai Road, Kano'], verified: true };

/** A primary and its workers; `sent` lists every request the primary received, by op. */
function cluster(clock: FakeClock) {
  const host = new FlightHost();
  const sent: string[] = [];
  const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
  let nextWorker = 0;
  return {
    host,
    sent,
    worker(): ClusterFlights {
      const id = (nextWorker += 1);
      let deliver: (message: unknown) => void = () => undefined;
      const end = primaryEnd(
        { flight: (body, from) => host.answer(from, body as FlightRequest) },
        id,
        (reply) => setImmediate(() => deliver(json(reply))),
      );
      const rpc = new PrimaryRpc({
        send: (message) =>
          setImmediate(() => {
            for (const request of unbatched(json(message)))
              sent.push(((request as RpcRequest).body as FlightRequest).op);
            end(json(message));
          }),
        onMessage: (listener) => (deliver = listener),
      });
      return new ClusterFlights(rpc, OPTIONS, clock);
    },
  };
}

/** A call that settles when the test says so, and counts how often it was made. */
function upstream() {
  let settle: { resolve(body: unknown): void; reject(error: unknown): void } | undefined;
  const calls = { count: 0 };
  const fetch = () => {
    calls.count += 1;
    return new Promise<unknown>((resolve, reject) => (settle = { resolve, reject }));
  };
  return { calls, fetch, settle: () => settle! };
}

const turns = async (count = 10) => {
  for (let turn = 0; turn < count; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * Worker 1 owns the flight for KEY; worker 2 joins it a few turns later, with `waiterDeadline`.
 * `first` and `second` are their answers; `call` the one upstream call (or more).
 */
async function ownerAndWaiter(waiterDeadline = 10_000) {
  const clock = new FakeClock(0);
  const primary = cluster(clock);
  const [a, b] = [primary.worker(), primary.worker()];
  const call = upstream();
  const first = a!.run(KEY, 10_000, call.fetch);
  await turns();
  const second = b!.run(KEY, waiterDeadline, call.fetch);
  await turns();
  return { clock, primary, call, first, second };
}

describe('one upstream call per identical call across the workers (WORKERS without Redis)', () => {
  it("makes one call for two workers' identical calls, and hands its body to the other", async () => {
    const { primary, call, first, second } = await ownerAndWaiter();
    call.settle().resolve(BODY);
    expect(await first).toEqual(BODY);
    expect(await second).toEqual(BODY);
    expect(call.calls.count).toBe(1);
    await turns();
    expect(primary.host.size).toBe(0);
    expect(primary.sent).toEqual(['join', 'join', 'done']);
  });

  it('ends a flight nobody shared: the next identical call is a flight of its own', async () => {
    const clock = new FakeClock(0);
    const primary = cluster(clock);
    const call = upstream();
    const answer = primary.worker().run(KEY, 10_000, call.fetch);
    await turns();
    call.settle().resolve(BODY);
    expect(await answer).toEqual(BODY);
    await turns();
    expect(primary.sent).toEqual(['join', 'done']);
    expect(primary.host.size).toBe(0);
    const again = upstream();
    const next = primary.worker().run(KEY, 10_000, again.fetch);
    await turns();
    expect(again.calls.count).toBe(1);
    again.settle().resolve(BODY);
    expect(await next).toEqual(BODY);
  });

  it("hands the owner's coded refusal to the waiter, as one process's joiners share it", async () => {
    const { call, first, second } = await ownerAndWaiter();
    const refusal = new UpstreamError(
      'address',
      'NOT_FOUND',
      'No address has the loccode KN3A 7QP.',
      undefined,
      false,
      {
        remembered: true,
      },
    );
    call.settle().reject(refusal);
    await expect(first).rejects.toBe(refusal);
    const handed = await second.catch((error: unknown) => error);
    expect(handed).toBeInstanceOf(UpstreamError);
    expect(handed).toMatchObject({
      message: 'No address has the loccode KN3A 7QP.',
      code: 'NOT_FOUND',
      service: 'address',
      remembered: true,
      extensions: { code: 'NOT_FOUND', service: 'address' },
    });
    expect(call.calls.count).toBe(1);
  });

  it('lets the waiter call itself when the owner failed without a coded refusal', async () => {
    const { call, first, second } = await ownerAndWaiter();
    call.settle().reject(new Error('socket hang up'));
    await expect(first).rejects.toThrow('socket hang up');
    await turns();
    expect(call.calls.count).toBe(2);
    call.settle().resolve(BODY);
    expect(await second).toEqual(BODY);
  });

  it('lets the waiter call itself when the owning worker is gone', async () => {
    const { primary, call, second } = await ownerAndWaiter();
    primary.host.gone(1);
    await turns();
    expect(call.calls.count).toBe(2);
    call.settle().resolve(BODY);
    expect(await second).toEqual(BODY);
  });

  it('stops waiting when its own call would otherwise have no time left before its deadline', async () => {
    // 4 s left: half of it (2 s) is kept for its own call, so it waits 2 s.
    const { clock, call, second } = await ownerAndWaiter(4_000);
    await clock.advance(1_999);
    expect(call.calls.count).toBe(1);
    await clock.advance(1);
    await turns();
    expect(call.calls.count).toBe(2);
    call.settle().resolve(BODY);
    expect(await second).toEqual(BODY);
  });
});
