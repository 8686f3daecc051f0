import type { ServiceContext } from '../../context';
import { SANDBOX_KEYS } from '../../keys';
import { bearerAuthentication } from '../../kit/auth';
import type { LimitSpec, Reply, Route, ServiceDefinition } from '../../kit/types';
import { isoTimestamp } from '../../kit/variants';
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
  const generatedAt = () => isoTimestamp(context.now(), context.variants().timestamps);
  const route = routeWith(context);
  // Every route checks `loccode` is present, then its own parameters, then looks the loccode up.
  const routes: Route[] = [
    route('facilities', 'facilities', (query) => {
      const loccode = requiredLoccode(query);
      const search = { level: facilityLevel(query), radiusKm: radiusKm(query), limit: resultLimit(query) };
      const locality = findLocality(localityByCode, loccode);
      return wrapped(
        'Facilities retrieved successfully',
        context.now(),
        searchFacilities(facilities, locality, search, generatedAt(), context.variants().unknownNumbers),
      );
    }),
    route('access', 'access', (query) => {
      const locality = findLocality(localityByCode, requiredLoccode(query));
      return assessAccess(facilities, locality, generatedAt());
    }),
    route('emergency-route', 'emergencyRoute', (query) => {
      const locality = findLocality(localityByCode, requiredLoccode(query));
      return wrapped(
        'Emergency route generated successfully',
        context.now(),
        planEmergencyRoute(facilities, locality, generatedAt(), context.variants().phones),
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
    // Spec: nearest_by_type and disease_prevalence are keyed maps, "each {...}".
    keyedMaps: ['nearest_by_type', 'disease_prevalence'],
    codes: HEALTHCARE_GENERIC_CODES,
  };
}

/**
 * GET routes under /api/v1 whose body is `answer`'s (a rejected request becomes the error
 * envelope in the kit), with the loccode echoed as the `loccodeEcho` variant says.
 */
function routeWith(context: ServiceContext) {
  return (path: string, operation: string, answer: (query: URLSearchParams) => object): Route => ({
    method: 'GET',
    path: `/api/v1/${path}`,
    operation,
    limit: 'requests',
    handle: (req): Reply => {
      const body = answer(req.query);
      const sent = req.query.get('loccode');
      if (context.variants().loccodeEcho === 'as-sent' && sent !== null) echoAsSent(body, sent);
      return { status: 200, body };
    },
  });
}

/** The spec: successful calls "echo the loccode (possibly in a different case form)"; here exactly as sent. */
function echoAsSent(body: object, sent: string): void {
  const target = ('data' in body ? body.data : body) as Record<string, unknown>;
  if ('loccode' in target) target.loccode = sent;
}
