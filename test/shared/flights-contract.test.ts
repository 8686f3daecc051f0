import { UpstreamError } from '../../src/kernel/errors';
import { Metrics } from '../../src/observability/metrics';
import { ClusterFlights } from '../../src/upstream/cluster-flight';
import type { Flights } from '../../src/upstream/flights';
import { PrimaryRpc } from '../../src/upstream/primary-rpc';
import { SharedFlights } from '../../src/upstream/shared-flight';
import { SharedRedis } from '../../src/upstream/shared-redis';
import { FakeClock } from '../support/time';
import { primaryOn } from '../support/limiter-primary';
import { useRedis } from '../support/redis';

/*
 * One upstream call per identical call across processes, the contract of src/upstream/flights.ts,
 * the same cases against both transports: the cluster's primary (workers of one replica,
 * reached as over node:cluster's IPC) and Redis (replicas, on a real redis-server). Two
 * processes' flights over one transport, on one fake clock. The cache the discipline
 * writes is a map here, shared by both, as Redis's cache is.
 */

const redis = useRedis();

const OPTIONS = { lockTtlMs: 10_000, ownCallMs: 3_000 };
const KEY = 'address\nGET /v1/addresses/KN3A%207QP\n';
const BODY = { loccode: 'KN3A 7QP', addresses: ['12 Bompai Road, Kano'], verified: true };

/** Two processes' flights over one transport, and `quiet()`: resolves once nothing sent is under way. */
interface Pair {
  flights: [Flights, Flights];
  quiet(): Promise<void>;
}

interface Transport {
  pair(clock: FakeClock): Promise<Pair>;
  /** Two processes whose transport cannot be reached. */
  unreachable(clock: FakeClock): Promise<[Flights, Flights]>;
}

const turns = async (count = 10) => {
  for (let turn = 0; turn < count; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

const cluster: Transport = {
  async pair(clock) {
    const primary = primaryOn(clock);
    const flights = () => new ClusterFlights(primary.worker(), OPTIONS, clock);
    return { flights: [flights(), flights()], quiet: () => turns() };
  },
  async unreachable(clock) {
    const gone = () => {
      const rpc = new PrimaryRpc({ send: () => undefined, onMessage: () => undefined });
      rpc.close();
      return new ClusterFlights(rpc, OPTIONS, clock);
    };
    return [gone(), gone()];
  },
};

let connections: SharedRedis[] = [];
let prefixes = 0;

afterEach(async () => {
  await Promise.all(connections.map((shared) => shared.close()));
  connections = [];
});

/** A replica's connection; `underway` counts its commands not yet answered. */
async function replica(keyPrefix: string, underway: { count: number }): Promise<SharedRedis> {
  const shared = new SharedRedis({ url: redis.url, timeoutMs: 500, keyPrefix }, new Metrics());
  await shared.connect();
  connections.push(shared);
  const run = shared.run.bind(shared);
  jest.spyOn(shared, 'run').mockImplementation((...args) => {
    underway.count += 1;
    return run(...args).finally(() => (underway.count -= 1));
  });
  return shared;
}

const inRedis: Transport = {
  async pair(clock) {
    prefixes += 1;
    const underway = { count: 0 };
    const [a, b] = await Promise.all([0, 1].map(() => replica(`flights-${prefixes}:`, underway)));
    return {
      flights: [new SharedFlights(a!, OPTIONS, clock), new SharedFlights(b!, OPTIONS, clock)],
      // Redis answers in real time: the turns of this process's loop until it has.
      quiet: async () => {
        for (let turn = 0; turn < 10_000 && underway.count > 0; turn += 1) await turns(1);
        await turns();
      },
    };
  },
  async unreachable(clock) {
    // Never connected, as while Redis cannot be reached: every command falls back at once.
    const down = new SharedRedis(
      { url: redis.url, timeoutMs: 500, keyPrefix: 'flights-down:' },
      new Metrics(),
    );
    expect(down.status).toBe('degraded');
    return [new SharedFlights(down, OPTIONS, clock), new SharedFlights(down, OPTIONS, clock)];
  },
};

/**
 * The upstream call and the cache around it, as the discipline passes them: a call that
 * settles when the test says so, counted; its body, or a remembered refusal, kept in the
 * cache before it resolves, where `settled` reads them.
 */
function upstream() {
  let settle: { resolve(body: unknown): void; reject(error: unknown): void } | undefined;
  const calls = { count: 0 };
  const cache = new Map<string, { body: unknown } | { refusal: UpstreamError }>();
  const fetch = async () => {
    calls.count += 1;
    try {
      const body = await new Promise<unknown>((resolve, reject) => (settle = { resolve, reject }));
      cache.set(KEY, { body });
      return body;
    } catch (error) {
      if (error instanceof UpstreamError && error.remembered) cache.set(KEY, { refusal: error });
      throw error;
    }
  };
  const settled = async () => {
    const entry = cache.get(KEY);
    if (entry && 'refusal' in entry) throw entry.refusal;
    return entry && { value: entry.body };
  };
  return {
    calls,
    cache,
    settle: () => settle!,
    run: (flights: Flights, deadline: number) => flights.run(KEY, deadline, fetch, settled),
  };
}

describe.each([
  ["the cluster's primary", cluster],
  ['Redis', inRedis],
])('single flight across processes through %s', (_name, transport) => {
  /** Moves the clock on `ms` in steps a waiter polls at, letting the transport answer at each. */
  async function pass(clock: FakeClock, { quiet }: Pair, ms: number) {
    for (let passed = 0; passed < ms; passed += 25) {
      await quiet();
      await clock.advance(Math.min(25, ms - passed));
    }
    await quiet();
  }

  /** Process A owns the flight for KEY; process B joins it, with `waiterDeadline` (the clock starts at 0). */
  async function ownerAndWaiter(waiterDeadline = 10_000) {
    const clock = new FakeClock(0);
    const pair = await transport.pair(clock);
    const call = upstream();
    const first = call.run(pair.flights[0], 10_000);
    await pair.quiet();
    const second = call.run(pair.flights[1], waiterDeadline);
    await pair.quiet();
    return { clock, pair, call, first, second };
  }

  it('makes one call for two identical calls, and hands its body to the other', async () => {
    const { clock, pair, call, first, second } = await ownerAndWaiter();
    call.settle().resolve(BODY);
    expect(await first).toEqual(BODY);
    await pass(clock, pair, 25);
    expect(await second).toEqual(BODY);
    expect(call.calls.count).toBe(1);
  });

  it("hands the owner's remembered refusal to the waiter, as one process's joiners share it", async () => {
    const { clock, pair, call, first, second } = await ownerAndWaiter();
    const handed = second.catch((error: unknown) => error);
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
    await pass(clock, pair, 25);
    expect(await handed).toBeInstanceOf(UpstreamError);
    expect(await handed).toMatchObject({
      message: 'No address has the loccode KN3A 7QP.',
      code: 'NOT_FOUND',
      service: 'address',
      remembered: true,
      extensions: { code: 'NOT_FOUND', service: 'address' },
    });
    expect(call.calls.count).toBe(1);
  });

  it('lets the waiter call itself when the owner failed with nothing to hand over', async () => {
    const { clock, pair, call, first, second } = await ownerAndWaiter();
    call.settle().reject(new Error('socket hang up'));
    await expect(first).rejects.toThrow('socket hang up');
    await pass(clock, pair, 25);
    expect(call.calls.count).toBe(2);
    call.settle().resolve(BODY);
    expect(await second).toEqual(BODY);
  });

  it('stops waiting when its own call would otherwise have no time left before its deadline', async () => {
    // 4 s left: half of it (2 s) is kept for its own call, so it waits 2 s.
    const { clock, pair, call, second } = await ownerAndWaiter(4_000);
    await pass(clock, pair, 1_975);
    expect(call.calls.count).toBe(1);
    await pass(clock, pair, 25);
    expect(call.calls.count).toBe(2);
    call.settle().resolve(BODY);
    expect(await second).toEqual(BODY);
  });

  it('ends a flight once its call has settled: the next identical call, its answer not kept, is a flight of its own', async () => {
    const clock = new FakeClock(0);
    const pair = await transport.pair(clock);
    const call = upstream();
    const first = call.run(pair.flights[0], 10_000);
    await pair.quiet();
    call.settle().resolve(BODY);
    expect(await first).toEqual(BODY);
    await pair.quiet();
    call.cache.clear();
    const next = call.run(pair.flights[1], 10_000);
    await pair.quiet();
    expect(call.calls.count).toBe(2);
    call.settle().resolve(BODY);
    expect(await next).toEqual(BODY);
  });

  it('makes each process its own owner when the transport cannot be reached: one call each', async () => {
    const clock = new FakeClock(0);
    const [a, b] = await transport.unreachable(clock);
    const call = upstream();
    const first = call.run(a, 10_000);
    await turns();
    const firstSettle = call.settle();
    const second = call.run(b, 10_000);
    await turns();
    expect(call.calls.count).toBe(2);
    firstSettle.resolve(BODY);
    call.settle().resolve(BODY);
    expect(await Promise.all([first, second])).toEqual([BODY, BODY]);
  });
});
