import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, request } from 'undici';

/** Where gateway responses are recorded for the suite-wide key scan (test/support/key-scan.ts). */
export const RECORD_DIR = join(__dirname, '..', '..', 'test-artifacts', 'gateway-responses');

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The body as it came, for binary answers (tiles, fonts, sprites). */
  bytes: Buffer;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * The tests' one HTTP client, with its own connection pool (close it in afterAll). Every
 * test and helper that speaks HTTP goes through it; the gateway's own is src/upstream/client.ts.
 */
export class TestHttp {
  private readonly agent: Agent;

  /**
   * `record`: append every response (status, headers, body) to {@link RECORD_DIR}; the gateway's client does.
   * `headersTimeoutMs`: give up on a server that sends no headers for that long.
   */
  constructor(private readonly options: { record?: boolean; headersTimeoutMs?: number } = {}) {
    this.agent = new Agent({
      keepAliveTimeout: 1000,
      ...(options.headersTimeoutMs !== undefined && { headersTimeout: options.headersTimeoutMs }),
    });
  }

  async get(url: string, headers: Record<string, string> = {}): Promise<HttpResponse> {
    return this.send('GET', url, headers);
  }

  async post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<HttpResponse> {
    const payload = typeof body === 'string' ? body : JSON.stringify(body);
    return this.send('POST', url, { 'content-type': 'application/json', ...headers }, payload);
  }

  async send(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS',
    url: string,
    headers: Record<string, string>,
    body?: string,
  ) {
    const res = await request(url, { method, headers, body, dispatcher: this.agent });
    const bytes = Buffer.from(await res.body.arrayBuffer());
    const text = bytes.toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const flat: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers))
      flat[name] = Array.isArray(value) ? value.join(', ') : String(value);
    if (this.options.record) {
      mkdirSync(RECORD_DIR, { recursive: true });
      const line = JSON.stringify({ method, url, status: res.statusCode, headers: flat, text });
      appendFileSync(join(RECORD_DIR, `${process.pid}.jsonl`), `${line}\n`);
    }
    return { status: res.statusCode, headers: flat, text, bytes, json } as HttpResponse;
  }

  close(): Promise<void> {
    return this.agent.close();
  }

  /** For a test that left a request hanging: drop every connection at once. */
  destroy(): Promise<void> {
    return this.agent.destroy();
  }
}
