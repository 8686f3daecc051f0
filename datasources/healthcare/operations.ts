import { bearerKey, defineUpstream, type OperationOf } from '../../src/upstream/client';
import { HOURLY, operation } from '../../src/upstream/operations';
import { translateHealthcareFailure } from './failures';

/** Every operation: a GET under /api/v1, the service's one budget, an hour fresh. */
const hourlyRead = (path: string) => operation('GET', `/api/v1/${path}`, 'requests', HOURLY);

/**
 * The healthcare location service (health-and-address-services.md, spec A): six GETs
 * taking the loccode as a query parameter. The spec states no rate limit; the gateway
 * keeps its own budget (HEALTH_RATE_LIMIT_PER_MINUTE). Facilities and health indicators
 * change slowly.
 */
export const HEALTHCARE = defineUpstream({
  service: 'healthcare',
  credentials: bearerKey,
  translateFailure: translateHealthcareFailure,
  operations: {
    facilities: hourlyRead('facilities'),
    access: hourlyRead('access'),
    emergencyRoute: hourlyRead('emergency-route'),
    specialist: hourlyRead('specialist'),
    healthRisk: hourlyRead('health-risk'),
    heatmap: hourlyRead('heatmap'),
  },
});

export type HealthcareOperation = OperationOf<typeof HEALTHCARE>;
