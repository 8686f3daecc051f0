import type { UpstreamConfig } from '../../src/start/config';
import type { Point } from '../../src/kernel/point';
import {
  UpstreamClient,
  type Credentials,
  type FailureTranslation,
  type UpstreamCall,
  type ClientSettings,
} from '../../src/upstream/client';
import { ADDRESS_OPERATIONS, translateAddressFailure } from './failures';
import { toAddress, type AddressModel } from './mapping';
import { addressRecord } from './wire';

/**
 * The address lookup service (spec B). Its base URL already ends in /api, so
 * paths start at /v1.
 */
export class AddressClient extends UpstreamClient {
  constructor(
    private readonly config: UpstreamConfig,
    settings: ClientSettings,
  ) {
    super('address', { baseUrl: config.baseUrl, ...settings });
  }

  /** The loccode goes in the path, sent as the client gave it with its space URL-encoded. */
  byLoccode(loccode: string): Promise<AddressModel> {
    return this.search(ADDRESS_OPERATIONS.byLoccode, `/loccode/${encodeURIComponent(loccode)}`);
  }

  byStreet(streetName: string): Promise<AddressModel> {
    return this.search(ADDRESS_OPERATIONS.byStreet, '/street', { streetName });
  }

  byCoordinates({ latitude, longitude }: Point): Promise<AddressModel> {
    return this.search(ADDRESS_OPERATIONS.byCoordinates, '/coordinates', { latitude, longitude });
  }

  protected credentials(_call: UpstreamCall): Credentials {
    return { headers: { authorization: `Bearer ${this.config.apiKey}` } };
  }

  protected translateFailure(status: number, _body: unknown, call: UpstreamCall): FailureTranslation {
    return translateAddressFailure(status, call);
  }

  private async search(
    operation: string,
    path: string,
    query?: Record<string, string | number>,
  ): Promise<AddressModel> {
    const body = await this.call({ operation, method: 'GET', path: `/v1/addresses/search${path}`, query });
    return toAddress(this.validate(addressRecord, body, operation));
  }
}
