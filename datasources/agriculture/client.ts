import {
  genericFailure,
  UpstreamClient,
  type Credentials,
  type FailureTranslation,
  type UpstreamCall,
} from '../../src/upstream/client';
import type { UpstreamConfig } from '../../src/config';

/** The agriculture service (agri-service.md): Bearer key, `{error: {code, message}}` failures. */
export class AgricultureClient extends UpstreamClient {
  constructor(
    private readonly config: UpstreamConfig,
    timeoutMs: number,
  ) {
    super('agriculture', { baseUrl: config.baseUrl, timeoutMs });
  }

  protected credentials(_call: UpstreamCall): Credentials {
    // Spec: every request carries the Bearer key and Content-Type: application/json, GET included.
    return { headers: { authorization: `Bearer ${this.config.apiKey}`, 'content-type': 'application/json' } };
  }

  protected translateFailure(status: number, _body: unknown, call: UpstreamCall): FailureTranslation {
    return genericFailure(this.service, status, call.operation);
  }
}
