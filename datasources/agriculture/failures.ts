import { genericFailure, type FailureTranslation, type UpstreamCall } from '../../src/upstream/client';
import { errorBody } from './wire';

const EXACTLY =
  'Loccodes are matched exactly: send the code as issued, same capitals and one space (e.g. "KN3A 7QP").';

/**
 * Spec "Errors", code by code, in our vocabulary with a message of our own: the
 * service's message and details are never passed on (they may echo the request).
 * 401 and 429 never get here (the base class handles them); any 5xx, among them
 * 500 INTERNAL_SERVER_ERROR and 503 SERVICE_UNAVAILABLE, is UPSTREAM_UNAVAILABLE.
 */
const TRANSLATIONS: Record<string, (call: UpstreamCall) => FailureTranslation> = {
  LOCCODE_NOT_FOUND: (call) => ({
    code: 'LOCCODE_NOT_FOUND',
    message: `The agriculture service has no area registered under loccode "${sent(call, 'loccode')}". ${EXACTLY}`,
  }),
  ORIGIN_NOT_FOUND: (call) => ({
    code: 'ORIGIN_NOT_FOUND',
    message: `The agriculture service has no area registered under the origin loccode "${sent(call, 'origin_loccode')}". ${EXACTLY}`,
  }),
  DESTINATION_NOT_FOUND: (call) => ({
    code: 'DESTINATION_NOT_FOUND',
    message: `The agriculture service has no area registered under the destination loccode "${sent(call, 'destination_loccode')}". ${EXACTLY}`,
  }),
  SAME_LOCATION: (call) => ({
    code: 'SAME_LOCATION',
    message: `"${sent(call, 'origin_loccode')}" and "${sent(call, 'destination_loccode')}" are in the same area; choose a destination in another local government area.`,
  }),
  CROP_REQUIRED: (call) => ({
    code: 'CROP_REQUIRED',
    message: `The agriculture service did not receive a crop for ${call.operation}; pass one of the values listed by Query.crops.`,
  }),
  INVALID_CROP: (call) => ({
    code: 'INVALID_CROP',
    message: `The agriculture service does not recognise the crop "${sent(call, 'crop')}" for pest reports; pass another value listed by Query.crops, or leave crop out for the location overview.`,
  }),
  UNSUPPORTED_CROP: (call) => ({
    code: 'UNSUPPORTED_CROP',
    message: `The agriculture service cannot predict the yield of the crop "${sent(call, 'crop')}"; pass another value listed by Query.crops.`,
  }),
  // The gateway checks every loccode's shape before calling, so the service saying it got
  // none means the two disagree about the request: the service's fault, not the client's.
  LOCCODE_REQUIRED: (call) => ({
    code: 'UPSTREAM_BAD_RESPONSE',
    message: `The agriculture service said the loccode was missing from ${call.operation} although the gateway sent it. Your request is fine; try again later.`,
  }),
};

export function translateAgricultureFailure(
  status: number,
  body: unknown,
  call: UpstreamCall,
): FailureTranslation {
  const code = errorBody.safeParse(body).data?.error.code;
  // Own keys only: a code such as `constructor` must not find an Object method.
  const translate =
    status < 500 && code !== undefined && Object.hasOwn(TRANSLATIONS, code) ? TRANSLATIONS[code] : undefined;
  return translate ? translate(call) : genericFailure('agriculture', status, call.operation);
}

/** A value the gateway put into the request: the client's own input, safe to quote back. */
function sent(call: UpstreamCall, field: string): string {
  const fromBody =
    typeof call.body === 'object' && call.body !== null
      ? (call.body as Record<string, unknown>)[field]
      : undefined;
  return String(call.query?.[field] ?? fromBody ?? '');
}
