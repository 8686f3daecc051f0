import type { Point } from '../../src/kernel/point';
import { operationLoader } from '../../src/upstream/loader';
import { andThen } from '../../src/upstream/promise-or-value';
import type { AddressClient } from './client';
import type { AddressModel } from './mapping';
import { isUnreadable } from '../../src/kernel/unreadable';

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
  // Each answered at once when held (loader.ts); priming is the same whenever it runs.
  const byLoccode = operationLoader(
    (loccode: string) => andThen(client.byLoccode(loccode), primeLoccode),
    exact,
    client,
  );
  /**
   * A record is also the answer for its own display form (spec B: one loccode maps to
   * one record), which is what `Address.loccode` links to.
   */
  function primeLoccode(address: AddressModel): AddressModel {
    if (address.loccode && !isUnreadable(address.loccode)) byLoccode.prime(address.loccode.code, address);
    return address;
  }
  return {
    byLoccode,
    byStreet: operationLoader(
      (streetName: string) => andThen(client.byStreet(streetName), primeLoccode),
      exact,
      client,
    ),
    byCoordinates: operationLoader(
      (point: Point) => andThen(client.byCoordinates(point), primeLoccode),
      ({ latitude, longitude }) => `${latitude},${longitude}`,
      client,
    ),
  };
}
