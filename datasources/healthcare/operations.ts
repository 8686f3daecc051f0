import { HOURLY, operation, type OperationTable } from '../../src/upstream/operations';

/**
 * The healthcare location service's operations (health-and-address-services.md, spec A):
 * six GETs taking the loccode as a query parameter. The spec states no rate limit; the
 * gateway keeps its own budget (HEALTH_RATE_LIMIT_PER_MINUTE). Facilities and health
 * indicators change slowly: an hour fresh.
 */
export const HEALTHCARE_OPERATIONS = {
  facilities: operation('GET', '/api/v1/facilities', 'requests', HOURLY),
  access: operation('GET', '/api/v1/access', 'requests', HOURLY),
  emergencyRoute: operation('GET', '/api/v1/emergency-route', 'requests', HOURLY),
  specialist: operation('GET', '/api/v1/specialist', 'requests', HOURLY),
  healthRisk: operation('GET', '/api/v1/health-risk', 'requests', HOURLY),
  heatmap: operation('GET', '/api/v1/heatmap', 'requests', HOURLY),
} satisfies OperationTable<string>;

export type HealthcareOperation = keyof typeof HEALTHCARE_OPERATIONS;
