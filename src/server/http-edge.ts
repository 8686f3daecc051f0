import { randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { refusalBody } from './refusal';

/** How long a client may take to send a request, and to come back on a kept-alive connection. */
export interface HttpTimeouts {
  /** Milliseconds to receive the request line and headers; past it, 408. */
  headersTimeoutMs: number;
  /** Milliseconds to receive the whole request, body included; past it, 408. */
  requestTimeoutMs: number;
  /** Milliseconds an idle kept-alive connection stays open. */
  keepAliveTimeoutMs: number;
}

/** A request Node refused itself, answered on the socket (see answerClientError). */
export interface NodeRefusal {
  status: number;
  code: string;
  requestId: string;
  /** The response of a request already being served (its body came too slowly), if there was one. */
  response?: ServerResponse;
}

/**
 * The HTTP server with our own timeouts, answered in our error format. Node checks its
 * timeouts every `connectionsCheckingInterval` (30 s by default, which would let a slow
 * client hold a request half a minute past its limit); it runs here at a tenth of the
 * shorter timeout, at most every quarter second, so a 408 comes at most that late.
 */
export function createEdgeServer(timeouts: HttpTimeouts, refused: (refusal: NodeRefusal) => void): Server {
  const server = createServer({
    headersTimeout: timeouts.headersTimeoutMs,
    requestTimeout: timeouts.requestTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(
      50,
      Math.min(250, Math.floor(Math.min(timeouts.headersTimeoutMs, timeouts.requestTimeoutMs) / 10)),
    ),
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) =>
    answerClientError(error, socket, timeouts, refused),
  );
  return server;
}

/**
 * A request Node refused before we could answer it (too slow, headers too large, not HTTP):
 * there is no response to write, so the answer is written on the socket, in the same JSON
 * error shape as every other refusal, with a request id, and the connection is closed. A
 * request already being served (its body came too slowly) keeps the headers the edge set
 * on its response (CORS among them, so that a page can read the error) and its request id;
 * `refused` tells the access log and the metrics.
 */
function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Duplex,
  timeouts: HttpTimeouts,
  refused: (refusal: NodeRefusal) => void,
): void {
  // An answer already under way on this socket must not be corrupted (Node's own rule).
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const { status, reason, code, message } = describe(error, timeouts);
  const given = inFlight?.getHeader('x-request-id');
  const requestId = typeof given === 'string' ? given : randomUUID();
  const body = JSON.stringify(refusalBody(message, requestId, code));
  const kept = Object.entries(inFlight?.getHeaders() ?? {}).filter(
    ([name]) => !['content-type', 'content-length', 'connection', 'x-request-id'].includes(name),
  );
  if (inFlight) inFlight.statusCode = status;
  refused({ status, code, requestId, ...(inFlight && { response: inFlight }) });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      kept.map(([name, value]) => `${name}: ${String(value)}\r\n`).join('') +
      `x-request-id: ${requestId}\r\n` +
      'content-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      'connection: close\r\n\r\n' +
      body,
  );
}

function describe(
  error: NodeJS.ErrnoException,
  timeouts: HttpTimeouts,
): { status: number; reason: string; code: string; message: string } {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        reason: 'Request Timeout',
        code: 'REQUEST_TIMEOUT',
        message: `The request was not received in time: headers within ${timeouts.headersTimeoutMs} ms (HTTP_HEADERS_TIMEOUT_MS), the whole request within ${timeouts.requestTimeoutMs} ms (HTTP_REQUEST_TIMEOUT_MS). Send it at once.`,
      };
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        reason: 'Request Header Fields Too Large',
        code: 'REQUEST_TOO_LARGE',
        message: 'The request headers are too large. Send fewer or shorter headers.',
      };
    default:
      return {
        status: 400,
        reason: 'Bad Request',
        code: 'BAD_REQUEST',
        message: 'The request is not well-formed HTTP/1.1.',
      };
  }
}
