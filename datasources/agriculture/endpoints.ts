import { bearerKey, defineUpstream } from '../../src/upstream/client';
import { HOUR_MS, MINUTE_MS, endpoint } from '../../src/upstream/endpoints';
import { AGRICULTURE_CONFORMANCE } from './conformance';

/** Climate and pests follow the weather: minutes fresh; the last answer serves for hours if the service fails. */
const WEATHER = { fresh: 10 * MINUTE_MS, staleGrace: 6 * HOUR_MS };
const SEASONAL = { fresh: HOUR_MS, staleGrace: 24 * HOUR_MS };

/** The operations, apart so their names can type the conformance table without a cycle. */
const AGRICULTURE_ENDPOINTS = {
  /** The GET form (spec note: the query and the JSON body are both accepted). */
  climate: endpoint('GET', '/api/v1/data/climate/by-loccode', 'requests', WEATHER),
  pests: endpoint('GET', '/api/v1/monitoring/pests/by-loccode', 'requests', WEATHER),
  yield: endpoint('GET', '/api/v1/predict/yield/by-loccode', 'requests', SEASONAL),
  supply: endpoint('POST', '/api/v1/logistics/supply', 'requests', SEASONAL),
};

export type AgricultureEndpoint = keyof typeof AGRICULTURE_ENDPOINTS;

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
  endpoints: AGRICULTURE_ENDPOINTS,
});
