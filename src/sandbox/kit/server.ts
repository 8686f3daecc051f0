import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleControl } from './control-endpoint';
import type { FaultRule, LoggedRequest, SandboxControls } from './controls';
import { Router } from './router';
import { bodyText, listenOn } from './http';
import { withExtraMembers } from './variants';
import {
  InvalidJsonError,
  isReply,
  RejectedRequest,
  type Reply,
  type Route,
  type SandboxRequest,
  type ServiceDefinition,
} from './types';
import { preciseNow } from './clock';

const MAX_BODY_BYTES = 1024 * 1024;

export interface ServiceServer {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  origin: string;
  close(): Promise<void>;
}

export async function startServiceServer(
  definition: ServiceDefinition,
  controls: SandboxControls,
  port: number,
  host: string,
): Promise<ServiceServer> {
  const router = new Router(definition.routes);
  const server = createServer((req, res) => {
    handleRequest(definition, controls, router, req, res).catch(() => {
      if (!res.headersSent)
        send(res, definition.error(500, definition.codes.internal, 'Unexpected server error.'));
      else res.destroy();
    });
  });
  await listenOn(server, port, host);
  const { port: actualPort } = server.address() as AddressInfo;
  return { origin: `http://${host}:${actualPort}`, close: () => close(server) };
}

async function handleRequest(
  definition: ServiceDefinition,
  controls: SandboxControls,
  router: Router,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const started = preciseNow();
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  const method = req.method ?? 'GET';
  const rawBody = await bodyText(req, MAX_BODY_BYTES);
  if (rawBody === undefined) {
    send(res, definition.error(413, 'PAYLOAD_TOO_LARGE', 'Request body exceeds 1 MiB.'));
    return;
  }
  if (url.pathname.startsWith('/__sandbox/')) {
    send(res, handleControl(controls, method, url, rawBody));
    return;
  }

  const match = router.match(method, url.pathname);
  const operation = match?.route.operation ?? 'unknown';
  const entry: LoggedRequest = {
    seq: controls.nextSeq(),
    at: started,
    service: definition.name,
    operation,
    method,
    path: url.pathname,
    query: Object.fromEntries([...url.searchParams.entries()].filter(([name]) => name !== 'key')),
    status: 0,
    outcome: 'ok',
    jsonContentType: (req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json'),
    durationMs: 0,
    ...traceHeaders(req),
  };
  const finish = (reply: Reply, outcome: LoggedRequest['outcome']): void => {
    send(res, reply);
    controls.record({ ...entry, status: reply.status, outcome, durationMs: preciseNow() - started });
  };

  const delay = controls.delayFor(definition.name);
  if (delay > 0) await sleep(delay);

  const fault = controls.takeFault(definition.name, operation);
  if (fault) {
    applyFault(definition, fault, req, res, url);
    controls.record({ ...entry, status: res.statusCode, outcome: `fault:${fault.kind}` });
    return;
  }

  const base: Omit<SandboxRequest, 'keyName'> = {
    method,
    path: url.pathname,
    params: match?.params ?? {},
    query: url.searchParams,
    headers: req.headers,
    rawBody,
    json: () => parseJson(rawBody),
  };
  const auth = definition.authenticate(base, match?.route);
  if (isReply(auth)) return finish(auth, 'unauthorized');
  entry.keyName = auth.keyName;

  if (!match) {
    const message = `There is no endpoint ${method} ${url.pathname}. Check the path against the API reference.`;
    return finish(definition.error(404, definition.codes.unknownPath, message), 'error');
  }

  const limited = takeRateLimit(definition, controls, match.route, auth.keyName);
  if (limited.refusal) return finish(limited.refusal, 'rate-limited');
  const reply = runHandler(definition, match.route, { ...base, keyName: auth.keyName });
  const shaped = withVariantMembers(definition, controls, match.route, reply);
  finish(
    { ...shaped, headers: { ...reply.headers, ...limited.headers } },
    reply.status < 400 ? 'ok' : 'error',
  );
}

/** The route's rate-limit dimension, spent for this key: its headers, and the 429 when it is spent. */
function takeRateLimit(
  definition: ServiceDefinition,
  controls: SandboxControls,
  route: Route,
  keyName: string,
): { headers: Record<string, string>; refusal?: Reply } {
  const dimension = route.limit;
  if (dimension === undefined) return { headers: {} };
  const documented = definition.limits[dimension];
  if (!documented) throw new Error(`route ${route.operation} names unknown limit ${dimension}`);
  const decision = controls.rateLimits.take(
    keyName,
    dimension,
    controls.limitFor(definition.name, dimension, documented),
  );
  const headers: Record<string, string> = definition.limitHeaders
    ? {
        'X-RateLimit-Limit': String(decision.limit),
        'X-RateLimit-Remaining': String(decision.remaining),
        'X-RateLimit-Reset': String(decision.resetEpochSeconds),
      }
    : {};
  if (decision.allowed) return { headers };
  const reply = definition.error(
    429,
    definition.codes.rateLimited,
    `Rate limit exceeded. Retry after ${decision.retryAfterSeconds} seconds.`,
  );
  const retryAfter = definition.limitHeaders && { 'Retry-After': String(decision.retryAfterSeconds) };
  return { headers, refusal: { ...reply, headers: { ...reply.headers, ...headers, ...retryAfter } } };
}

/** The route's own answer; a request it rejects becomes the service's error body. */
function runHandler(definition: ServiceDefinition, route: Route, request: SandboxRequest): Reply {
  try {
    return route.handle(request);
  } catch (error) {
    if (error instanceof RejectedRequest)
      return definition.error(error.status, error.code, error.message, error.details);
    if (error instanceof InvalidJsonError)
      return definition.error(
        400,
        definition.codes.invalidJson,
        'The request body is not valid JSON.',
        error.message,
      );
    throw error;
  }
}

/** The `extraMembers` variant: an unknown member in every object of a JSON success body. */
function withVariantMembers(
  definition: ServiceDefinition,
  controls: SandboxControls,
  route: Route,
  reply: Reply,
): Reply {
  const json =
    reply.contentType === undefined && typeof reply.body === 'object' && !Buffer.isBuffer(reply.body);
  if (!controls.variants.extraMembers || reply.status !== 200 || !json || route.extraMembers === false) {
    return reply;
  }
  return { ...reply, body: withExtraMembers(reply.body, new Set(definition.keyedMaps ?? [])) };
}

function applyFault(
  definition: ServiceDefinition,
  fault: FaultRule,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): void {
  switch (fault.kind) {
    case 'status': {
      const status = fault.status ?? 503;
      const reply = definition.error(
        status,
        fault.code ?? codeForStatus(definition, status),
        'Injected failure.',
        faultDetails(fault, req, url),
      );
      const headers: Record<string, string> = { ...reply.headers };
      if (fault.retryAfterSeconds !== undefined) headers['Retry-After'] = String(fault.retryAfterSeconds);
      send(res, { ...reply, headers });
      return;
    }
    case 'not-json':
      send(res, {
        status: fault.status ?? 200,
        contentType: 'text/html; charset=utf-8',
        body: '<html><body><h1>Service temporarily unavailable</h1></body></html>',
      });
      return;
    case 'drop':
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '4096' });
      res.write('{"status":true,"data":{"partial":');
      setTimeout(() => res.socket?.destroy(), 10);
      return;
    case 'hang':
      // Nothing is sent; the connection stays open until the client gives up or the server closes.
      return;
  }
}

function faultDetails(fault: FaultRule, req: IncomingMessage, url: URL): string | undefined {
  if (!fault.echoRequest) return undefined;
  const credentials =
    req.headers.authorization ?? req.headers['x-api-key'] ?? url.searchParams.get('key') ?? '';
  return `upstream request ${req.method} ${url.href} with credentials ${String(credentials)}`;
}

function codeForStatus(definition: ServiceDefinition, status: number): string {
  const byStatus: Record<number, string> = {
    404: definition.codes.unknownPath,
    429: definition.codes.rateLimited,
    500: definition.codes.internal,
    502: definition.codes.badGateway,
    503: definition.codes.unavailable,
  };
  return byStatus[status] ?? `HTTP_${status}`;
}

export function send(res: ServerResponse, reply: Reply): void {
  let payload: string | Buffer;
  let contentType = reply.contentType;
  if (Buffer.isBuffer(reply.body)) {
    payload = reply.body;
    contentType ??= 'application/octet-stream';
  } else if (typeof reply.body === 'string') {
    payload = reply.body;
    contentType ??= 'text/plain; charset=utf-8';
  } else {
    payload = JSON.stringify(reply.body);
    contentType ??= 'application/json; charset=utf-8';
  }
  res.writeHead(reply.status, {
    ...reply.headers,
    'Content-Type': contentType,
    'Content-Length': String(Buffer.byteLength(payload)),
  });
  res.end(payload);
}

function parseJson(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch (error) {
    throw new InvalidJsonError((error as Error).message);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** `traceparent` and `tracestate` as the request carried them (joined when repeated), for the request log. */
function traceHeaders(req: IncomingMessage): Pick<LoggedRequest, 'traceparent' | 'tracestate'> {
  const { traceparent, tracestate } = req.headers;
  const text = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);
  return {
    ...(traceparent !== undefined && { traceparent: text(traceparent) }),
    ...(tracestate !== undefined && { tracestate: text(tracestate) }),
  };
}
