import type { AgricultureClient } from './client';

/** Per-request loaders of the agriculture service, one per operation. */
export type AgricultureLoaders = ReturnType<typeof createAgricultureLoaders>;

export function createAgricultureLoaders(_client: AgricultureClient) {
  return {};
}
