import type { Point } from '../../src/kernel/point';
import { operationLoader } from '../../src/upstream/loader';
import type { AddressClient } from './client';
import type { AddressModel } from './mapping';

/** Per-request loaders of the address service, one per operation. */
export type AddressLoaders = ReturnType<typeof createAddressLoaders>;

/** The service matches loccodes case-insensitively (as the sandbox does), so keys are case-folded. */
const loccodeKey = (loccode: string): string => loccode.toUpperCase();

export function createAddressLoaders(client: AddressClient) {
  const byLoccode = operationLoader((loccode: string) => client.byLoccode(loccode), loccodeKey);
  /** A record found another way is also the answer for its loccode (one loccode maps to one record). */
  const primeLoccode = (address: AddressModel): AddressModel => {
    if (address.loccode) byLoccode.prime(address.loccode.code, address);
    return address;
  };
  return {
    byLoccode,
    byStreet: operationLoader(
      (streetName: string) => client.byStreet(streetName).then(primeLoccode),
      (streetName) => streetName,
    ),
    byCoordinates: operationLoader(
      (point: Point) => client.byCoordinates(point).then(primeLoccode),
      ({ latitude, longitude }) => `${latitude},${longitude}`,
    ),
  };
}
