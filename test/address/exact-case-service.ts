import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TestHttp } from '../support/http';

const LOCCODE_PATH = '/api/v1/addresses/search/loccode/';

/**
 * An address service that matches loccodes exactly, letter case included: spec B
 * does not say whether the service folds case, so the gateway must answer right
 * for such a service too. Loccode lookups not in upper case get the 404 the sandbox
 * gives an unknown code; everything else is forwarded to the sandbox.
 */
export class ExactCaseAddressService {
  private readonly http = new TestHttp();
  private readonly server: Server = createServer((req, res) => {
    this.answer(req).then(
      ({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(body);
      },
      () => res.destroy(),
    );
  });
  private target = '';
  /** Base URL to configure as ADDRESS_BASE_URL (it ends in /api, like the service's). */
  baseUrl = '';

  static async start(): Promise<ExactCaseAddressService> {
    const service = new ExactCaseAddressService();
    await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
    service.baseUrl = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}/api`;
    return service;
  }

  /** The sandbox's address base URL, ending in /api. */
  forwardTo(target: string): void {
    this.target = target.replace(/\/api$/, '');
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve));
    await this.http.close();
  }

  private async answer(req: IncomingMessage): Promise<{ status: number; body: string }> {
    const path = new URL(req.url ?? '/', 'http://exact.invalid').pathname;
    if (path.startsWith(LOCCODE_PATH)) {
      const code = decodeURIComponent(path.slice(LOCCODE_PATH.length));
      if (code !== code.toUpperCase()) {
        const message = `No verified address found for loccode "${code}".`;
        return { status: 404, body: JSON.stringify({ statusCode: 404, error: 'Not Found', message }) };
      }
    }
    const authorization = req.headers.authorization;
    const forwarded = await this.http.get(
      `${this.target}${req.url}`,
      authorization === undefined ? {} : { authorization },
    );
    return { status: forwarded.status, body: forwarded.text };
  }
}
