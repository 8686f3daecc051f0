import {
  genericFailure,
  UpstreamClient,
  type Credentials,
  type FailureTranslation,
  type UpstreamCall,
} from '../../src/upstream/client';
import type { MapsUpstreamConfig } from '../../src/config';

/** The maps service. */
export class MapsClient extends UpstreamClient {
  constructor(
    private readonly config: MapsUpstreamConfig,
    timeoutMs: number,
  ) {
    super('maps', { baseUrl: config.baseUrl, timeoutMs });
  }

  protected credentials(_call: UpstreamCall): Credentials {
    return { headers: { authorization: `Bearer ${this.config.apiKey}` } };
  }

  protected translateFailure(status: number, _body: unknown, call: UpstreamCall): FailureTranslation {
    return genericFailure(this.service, status, call.operation);
  }
}
