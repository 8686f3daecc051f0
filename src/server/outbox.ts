import { setImmediate } from 'node:timers';
import type { ServerResponse } from 'node:http';
import { logger } from '../observability/logger';

/**
 * Answers finished in one turn of the event loop leave together, once the turn has read every
 * socket that was ready (libuv's check phase, where `setImmediate` runs), instead of one by one
 * between those reads.
 *
 * Why: a write to a peer on the same host (a sidecar or load balancer on loopback, a load
 * generator) runs the peer's TCP receive in our system call, and wakes the peer when it
 * sleeps: the wake-up alone can cost more of our CPU than all of a response-cache hit's own
 * JavaScript. Answers written back to back wake the peer once. No answer waits for
 * anything but the turn it was finished in; with one request at a time nothing changes.
 *
 * The same idea as uWebSockets' corking of every socket written in one loop iteration; Node
 * itself has no such hook for HTTP/1 (`socket.cork` holds one socket's writes, not a turn's).
 */
export class Outbox {
  private pending: Array<() => void> = [];

  constructor(private readonly schedule: (flush: () => void) => void = (flush) => setImmediate(flush)) {}

  /** Runs `write` at the end of this turn, after the answers queued before it. */
  send(write: () => void): void {
    if (this.pending.push(write) === 1) this.schedule(this.flush);
  }

  private readonly flush = (): void => {
    const batch = this.pending;
    this.pending = [];
    for (const write of batch) {
      try {
        write();
      } catch (error) {
        // One answer that cannot be written must not keep the others of its turn.
        logger.error('answer not written', { error: error instanceof Error ? error.stack : String(error) });
      }
    }
  };
}

const outbox = new Outbox();

/**
 * Ends `res` with `body` at the end of this turn. Its status and headers are written already,
 * so nothing else may answer the request meanwhile; if its client has gone by then, Node's
 * `end` does nothing.
 */
export function endAtTurnEnd(res: ServerResponse, body: string | Buffer, encoding: BufferEncoding): void {
  outbox.send(() => res.end(body, encoding));
}
