import type { Dispatcher } from 'undici';
import { callDispatched } from '../kernel/calls-first';

/** One HTTP exchange as the client reads it, before it is judged. */
export interface Exchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

export interface ExchangeRequest {
  method: Dispatcher.HttpMethod;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The whole exchange, headers and body, must be over within this. */
  timeoutMs: number;
}

/** Calls `fire` after `ms` unless the returned function is called first (tests pass a hand-driven one). */
export type Schedule = (ms: number, fire: () => void) => () => void;

const realTimer: Schedule = (ms, fire) => {
  const timer = setTimeout(fire, ms);
  return () => clearTimeout(timer);
};

/**
 * One request through undici's `dispatch`, its answer collected as bytes.
 * `Pool.request` wraps every call in an AsyncResource, a Readable stream for the body and,
 * with a timeout, an AbortSignal with its own timer and listeners, all made again for every
 * call and a visible part of its CPU. Here the body's
 * chunks are kept as they come and the deadline is one timer.
 *
 * When the timer fires the promise is rejected at once with a `TimeoutError` (what
 * `AbortSignal.timeout` reports; client.ts matches it by name), and the request is aborted: a
 * request still waiting for a connection is aborted as soon as undici starts it. undici's
 * own header and body timers stay as a backstop (they are coarse, checked on a slow tick,
 * so they fire well after their time). Every other failure is undici's error, as `request` rejects with it.
 */
export function dispatchExchange(
  dispatcher: Dispatcher,
  request: ExchangeRequest,
  schedule: Schedule = realTimer,
): Promise<Exchange> {
  return new Promise<Exchange>((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    let timedOut: Error | undefined;
    let status = 0;
    let headers: Exchange['headers'] = {};
    const chunks: Buffer[] = [];
    const cancel = schedule(request.timeoutMs, () => {
      timedOut = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
      reject(timedOut);
      controller?.abort(timedOut);
    });
    const settle = (error?: Error) => {
      cancel();
      if (error) reject(error);
      else resolve({ status, headers, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) });
    };
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(started) {
        controller = started;
        if (timedOut) started.abort(timedOut);
      },
      onResponseStart(_controller, statusCode, responseHeaders) {
        status = statusCode;
        headers = responseHeaders as Exchange['headers'];
      },
      onResponseData(_controller, chunk) {
        chunks.push(chunk);
      },
      onResponseEnd() {
        settle();
      },
      onResponseError(_controller, error) {
        settle(error);
      },
    };
    try {
      dispatcher.dispatch(
        {
          method: request.method,
          path: request.path,
          headers: request.headers,
          body: request.body ?? null,
          headersTimeout: request.timeoutMs + 1000,
          bodyTimeout: request.timeoutMs + 1000,
        },
        handler,
      );
      callDispatched();
    } catch (error) {
      // A request undici refuses outright (a closed pool): rejected as `request` would reject it.
      settle(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
