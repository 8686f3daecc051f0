import type { ServiceContext } from '../../context';
import { SANDBOX_KEYS } from '../../keys';
import { bearerAuthentication } from '../../kit/auth';
import type { LimitSpec, Reply, Route, ServiceDefinition } from '../../kit/types';
import { assessAccess } from './access';
import { planEmergencyRoute } from './emergency';
import { wrapped } from './envelope';
import { HEALTHCARE_ERROR_CODES, HEALTHCARE_GENERIC_CODES, healthcareError } from './errors';
import { searchFacilities } from './facilities';
import { assessHealthRisk } from './health-risk';
import { buildHeatmap } from './heatmap';
import {
  facilityLevel,
  findLocality,
  healthCondition,
  radiusKm,
  requiredLoccode,
  resultLimit,
} from './parameters';
import { recommendSpecialists } from './specialists';

/** The spec shows no rate limits; one generous window on every route makes the headers appear (README). */
export const HEALTHCARE_LIMITS: Record<string, LimitSpec> = {
  requests: { kind: 'window', limit: 600, windowMs: 60_000 },
};

/** Healthcare location service (spec A): facilities, access, emergency route, specialists, health risk, heatmap. */
export function createHealthcareService(context: ServiceContext): ServiceDefinition {
  const { facilities, localityByCode } = context.dataset;
  // Every route checks `loccode` is present, then its own parameters, then looks the loccode up.
  const routes: Route[] = [
    route('facilities', 'facilities', (query) => {
      const loccode = requiredLoccode(query);
      const search = { level: facilityLevel(query), radiusKm: radiusKm(query), limit: resultLimit(query) };
      const locality = findLocality(localityByCode, loccode);
      const now = context.now();
      return wrapped(
        'Facilities retrieved successfully',
        now,
        searchFacilities(facilities, locality, search, now),
      );
    }),
    route('access', 'access', (query) => {
      const locality = findLocality(localityByCode, requiredLoccode(query));
      return assessAccess(facilities, locality, context.now());
    }),
    route('emergency-route', 'emergencyRoute', (query) => {
      const locality = findLocality(localityByCode, requiredLoccode(query));
      const now = context.now();
      return wrapped(
        'Emergency route generated successfully',
        now,
        planEmergencyRoute(facilities, locality, now),
      );
    }),
    route('specialist', 'specialist', (query) => {
      const loccode = requiredLoccode(query);
      const condition = healthCondition(query);
      const locality = findLocality(localityByCode, loccode);
      return wrapped(
        'Specialist recommendations generated successfully',
        context.now(),
        recommendSpecialists(facilities, locality, condition),
      );
    }),
    route('health-risk', 'healthRisk', (query) => {
      const locality = findLocality(localityByCode, requiredLoccode(query));
      return wrapped(
        'Health risk assessment generated successfully',
        context.now(),
        assessHealthRisk(facilities, locality),
      );
    }),
    route('heatmap', 'heatmap', (query) =>
      buildHeatmap(facilities, findLocality(localityByCode, requiredLoccode(query))),
    ),
  ];

  return {
    name: 'healthcare',
    routes,
    limitHeaders: false,
    limits: HEALTHCARE_LIMITS,
    authenticate: bearerAuthentication({ healthcare: SANDBOX_KEYS.healthcare }, (keySent) =>
      healthcareError(
        401,
        HEALTHCARE_ERROR_CODES.unauthorized,
        keySent ? 'Invalid API key.' : 'Missing API key. Send the header Authorization: Bearer <API_KEY>.',
      ),
    ),
    error: healthcareError,
    codes: HEALTHCARE_GENERIC_CODES,
  };
}

/** A GET route under /api/v1 whose body is `answer`'s (a rejected request becomes the error envelope in the kit). */
function route(path: string, operation: string, answer: (query: URLSearchParams) => object): Route {
  return {
    method: 'GET',
    path: `/api/v1/${path}`,
    operation,
    limit: 'requests',
    handle: (req): Reply => ({ status: 200, body: answer(req.query) }),
  };
}
