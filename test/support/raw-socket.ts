import { connect, type Socket } from 'node:net';
import { realSleep, waitFor } from './time';

/** What came back on a raw connection: the status line's code, headers and body, and whether the server closed it. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * A TCP connection to the gateway for what an HTTP client library will not do: send a
 * request byte by byte, lie in Content-Length, or hold a connection idle. `answer()`
 * resolves once the server has sent a whole response (by its Content-Length) or closed.
 */
export class RawConnection {
  private received = Buffer.alloc(0);
  private readonly closed: Promise<void>;
  /** Bytes written so far. */
  sent = 0;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
    });
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
  }

  static open(url: string): Promise<RawConnection> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  write(text: string): boolean {
    if (this.socket.destroyed || !this.socket.writable) return false;
    this.socket.write(text);
    this.sent += Buffer.byteLength(text);
    return true;
  }

  /** Writes `text` a piece at a time, `everyMs` apart, until it is all sent or the server has answered or closed. */
  async trickle(text: string, pieceBytes: number, everyMs: number): Promise<void> {
    for (let at = 0; at < text.length; at += pieceBytes) {
      if (this.complete() || this.isClosed()) return;
      if (!this.write(text.slice(at, at + pieceBytes))) return;
      // A slow sender, as the server's real timers see one: the pause is the point.
      await realSleep(everyMs);
    }
  }

  isClosed(): boolean {
    return this.socket.destroyed || this.socket.readableEnded;
  }

  /** Resolves when the connection is closed by either side. */
  whenClosed(): Promise<void> {
    return this.closed;
  }

  /** The first response on the connection, once it has all arrived (or the connection closed). */
  async answer(): Promise<RawAnswer> {
    await waitFor(() => this.complete() || this.isClosed(), {
      timeoutMs: 30_000,
      what: 'an answer or a close',
    });
    return this.parse();
  }

  close(): void {
    this.socket.destroy();
  }

  private complete(): boolean {
    const text = this.received.toString('latin1');
    const end = text.indexOf('\r\n\r\n');
    if (end < 0) return false;
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, end));
    return length !== null && this.received.length >= end + 4 + Number(length[1]);
  }

  private parse(): RawAnswer {
    const text = this.received.toString('utf8');
    const end = text.indexOf('\r\n\r\n');
    const [statusLine = '', ...lines] = text.slice(0, Math.max(0, end)).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const body = end < 0 ? '' : text.slice(end + 4);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      json = undefined;
    }
    return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body, json };
  }
}
