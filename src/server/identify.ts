import type { Caller } from '../kernel/caller';
import type { Edge, Exchange } from './edge';
import { Refusal } from './refusal';

/**
 * The first stage of /graphql and /maps/: who is calling, from the gateway key it presents
 * (or none), or the refusal: a wrong key (401), or an address locked out after too many.
 * Behind a load balancer the socket's peer is the balancer: TRUST_PROXY says whom to believe.
 */
export function identify(edge: Edge, ex: Exchange): Caller | Refusal {
  const { callers, keyFailures } = edge.options;
  const { req } = ex;
  const address = callers.addressOf(req);
  const presentsKey = req.headers.authorization !== undefined || req.headers['x-api-key'] !== undefined;
  const lockedFor = presentsKey ? keyFailures.lockedForSeconds(address) : 0;
  if (lockedFor > 0)
    return new Refusal(
      429,
      `Too many wrong keys came from your address (FAILED_KEYS_PER_MINUTE: ${keyFailures.perMinute}); retry in ${lockedFor} s with the right key.`,
      'RATE_LIMITED',
      { retryAfterSeconds: lockedFor },
      { 'retry-after': String(lockedFor) },
    );
  const identified = callers.identify(req.headers, address);
  if ('message' in identified) {
    if (presentsKey) keyFailures.failed(address);
    return new Refusal(401, identified.message, 'UNAUTHENTICATED', undefined, {
      'www-authenticate': 'Bearer realm="loccode-graph"',
    });
  }
  ex.record.client = identified.name;
  ex.caller = identified;
  return identified;
}
