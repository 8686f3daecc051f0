import type { ServiceContext } from '../../context';
import { SANDBOX_KEYS } from '../../keys';
import { bearerAuthentication } from '../../kit/auth';
import type { Reply, Route, SandboxRequest, ServiceDefinition } from '../../kit/types';
import { getClimate } from './climate/endpoint';
import { AGRICULTURE_ERROR_CODES as CODES, AGRICULTURE_GENERIC_CODES, agricultureError } from './errors';
import { getPests } from './pests/endpoint';
import { supplyProduce } from './supply/endpoint';
import { getYield } from './yields/endpoint';

/** Spec "Limits": 60 requests per minute per API key, on every endpoint. */
const REQUEST_LIMIT = 'requests';

type Endpoint = (context: ServiceContext, req: SandboxRequest) => Reply;

/** The agricultural intelligence service (agri-service.md): climate, pests, yield and supply. */
export function createAgricultureService(context: ServiceContext): ServiceDefinition {
  const route = (method: Route['method'], path: string, operation: string, endpoint: Endpoint): Route => ({
    method,
    path: `/api/v1${path}`,
    operation,
    limit: REQUEST_LIMIT,
    handle: (req) => endpoint(context, req),
  });
  return {
    name: 'agriculture',
    routes: [
      // Spec "Get Climate note": the query form and the JSON-body form are both accepted.
      route('GET', '/data/climate/by-loccode', 'climate', getClimate),
      route('POST', '/data/climate/by-loccode', 'climate', getClimate),
      route('GET', '/monitoring/pests/by-loccode', 'pests', getPests),
      route('GET', '/predict/yield/by-loccode', 'yield', getYield),
      route('POST', '/logistics/supply', 'supply', supplyProduce),
    ],
    limitHeaders: false,
    limits: { [REQUEST_LIMIT]: { kind: 'window', limit: 60, windowMs: 60_000 } },
    authenticate,
    error: agricultureError,
    codes: AGRICULTURE_GENERIC_CODES,
  };
}

/** Spec "Authentication": `Authorization: Bearer <API_KEY>`; missing or invalid is 401 Unauthorized. */
const authenticate = bearerAuthentication({ agriculture: SANDBOX_KEYS.agriculture }, (keySent) =>
  agricultureError(
    401,
    CODES.unauthorized,
    keySent
      ? 'The API key is not valid for the agriculture service. Check the key and send it as Authorization: Bearer <API_KEY>.'
      : 'An API key is required. Send it in the header Authorization: Bearer <API_KEY>.',
  ),
);
