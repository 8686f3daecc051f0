/**
 * A worker's requests to its cluster primary (WORKERS > 1), over the IPC channel
 * node:cluster opens between them: each request has an id, and the primary answers each one
 * once, in a message of the same id. Message shapes are plain JSON (Node's default IPC
 * serialization). What either end sends in one turn of its event loop goes as one batch:
 * under load a worker's budget charges and pacing asks share one IPC write and one read.
 */

/** The two ends of a channel: `process.send` and `process.on('message')` in a worker, a pipe in tests. */
export interface Port {
  /** Sends `message`; `failed` is called when it could not be (the channel closed meanwhile). */
  send(message: unknown, failed: (error: Error) => void): void;
  onMessage(listener: (message: unknown) => void): void;
}

export const REQUEST = 'loccode:request';
export const REPLY = 'loccode:reply';
export const BATCH = 'loccode:batch';

/** Several requests, or several replies, sent in one turn. */
export interface RpcBatch {
  type: typeof BATCH;
  messages: unknown[];
}

export interface RpcRequest {
  type: typeof REQUEST;
  /** 0: a notice, which is not answered ({@link PrimaryRpc.tell}). */
  id: number;
  /** Which of the primary's services answers: `limiter`, `flight`, `metrics`, `sandbox`. */
  kind: string;
  body?: unknown;
}

export interface RpcReply {
  type: typeof REPLY;
  id: number;
  result?: unknown;
  /** The primary's failure, as a message (the request is then rejected with it). */
  error?: string;
}

/**
 * Messages queued in one turn of the event loop, written together at its end (setImmediate):
 * one as it is, several as a batch. Each IPC message costs a write and a read on both ends,
 * whatever its size, and a busy worker asks the primary for every request it serves.
 */
export class Outbox {
  private queued: Array<{ message: unknown; failed?: (error: Error) => void }> = [];

  constructor(private readonly write: Port['send']) {}

  push(message: unknown, failed?: (error: Error) => void): void {
    if (this.queued.length === 0) setImmediate(() => this.flush());
    this.queued.push({ message, ...(failed && { failed }) });
  }

  private flush(): void {
    const sending = this.queued;
    this.queued = [];
    const failed = (error: Error) => sending.forEach((queued) => queued.failed?.(error));
    const messages = sending.map((queued) => queued.message);
    this.write(messages.length === 1 ? messages[0] : ({ type: BATCH, messages } satisfies RpcBatch), failed);
  }
}

/** The messages a message carries: a batch's, or itself. */
export function unbatched(message: unknown): unknown[] {
  const batch = message as RpcBatch | null;
  return typeof batch === 'object' && batch !== null && batch.type === BATCH && Array.isArray(batch.messages)
    ? batch.messages
    : [message];
}

export class PrimaryRpc {
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve(result: unknown): void; reject(error: Error): void }
  >();
  private closed?: Error;
  private readonly outbox: Outbox;

  constructor(private readonly port: Port) {
    this.outbox = new Outbox((message, failed) => port.send(message, failed));
    port.onMessage((received) => {
      for (const message of unbatched(received)) {
        if (!isReply(message)) continue;
        const waiting = this.pending.get(message.id);
        if (!waiting) continue;
        this.pending.delete(message.id);
        if (message.error === undefined) waiting.resolve(message.result);
        else waiting.reject(new Error(message.error));
      }
    });
  }

  /** Resolves with the primary's answer. */
  call(kind: string, body?: unknown): Promise<unknown> {
    if (this.closed) return Promise.reject(this.closed);
    const id = (this.nextId += 1);
    const request: RpcRequest = { type: REQUEST, id, kind, ...(body !== undefined && { body }) };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.outbox.push(request, (error) => {
        this.pending.delete(id);
        reject(error);
      });
    });
  }

  /**
   * Tells the primary something that needs no answer, at once rather than at the end of the
   * turn: what others wait for (a flight's outcome) is not held up by this turn's work.
   */
  tell(kind: string, body: unknown): void {
    if (this.closed) return;
    const notice: RpcRequest = { type: REQUEST, id: 0, kind, body };
    this.port.send(notice, () => undefined);
  }

  /** The primary is gone: what waits is refused, and so is every later request. */
  close(reason = 'the cluster primary is gone'): void {
    this.closed = new Error(reason);
    for (const waiting of this.pending.values()) waiting.reject(this.closed);
    this.pending.clear();
  }
}

/** What the primary answers its workers, by request kind (`from`: the asking worker's id); a service may answer with a promise. */
export type Services = Record<string, (body: unknown, from: number) => unknown>;

/**
 * The primary's end of one worker's channel: answers each request a message carries, the
 * replies of one turn in one message. `from` is the worker's id; `write` sends to it.
 */
export function primaryEnd(
  services: Services,
  from: number,
  write: Port['send'],
): (message: unknown) => void {
  const outbox = new Outbox(write);
  return (received) => {
    for (const message of unbatched(received))
      if (isRequest(message)) serve(message, services, (reply) => outbox.push(reply), from);
  };
}

/** The primary's side: runs the service a request asks for and sends its answer; a plain value at once. */
export function serve(
  request: RpcRequest,
  services: Services,
  send: (reply: RpcReply) => void,
  from = 0,
): void {
  const reply = (fields: { result: unknown } | { error: string }) => {
    if (request.id !== 0) send({ type: REPLY, id: request.id, ...fields });
  };
  const failed = (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) });
  try {
    const service = services[request.kind];
    if (!service) throw new Error(`the primary has no service "${request.kind}"`);
    const result = service(request.body, from);
    if (result instanceof Promise) result.then((value: unknown) => reply({ result: value }), failed);
    else reply({ result });
  } catch (error) {
    failed(error);
  }
}

function isReply(message: unknown): message is RpcReply {
  return typeof message === 'object' && message !== null && (message as RpcReply).type === REPLY;
}

export function isRequest(message: unknown): message is RpcRequest {
  return typeof message === 'object' && message !== null && (message as RpcRequest).type === REQUEST;
}
