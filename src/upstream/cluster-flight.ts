import { UpstreamError, type ErrorCode } from '../kernel/errors';
import type { ServiceName } from '../kernel/services';
import { systemClock, type Clock } from '../kernel/clock';
import type { FlightOutcome, FlightRequest, HandedError, JoinAnswer } from './flight-host';
import type { PrimaryRpc } from './primary-rpc';
import { waitingMs, type FlightOptions, type Flights } from './flights';

/**
 * A worker's single flight across the workers of WORKERS > 1 without Redis (flights.ts):
 * without it each worker would make its own call for the same cold key. The primary
 * (FlightHost) names one owner per key; the owner calls, and tells the primary its outcome
 * at once (before its own requests go on with it), which hands it to whoever waits. Unlike
 * Redis's flights the outcome travels directly, so answers that are never cached are
 * shared too, and so is a coded refusal, as in one process. A waiter calls itself when the primary
 * hands it nothing (the owner failed otherwise, or died), or when waiting longer would
 * leave its own call no time before its deadline.
 */
export class ClusterFlights implements Flights {
  readonly throughCache = false;

  constructor(
    private readonly primary: PrimaryRpc,
    private readonly options: FlightOptions,
    private readonly clock: Clock = systemClock,
  ) {}

  async run<T>(cacheKey: string, deadline: number, fetch: () => Promise<T>): Promise<T> {
    const joined = this.ask({ op: 'join', key: cacheKey }) as Promise<JoinAnswer>;
    const waitMs = waitingMs(this.options, deadline, this.clock.now());
    const answer = await Promise.race([
      joined.catch(() => undefined),
      this.clock.sleep(waitMs).then(() => undefined),
    ]);
    if (answer?.role === 'owner') return this.own(cacheKey, fetch);
    // No primary, or waited long enough: our own call.
    if (!answer) return fetch();
    return received(answer.outcome, fetch);
  }

  /** The owner's call; once it settles, its outcome goes to whoever waits (without holding this caller up). */
  private async own<T>(key: string, fetch: () => Promise<T>): Promise<T> {
    let outcome: FlightOutcome = { kind: 'none' };
    try {
      const body = await fetch();
      outcome = { kind: 'body', body };
      return body;
    } catch (error) {
      if (error instanceof UpstreamError) outcome = { kind: 'error', error: handed(error) };
      throw error;
    } finally {
      const done: FlightRequest = { op: 'done', key, outcome };
      this.primary.tell('flight', done);
    }
  }

  private ask(request: FlightRequest): Promise<unknown> {
    return this.primary.call('flight', request);
  }
}

function received<T>(outcome: FlightOutcome, fetch: () => Promise<T>): Promise<T> {
  if (outcome.kind === 'body') return Promise.resolve(outcome.body as T);
  if (outcome.kind === 'none') return fetch();
  const { service, code, message, retryAfterSeconds, transient, remembered, fields } = outcome.error;
  return Promise.reject(
    new UpstreamError(service as ServiceName, code as ErrorCode, message, retryAfterSeconds, transient, {
      remembered,
      ...(fields && { fields }),
    }),
  );
}

function handed(error: UpstreamError): HandedError {
  const fields = error.extensions.fields;
  return {
    service: error.service,
    code: error.code,
    message: error.message,
    ...(error.retryAfterSeconds !== undefined && { retryAfterSeconds: error.retryAfterSeconds }),
    transient: error.transient,
    remembered: error.remembered,
    ...(Array.isArray(fields) && { fields: fields as string[] }),
  };
}
