import { operationLoader } from '../../src/upstream/loader';
import type { PromiseOrValue } from '../../src/upstream/promise-or-value';
import type { FacilityQuery, HealthcareClient, SpecialistQuery } from './client';

/** Per-request loaders of the healthcare service, one per operation. */
export type HealthcareLoaders = ReturnType<typeof createHealthcareLoaders>;

/**
 * Spec A, "Loccode rules": matching is case-insensitive (the service normalises case)
 * and documentation presents loccodes in uppercase. So `kn3a 7qp` and `KN3A 7QP` are
 * one question, keyed and sent in that one form: the call depends on the key alone,
 * never on which spelling of the code a query happened to load first.
 */
const canonical = (loccode: string): string => loccode.toUpperCase();

export function createHealthcareLoaders(client: HealthcareClient) {
  /** One loader per operation taking only a loccode; answered at once when held (loader.ts). */
  const perLoccode = <V>(fetch: (loccode: string) => PromiseOrValue<V>) =>
    operationLoader((loccode: string) => fetch(canonical(loccode)), canonical, client);
  return {
    facilities: operationLoader(
      (query: FacilityQuery) => client.facilities({ ...query, loccode: canonical(query.loccode) }),
      ({ loccode, level, radiusKm, limit }) =>
        JSON.stringify([canonical(loccode), level, radiusKm ?? null, limit ?? null]),
      client,
    ),
    specialist: operationLoader(
      (query: SpecialistQuery) => client.specialist({ ...query, loccode: canonical(query.loccode) }),
      ({ loccode, condition }) => JSON.stringify([canonical(loccode), condition]),
      client,
    ),
    access: perLoccode((loccode) => client.access(loccode)),
    emergencyRoute: perLoccode((loccode) => client.emergencyRoute(loccode)),
    healthRisk: perLoccode((loccode) => client.healthRisk(loccode)),
    heatmap: perLoccode((loccode) => client.heatmap(loccode)),
  };
}
