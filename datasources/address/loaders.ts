import type { AddressClient } from './client';

/** Per-request loaders of the address service, one per operation. */
export type AddressLoaders = ReturnType<typeof createAddressLoaders>;

export function createAddressLoaders(_client: AddressClient) {
  return {};
}
