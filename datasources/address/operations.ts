import { bearerKey, defineUpstream, type OperationOf } from '../../src/upstream/client';
import { HOUR_MS, operation } from '../../src/upstream/operations';
import { translateAddressFailure } from './failures';

/** Verified addresses change seldom: a day fresh, a week usable while the service fails. */
const search = (path: string) =>
  operation('GET', `/v1/addresses/search/${path}`, 'requests', {
    fresh: 24 * HOUR_MS,
    staleGrace: 7 * 24 * HOUR_MS,
  });

/**
 * The address lookup service (spec B). Its base URL already ends in /api. No rate limit
 * is stated; the gateway keeps its own (ADDRESS_RATE_LIMIT_PER_MINUTE).
 */
export const ADDRESS = defineUpstream({
  service: 'address',
  credentials: bearerKey,
  translateFailure: (status, _body, call) => translateAddressFailure(status, call),
  operations: {
    /** The loccode goes in the path, as the client gave it, its space percent-encoded. */
    byLoccode: search('loccode/{loccode}'),
    byStreet: search('street'),
    byCoordinates: search('coordinates'),
  },
});

export type AddressOperation = OperationOf<typeof ADDRESS>;
