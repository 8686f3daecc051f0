import { operationLoader } from '../../src/upstream/loader';
import type { AgricultureClient } from './client';
import type { PestQuery, SupplyQuery, YieldQuery } from './models';

/** Per-request loaders of the agriculture service, one per operation. */
export type AgricultureLoaders = ReturnType<typeof createAgricultureLoaders>;

/**
 * Keys are exact: the service matches loccodes exactly (spec "Loccode rules"), so
 * `kn3a 7qp` and `KN3A 7QP` are different questions. Crops are already `Crop` values.
 */
export function createAgricultureLoaders(client: AgricultureClient) {
  // Each answered at once when held (loader.ts).
  return {
    climate: operationLoader(
      (loccode: string) => client.climate(loccode),
      (loccode) => loccode,
      client,
    ),
    pests: operationLoader(
      (query: PestQuery) => client.pests(query),
      ({ loccode, crop }) => JSON.stringify([loccode, crop ?? null]),
      client,
    ),
    cropYield: operationLoader(
      (query: YieldQuery) => client.cropYield(query),
      ({ loccode, crop }) => JSON.stringify([loccode, crop]),
      client,
    ),
    supplyRoute: operationLoader(
      (query: SupplyQuery) => client.supplyRoute(query),
      ({ origin, destination }) => JSON.stringify([origin, destination]),
      client,
    ),
  };
}
