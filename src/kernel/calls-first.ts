import { setImmediate } from 'node:timers';

/**
 * Upstream calls dispatched in a turn of the event loop are written before the requests that
 * arrived in that turn are read, so that a call waits for no request it does not serve.
 *
 * undici writes a request on an idle keep-alive socket only in the check phase, one
 * `setImmediate` later (it first reads whatever the server sent unasked, GHSA-35p6-xmwp-9g52).
 * Until then the poll phase goes on serving the sockets that were ready with the request that
 * made the calls, often identical requests that will only wait for the same calls, and the
 * calls, which every one of them waits for, leave last. A request that arrives while calls wait to be written is read in the same check phase,
 * behind undici's writes: no answer changes, and the request waits for that phase alone. A turn
 * that dispatched nothing reads its requests at once.
 */
let dispatched = false;

const turnEnded = (): void => {
  dispatched = false;
};

/** Notes that an upstream call was dispatched in this turn (exchange.ts, after undici has it). */
export function callDispatched(): void {
  if (dispatched) return;
  dispatched = true;
  setImmediate(turnEnded);
}

/** `listener` as it runs: at once, or in this turn's check phase when calls of the turn wait to be written. */
export function afterTurnCalls<A extends unknown[]>(listener: (...args: A) => void): (...args: A) => void {
  return (...args: A) => {
    if (dispatched) setImmediate(listener, ...args);
    else listener(...args);
  };
}
