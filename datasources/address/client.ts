import {
  genericFailure,
  UpstreamClient,
  type Credentials,
  type FailureTranslation,
  type UpstreamCall,
} from '../../src/upstream/client';
import type { UpstreamConfig } from '../../src/config';

/** The address service. */
export class AddressClient extends UpstreamClient {
  constructor(
    private readonly config: UpstreamConfig,
    timeoutMs: number,
  ) {
    super('address', { baseUrl: config.baseUrl, timeoutMs });
  }

  protected credentials(_call: UpstreamCall): Credentials {
    return { headers: { authorization: `Bearer ${this.config.apiKey}` } };
  }

  protected translateFailure(status: number, _body: unknown, call: UpstreamCall): FailureTranslation {
    return genericFailure(this.service, status, call.operation);
  }
}
