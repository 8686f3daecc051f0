import type { Clock } from '../../src/kernel/clock';
import { FlightHost, type FlightRequest } from '../../src/upstream/flight-host';
import { LimiterHost, type LimiterRequest } from '../../src/upstream/limiter-host';
import { PrimaryRpc, primaryEnd } from '../../src/upstream/primary-rpc';

/**
 * A cluster primary (WORKERS > 1) in this process: its LimiterHost on `clock` and its
 * FlightHost, reached through the same request/answer code as over node:cluster's IPC
 * (primaryEnd, PrimaryRpc), each message JSON-encoded as Node's IPC encodes it and
 * delivered a turn later. `worker()` connects one more worker.
 */
export function primaryOn(clock: Clock): { host: LimiterHost; worker(): PrimaryRpc } {
  const host = new LimiterHost(clock);
  const flights = new FlightHost();
  const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
  let workers = 0;
  return {
    host,
    worker: () => {
      workers += 1;
      let deliver: (message: unknown) => void = () => undefined;
      const end = primaryEnd(
        {
          limiter: (body) => host.answer(body as LimiterRequest),
          flight: (body, from) => flights.answer(from, body as FlightRequest),
        },
        workers,
        (reply) => setImmediate(() => deliver(json(reply))),
      );
      return new PrimaryRpc({
        send: (message) => setImmediate(() => end(json(message))),
        onMessage: (listener) => (deliver = listener),
      });
    },
  };
}
