import type { LoggedRequest, SandboxControls } from '../../src/sandbox';
import { realSleep, waitFor, type FakeClock } from './time';

/** An upstream call the sandbox logged, dated on the gateway's clock. */
export interface DatedCall {
  service: LoggedRequest['service'];
  outcome: LoggedRequest['outcome'];
  /** The gateway clock's time when the call went out (exact: see SteppedRun). */
  at: number;
}

/**
 * Traffic over a stepped clock (pacing across replicas, and the client-budget minute).
 * The test sends requests through `send`; `second()` moves the clock one second on, from
 * one wake-up of a paced call to the next, and between two moves waits until every request
 * sent is answered or asleep on the clock. Nothing is then in flight, so every call the
 * sandbox logged since the last move went out at exactly the clock's time: `calls` holds
 * them so dated. (That needs every sleeper of the clock to be a request's one pending call,
 * as it is for queries of one upstream call each.)
 *
 * The sandbox's own limits count real time. Each second of the clock is made to last at
 * least `realMsPerSecond` real milliseconds: a real window of 58 times that then meets at
 * most 59 seconds of the clock, so a sandbox limit of N in that real window is never hit
 * by a gateway that keeps "N in any 60 s" on its clock, and is by one that breaks it by
 * more than a second.
 */
export class SteppedRun {
  readonly calls: DatedCall[] = [];
  private sent = 0;
  private answered = 0;
  private seenSeq = 0;

  constructor(
    readonly clock: FakeClock,
    private readonly controls: SandboxControls,
    readonly realMsPerSecond: number,
  ) {}

  /** The real window in which the sandbox may allow what the gateway allows in 60 s of its clock. */
  get sandboxWindowMs(): number {
    return 58 * this.realMsPerSecond;
  }

  /** Sends a request (now, at the clock's time) and follows it until it is answered. */
  send<T>(request: () => Promise<T>): Promise<T> {
    this.sent += 1;
    const answer = request();
    void answer.finally(() => (this.answered += 1)).catch(() => undefined);
    return answer;
  }

  /** Requests sent and not answered yet. */
  get pending(): number {
    return this.sent - this.answered;
  }

  /** Waits until nothing is in flight, then dates the calls logged meanwhile at the clock's time. */
  async settle(): Promise<void> {
    await waitFor(() => this.answered + this.clock.sleeping === this.sent, {
      everyMs: 2,
      what: 'every request answered or asleep on the clock',
    });
    for (const call of this.controls.requests()) {
      if (call.seq <= this.seenSeq) continue;
      this.seenSeq = call.seq;
      this.calls.push({ service: call.service, outcome: call.outcome, at: this.clock.now() });
    }
  }

  /** Moves the clock to `atMs` through each wake-up on the way, settling after each. */
  async advanceTo(atMs: number): Promise<void> {
    await this.settle();
    for (let at = this.clock.nextWakeAt; at !== undefined && at <= atMs; at = this.clock.nextWakeAt) {
      this.clock.moveTo(at);
      await this.settle();
    }
    this.clock.moveTo(atMs);
    await this.settle();
  }

  /**
   * One second of the clock, lasting `realMsPerSecond` real ms at least: each of `sends` is
   * called when the clock reaches its offset in the second (in milliseconds, 0 to 999).
   */
  async second(sends: Array<[offsetMs: number, send: () => void]> = []): Promise<void> {
    const startedReal = Date.now();
    const start = this.clock.now();
    for (const [offsetMs, send] of [...sends].sort(([a], [b]) => a - b)) {
      await this.advanceTo(start + offsetMs);
      send();
    }
    await this.advanceTo(start + 1_000);
    // The sandbox's limits count real time: each second of the clock lasts realMsPerSecond of it.
    await realSleep(Math.max(0, startedReal + this.realMsPerSecond - Date.now()));
  }

  /** The clock times of the calls to `service`. */
  timesOf(service: DatedCall['service']): number[] {
    return this.calls.filter((call) => call.service === service).map((call) => call.at);
  }
}

/** The most of `times` in any half-open window of `windowMs`. */
export function busiestWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last += 1) {
    while (sorted[last]! - sorted[first]! >= windowMs) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}
