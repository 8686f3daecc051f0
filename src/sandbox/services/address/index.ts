import type { ServiceContext } from '../../context';
import type { Street } from '../../dataset/types';
import { SANDBOX_KEYS } from '../../keys';
import { bearerAuthentication } from '../../kit/auth';
import type { LimitSpec, Reply, Route, ServiceDefinition, SandboxRequest } from '../../kit/types';
import { ADDRESS_GENERIC_CODES, addressError } from './errors';
import { streetByLoccode, streetByName, streetNearCoordinates } from './lookups';
import { addressRecord } from './records';

/** The spec shows no rate limits; one generous window on every route makes the headers appear (README). */
export const ADDRESS_LIMITS: Record<string, LimitSpec> = {
  requests: { kind: 'window', limit: 600, windowMs: 60_000 },
};

/** Address lookup service (spec B). The base URL ends in `/api`, so the paths carry it. */
export function createAddressService(context: ServiceContext): ServiceDefinition {
  const { dataset } = context;
  return {
    name: 'address',
    routes: [
      route('loccode/:loccode', 'byLoccode', (req) => streetByLoccode(dataset, req.params.loccode ?? '')),
      route('coordinates', 'byCoordinates', (req) => streetNearCoordinates(dataset, req.query)),
      route('street', 'byStreet', (req) => streetByName(dataset, req.query)),
    ].map((make) => make(context)),
    limitHeaders: false,
    limits: ADDRESS_LIMITS,
    authenticate: bearerAuthentication({ address: SANDBOX_KEYS.address }, (keySent) =>
      addressError(401, 'Unauthorized', keySent ? 'Invalid API key.' : 'Missing bearer token.'),
    ),
    error: addressError,
    codes: ADDRESS_GENERIC_CODES,
  };
}

/** A GET search route whose body is the found street's record; a rejected request becomes the error body in the kit. */
function route(path: string, operation: string, find: (req: SandboxRequest) => Street) {
  return (context: ServiceContext): Route => ({
    method: 'GET',
    path: `/api/v1/addresses/search/${path}`,
    operation,
    limit: 'requests',
    handle: (req): Reply => ({ status: 200, body: addressRecord(find(req), context.variants()) }),
  });
}
