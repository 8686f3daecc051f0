import type { HealthcareClient } from './client';

/** Per-request loaders of the healthcare service, one per operation. */
export type HealthcareLoaders = ReturnType<typeof createHealthcareLoaders>;

export function createHealthcareLoaders(_client: HealthcareClient) {
  return {};
}
