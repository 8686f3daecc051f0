import { findKey } from '../../kit/auth';
import type { AuthResult, Reply, Route, SandboxRequest } from '../../kit/types';
import { SANDBOX_KEYS } from '../../keys';
import { failure } from './envelope';

/** The maps product's keys by name; the kit keeps rate limits per name, so TEST and LIVE never share a bucket. */
const MAPS_KEYS: Record<string, string> = { maps: SANDBOX_KEYS.maps, mapsLive: SANDBOX_KEYS.mapsLive };

/** Spec, Authentication 1: keys are minted in two kinds only. */
const KEY_SHAPE = /^mk_(live|test)_/;

/**
 * Spec, Authentication 2: REST takes `X-Api-Key` (preferred) or `key`, and the header wins
 * when both are sent; map resources take only the `key` query parameter. A request to an
 * unknown path (no route) is authenticated like REST.
 */
export function authenticateMapsKey(
  req: Omit<SandboxRequest, 'keyName'>,
  route: Route | undefined,
): AuthResult | Reply {
  const queryKey = req.query.get('key') ?? undefined;
  const headerKey = singleHeader(req.headers['x-api-key']);
  const displayResource = route?.keyLocation === 'query-only';
  const presented = displayResource ? queryKey : (headerKey ?? queryKey);

  if (presented === undefined || presented === '') {
    const where = displayResource
      ? 'Map resources take the key only as the key query parameter.'
      : 'Send it in the X-Api-Key header or the key query parameter.';
    return unauthorized(`An API key is required. ${where}`);
  }
  if (!KEY_SHAPE.test(presented)) {
    return unauthorized('The API key is malformed: maps keys start with mk_live_ or mk_test_.');
  }
  const keyName = findKey(presented, MAPS_KEYS);
  if (keyName === undefined) return unauthorized('The API key is not valid for the maps product.');
  return { keyName };
}

function singleHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function unauthorized(message: string): Reply {
  return failure(401, 'invalid_api_key', message);
}
