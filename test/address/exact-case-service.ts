import type { IncomingMessage } from 'node:http';
import { StandIn, type StandInReply } from '../support/stand-in';

const LOCCODE_PATH = '/api/v1/addresses/search/loccode/';

/**
 * An address service that matches loccodes exactly, letter case included: spec B
 * does not say whether the service folds case, so the gateway must answer right
 * for such a service too. Loccode lookups not in upper case get the 404 the sandbox
 * gives an unknown code; everything else is forwarded to the sandbox.
 */
export class ExactCaseAddressService extends StandIn {
  static start(): Promise<ExactCaseAddressService> {
    return new ExactCaseAddressService().listen();
  }

  /** The sandbox's address base URL, ending in /api. */
  override forwardTo(target: string): void {
    super.forwardTo(target.replace(/\/api$/, ''));
  }

  protected async answer(req: IncomingMessage): Promise<StandInReply> {
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
