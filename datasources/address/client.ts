import type { Point } from '../../src/kernel/point';
import {
  UpstreamClient,
  type CallArguments,
  type ClientSettings,
  type UpstreamTarget,
} from '../../src/upstream/client';
import { perBody } from '../../src/upstream/per-body';
import { andThen, type PromiseOrValue } from '../../src/upstream/promise-or-value';
import { ADDRESS, type AddressEndpoint } from './endpoints';
import { toAddress, type AddressModel } from './mapping';
import { addressRecord } from './wire';

/**
 * The address lookup service (spec B). Its base URL already ends in /api, so
 * paths start at /v1.
 */
export class AddressClient extends UpstreamClient<AddressEndpoint> {
  /** Each cached record's model, made once (perBody). */
  private readonly address = perBody(toAddress);

  constructor(target: UpstreamTarget, settings: ClientSettings) {
    super(ADDRESS, target, settings);
  }

  // Each answers at once when its record is held (UpstreamClient.held), else once it is fetched.

  byLoccode(loccode: string): PromiseOrValue<AddressModel> {
    return this.search('byLoccode', { params: { loccode } });
  }

  byStreet(streetName: string): PromiseOrValue<AddressModel> {
    return this.search('byStreet', { query: { streetName } });
  }

  byCoordinates({ latitude, longitude }: Point): PromiseOrValue<AddressModel> {
    return this.search('byCoordinates', { query: { latitude, longitude } });
  }

  private search(operation: AddressEndpoint, args: CallArguments): PromiseOrValue<AddressModel> {
    return andThen(this.call(operation, args, addressRecord), this.address);
  }
}
