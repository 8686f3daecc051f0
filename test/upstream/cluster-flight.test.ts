import { ClusterFlights } from '../../src/upstream/cluster-flight';
import { FlightHost, type FlightRequest } from '../../src/upstream/flight-host';
import { PrimaryRpc, primaryEnd, unbatched, type RpcRequest } from '../../src/upstream/primary-rpc';
import { FakeClock } from '../support/time';

/*
 * With WORKERS > 1 and no Redis, identical upstream calls of different workers share one
 * call through the primary's FlightHost, reached through the same request/answer code as
 * over node:cluster's IPC (primaryEnd, PrimaryRpc), JSON-encoded as Node's IPC encodes
 * them, delivered a turn later. What every transport does is
 * test/shared/flights-contract.test.ts's; here, what only this one does.
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
 * Worker 1 owns the flight for KEY; worker 2 joins it a few turns later.
 * `first` and `second` are their answers; `call` the one upstream call (or more).
 */
async function ownerAndWaiter() {
  const clock = new FakeClock(0);
  const primary = cluster(clock);
  const [a, b] = [primary.worker(), primary.worker()];
  const call = upstream();
  const first = a!.run(KEY, 10_000, call.fetch);
  await turns();
  const second = b!.run(KEY, 10_000, call.fetch);
  await turns();
  return { primary, call, first, second };
}

describe("the primary's part in the workers' single flight (WORKERS without Redis)", () => {
  it('hears join, join, done for a flight two workers share, and forgets it once done', async () => {
    const { primary, call, first, second } = await ownerAndWaiter();
    call.settle().resolve(BODY);
    expect(await first).toEqual(BODY);
    expect(await second).toEqual(BODY);
    await turns();
    expect(primary.host.size).toBe(0);
    expect(primary.sent).toEqual(['join', 'join', 'done']);
  });

  it('hears join and done for a flight nobody shared', async () => {
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
  });

  it('lets the waiter call itself when the owning worker is gone', async () => {
    const { primary, call, second } = await ownerAndWaiter();
    primary.host.gone(1);
    await turns();
    expect(call.calls.count).toBe(2);
    call.settle().resolve(BODY);
    expect(await second).toEqual(BODY);
  });
});
