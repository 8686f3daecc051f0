import { HOUR_MS, MINUTE_MS, operation, type OperationTable } from '../../src/upstream/operations';

/** Climate and pests follow the weather: minutes fresh; the last answer serves for hours if the service fails. */
const WEATHER = { fresh: 10 * MINUTE_MS, staleGrace: 6 * HOUR_MS };
const SEASONAL = { fresh: HOUR_MS, staleGrace: 24 * HOUR_MS };

/**
 * The agriculture service's operations (agri-service.md, Endpoints). One budget, 60
 * requests a minute per key (Limits), and no billing beyond it. Supply is a POST that
 * only reads, so it is retryable like the rest.
 */
export const AGRICULTURE_OPERATIONS = {
  /** The GET form (spec note: the query and the JSON body are both accepted). */
  climate: operation('GET', '/api/v1/data/climate/by-loccode', 'requests', WEATHER),
  pests: operation('GET', '/api/v1/monitoring/pests/by-loccode', 'requests', WEATHER),
  yield: operation('GET', '/api/v1/predict/yield/by-loccode', 'requests', SEASONAL),
  supply: operation('POST', '/api/v1/logistics/supply', 'requests', SEASONAL),
} satisfies OperationTable<string>;

export type AgricultureOperation = keyof typeof AGRICULTURE_OPERATIONS;
