import { HOUR_MS, operation, type OperationTable } from '../../src/upstream/operations';

/** Verified addresses change seldom: a day fresh, a week usable while the service fails. */
const ADDRESSES = { fresh: 24 * HOUR_MS, staleGrace: 7 * 24 * HOUR_MS };

/**
 * The address lookup service's operations (spec B). Its base URL already ends in /api.
 * No rate limit is stated; the gateway keeps its own (ADDRESS_RATE_LIMIT_PER_MINUTE).
 */
export const ADDRESS_OPERATIONS = {
  /** The loccode goes in the path, as the client gave it, its space percent-encoded. */
  byLoccode: operation('GET', '/v1/addresses/search/loccode/{loccode}', 'requests', ADDRESSES),
  byStreet: operation('GET', '/v1/addresses/search/street', 'requests', ADDRESSES),
  byCoordinates: operation('GET', '/v1/addresses/search/coordinates', 'requests', ADDRESSES),
} satisfies OperationTable<string>;

export type AddressOperation = keyof typeof ADDRESS_OPERATIONS;
