/**
 * One upstream call per identical call across the workers of WORKERS > 1 without Redis:
 * the primary's side of ClusterFlights. A worker asks to `join` a key before it calls;
 * the first is its owner and calls, the others wait here. When its call has
 * settled, the owner tells it `done` with the outcome (a body, or the upstream's coded
 * refusal, or `none`), and every waiter gets it, as the joiners of a flight in one process
 * share its promise. The primary handles one message at a time, so joining and ending are
 * atomic.
 */

/** A coded upstream refusal, as it crosses the IPC channel (UpstreamError's fields). */
export interface HandedError {
  service: string;
  code: string;
  message: string;
  retryAfterSeconds?: number;
  transient: boolean;
  remembered: boolean;
  fields?: string[];
}

/** What a waiter is handed: the owner's body or refusal, or `none` (call yourself). */
export type FlightOutcome =
  { kind: 'body'; body: unknown } | { kind: 'error'; error: HandedError } | { kind: 'none' };

export type FlightRequest = { op: 'join'; key: string } | { op: 'done'; key: string; outcome: FlightOutcome };

/** `join`'s answer: the owner calls; a waiter is handed the outcome. */
export type JoinAnswer = { role: 'owner' } | { role: 'waiter'; outcome: FlightOutcome };

interface Flight {
  owner: number;
  waiters: Array<(outcome: FlightOutcome) => void>;
}

export class FlightHost {
  private readonly flights = new Map<string, Flight>();

  /** `worker` is the asking worker's id. */
  answer(worker: number, request: FlightRequest): JoinAnswer | Promise<JoinAnswer> | undefined {
    const flight = this.flights.get(request.key);
    switch (request.op) {
      case 'join':
        if (!flight) {
          this.flights.set(request.key, { owner: worker, waiters: [] });
          return { role: 'owner' };
        }
        return new Promise((resolve) =>
          flight.waiters.push((outcome) => resolve({ role: 'waiter', outcome })),
        );
      case 'done':
        if (flight?.owner === worker) this.settle(request.key, flight, request.outcome);
        return undefined;
    }
  }

  /** A worker is gone: whoever waits on its flights calls for themselves. */
  gone(worker: number): void {
    for (const [key, flight] of this.flights)
      if (flight.owner === worker) this.settle(key, flight, { kind: 'none' });
  }

  /** Keys in flight (tests). */
  get size(): number {
    return this.flights.size;
  }

  private settle(key: string, flight: Flight, outcome: FlightOutcome): void {
    this.flights.delete(key);
    for (const waiter of flight.waiters) waiter(outcome);
  }
}
