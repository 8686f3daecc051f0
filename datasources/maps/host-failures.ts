import { genericFailure, type FailureTranslation, type UpstreamCall } from '../../src/upstream/client';
import type { MapHostOperation } from './operations';

/**
 * The host's refusals in the gateway's words: its body may echo the key, so it is never read.
 * The wordmark manifest is the graph's own read: any refusal of it is the host's fault.
 */
export function translateHostFailure(status: number, _body: unknown, call: UpstreamCall): FailureTranslation {
  if (call.operation === ('wordmark' satisfies MapHostOperation) || (status !== 400 && status !== 404))
    return genericFailure('maps', status, call.operation);
  return status === 400
    ? {
        code: 'BAD_USER_INPUT',
        message: 'The map host refused this request; check the path and its parameters.',
      }
    : { code: 'NOT_FOUND', message: 'The map host has no such resource (for styles: no such family).' };
}
