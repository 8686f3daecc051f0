import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { currentScope } from '../kernel/request-scope';

/** An incoming id worth keeping: short, and nothing that could forge a log line or a header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's `x-request-id` when it is a sane token, else a fresh UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** An error as sent to the client, with the id of the request it belongs to (for a support ticket to quote). */
export function withRequestId<T extends { extensions?: Record<string, unknown> }>(error: T): T {
  const requestId = currentScope()?.requestId;
  return requestId ? { ...error, extensions: { ...error.extensions, requestId } } : error;
}
