import type { Point } from '../../src/kernel/point';
import {
  UpstreamClient,
  type Credentials,
  type FailureTranslation,
  type UpstreamCall,
  type CallArguments,
  type ClientSettings,
  type UpstreamTarget,
} from '../../src/upstream/client';
import { translateAddressFailure } from './failures';
import { ADDRESS_OPERATIONS, type AddressOperation } from './operations';
import { toAddress, type AddressModel } from './mapping';
import { addressRecord } from './wire';

/**
 * The address lookup service (spec B). Its base URL already ends in /api, so
 * paths start at /v1.
 */
export class AddressClient extends UpstreamClient<AddressOperation> {
  constructor(
    private readonly target: UpstreamTarget,
    settings: ClientSettings,
  ) {
    super('address', ADDRESS_OPERATIONS, target.baseUrl, settings);
  }

  byLoccode(loccode: string): Promise<AddressModel> {
    return this.search('byLoccode', { params: { loccode } });
  }

  byStreet(streetName: string): Promise<AddressModel> {
    return this.search('byStreet', { query: { streetName } });
  }

  byCoordinates({ latitude, longitude }: Point): Promise<AddressModel> {
    return this.search('byCoordinates', { query: { latitude, longitude } });
  }

  protected credentials(_call: UpstreamCall): Credentials {
    return { headers: { authorization: `Bearer ${this.target.apiKey}` } };
  }

  protected translateFailure(status: number, _body: unknown, call: UpstreamCall): FailureTranslation {
    return translateAddressFailure(status, call);
  }

  private async search(operation: AddressOperation, args: CallArguments): Promise<AddressModel> {
    const body = await this.call(operation, args);
    return toAddress(this.validate(addressRecord, body, operation));
  }
}
