import { operationLoader } from '../../src/upstream/loader';
import type { FacilityQuery, HealthcareClient, SpecialistQuery } from './client';

/** Per-request loaders of the healthcare service, one per operation. */
export type HealthcareLoaders = ReturnType<typeof createHealthcareLoaders>;

/** The service matches loccodes case-insensitively (spec: "Loccode rules"), so keys are case-folded. */
const loccodeKey = (loccode: string): string => loccode.toUpperCase();

export function createHealthcareLoaders(client: HealthcareClient) {
  return {
    facilities: operationLoader(
      (query: FacilityQuery) => client.facilities(query),
      ({ loccode, level, radiusKm, limit }) =>
        JSON.stringify([loccodeKey(loccode), level, radiusKm ?? null, limit ?? null]),
    ),
    access: operationLoader((loccode: string) => client.access(loccode), loccodeKey),
    emergencyRoute: operationLoader((loccode: string) => client.emergencyRoute(loccode), loccodeKey),
    specialist: operationLoader(
      (query: SpecialistQuery) => client.specialist(query),
      ({ loccode, condition }) => JSON.stringify([loccodeKey(loccode), condition]),
    ),
    healthRisk: operationLoader((loccode: string) => client.healthRisk(loccode), loccodeKey),
    heatmap: operationLoader((loccode: string) => client.heatmap(loccode), loccodeKey),
  };
}
