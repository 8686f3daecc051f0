import { bearerKey, defineUpstream } from '../../src/upstream/client';
import { HOUR_MS, endpoint } from '../../src/upstream/endpoints';
import { ADDRESS_CONFORMANCE } from './conformance';

/** Verified addresses change seldom: a day fresh, a week usable while the service fails. */
const search = (path: string) =>
  endpoint('GET', `/v1/addresses/search/${path}`, 'requests', {
    fresh: 24 * HOUR_MS,
    staleGrace: 7 * 24 * HOUR_MS,
  });

/** The operations, apart so their names can type the conformance table without a cycle. */
const ADDRESS_ENDPOINTS = {
  /** The loccode goes in the path, as the client gave it, its space percent-encoded. */
  byLoccode: search('loccode/{loccode}'),
  byStreet: search('street'),
  byCoordinates: search('coordinates'),
};

export type AddressEndpoint = keyof typeof ADDRESS_ENDPOINTS;

/**
 * The address lookup service (spec B). Its base URL already ends in /api. No rate limit
 * is stated; the gateway keeps its own (ADDRESS_RATE_LIMIT_PER_MINUTE).
 */
export const ADDRESS = defineUpstream({
  service: 'address',
  credentials: bearerKey,
  conformance: ADDRESS_CONFORMANCE,
  endpoints: ADDRESS_ENDPOINTS,
});
