import type { Point } from '../../src/kernel/point';
import { operationLoader } from '../../src/upstream/loader';
import type { AddressClient } from './client';
import type { AddressModel } from './mapping';

/** Per-request loaders of the address service, one per operation. */
export type AddressLoaders = ReturnType<typeof createAddressLoaders>;

/**
 * Loccode keys are exact. Spec B states the pattern (`XXXX XXX`) but not whether
 * matching folds case, so `kn3a 7qp` and `KN3A 7QP` are two questions, each sent as
 * given: folding them into one key would answer both with whichever spelling was
 * loaded first, and the answer to one field would depend on its neighbours.
 */
const exact = (text: string): string => text;

export function createAddressLoaders(client: AddressClient) {
  const byLoccode = operationLoader((loccode: string) => client.byLoccode(loccode).then(primeLoccode), exact);
  /**
   * A record is also the answer for its own display form (spec B: one loccode maps to
   * one record), which is what `Address.loccode` links to.
   */
  function primeLoccode(address: AddressModel): AddressModel {
    if (address.loccode) byLoccode.prime(address.loccode.code, address);
    return address;
  }
  return {
    byLoccode,
    byStreet: operationLoader((streetName: string) => client.byStreet(streetName).then(primeLoccode), exact),
    byCoordinates: operationLoader(
      (point: Point) => client.byCoordinates(point).then(primeLoccode),
      ({ latitude, longitude }) => `${latitude},${longitude}`,
    ),
  };
}
