import type { MapsClient } from './client';

/** Per-request loaders of the maps service, one per operation. */
export type MapsLoaders = ReturnType<typeof createMapsLoaders>;

export function createMapsLoaders(_client: MapsClient) {
  return {};
}
