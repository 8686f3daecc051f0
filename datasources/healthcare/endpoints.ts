import { bearerKey, defineUpstream } from '../../src/upstream/client';
import { HOURLY, endpoint } from '../../src/upstream/endpoints';
import { HEALTHCARE_CONFORMANCE } from './conformance';

/** Every operation: a GET under /api/v1, the service's one budget, an hour fresh. */
const hourlyRead = (path: string) => endpoint('GET', `/api/v1/${path}`, 'requests', HOURLY);

/** The operations, apart so their names can type the conformance table without a cycle. */
const HEALTHCARE_ENDPOINTS = {
  facilities: hourlyRead('facilities'),
  access: hourlyRead('access'),
  emergencyRoute: hourlyRead('emergency-route'),
  specialist: hourlyRead('specialist'),
  healthRisk: hourlyRead('health-risk'),
  heatmap: hourlyRead('heatmap'),
};

export type HealthcareEndpoint = keyof typeof HEALTHCARE_ENDPOINTS;

/**
 * The healthcare location service (health-and-address-services.md, spec A): six GETs
 * taking the loccode as a query parameter. The spec states no rate limit; the gateway
 * keeps its own budget (HEALTH_RATE_LIMIT_PER_MINUTE). Facilities and health indicators
 * change slowly.
 */
export const HEALTHCARE = defineUpstream({
  service: 'healthcare',
  credentials: bearerKey,
  conformance: HEALTHCARE_CONFORMANCE,
  endpoints: HEALTHCARE_ENDPOINTS,
});
