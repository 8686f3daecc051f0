import { bearerKey, defineUpstream } from '../../src/upstream/client';
import { HOUR_MS, MINUTE_MS, operation } from '../../src/upstream/operations';
import { AGRICULTURE_CONFORMANCE } from './conformance';

/** Climate and pests follow the weather: minutes fresh; the last answer serves for hours if the service fails. */
const WEATHER = { fresh: 10 * MINUTE_MS, staleGrace: 6 * HOUR_MS };
const SEASONAL = { fresh: HOUR_MS, staleGrace: 24 * HOUR_MS };

/** The operations, apart so their names can type the conformance table without a cycle. */
const AGRICULTURE_OPERATIONS = {
  /** The GET form (spec note: the query and the JSON body are both accepted). */
  climate: operation('GET', '/api/v1/data/climate/by-loccode', 'requests', WEATHER),
  pests: operation('GET', '/api/v1/monitoring/pests/by-loccode', 'requests', WEATHER),
  yield: operation('GET', '/api/v1/predict/yield/by-loccode', 'requests', SEASONAL),
  supply: operation('POST', '/api/v1/logistics/supply', 'requests', SEASONAL),
};

export type AgricultureOperation = keyof typeof AGRICULTURE_OPERATIONS;

/**
 * The agriculture service (agri-service.md, Endpoints). One budget, 60 requests a minute
 * per key (Limits), and no billing beyond it. Supply is a POST that only reads, so it is
 * retryable like the rest.
 */
export const AGRICULTURE = defineUpstream({
  service: 'agriculture',
  // Spec "Endpoints": every request carries the Bearer key and Content-Type: application/json, GET included.
  credentials: (apiKey) => ({
    headers: { ...bearerKey(apiKey).headers, 'content-type': 'application/json' },
  }),
  conformance: AGRICULTURE_CONFORMANCE,
  operations: AGRICULTURE_OPERATIONS,
});
