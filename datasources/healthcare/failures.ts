import type { FailureTranslation, UpstreamCall } from '../../src/upstream/client';
import { genericFailure, operationLabel } from '../../src/upstream/client';
import { errorBody } from './wire';

/**
 * What to say for each healthcare 400 code. The spec shows no codes; these are the
 * sandbox's documented choice (src/sandbox/README.md, "Healthcare"). The gateway
 * checks every argument first, so a 400 means its checks and the service's differ.
 */
const REFUSALS: Record<string, string> = {
  LOCCODE_REQUIRED: 'The healthcare service received no loccode.',
  FACILITY_LEVEL_REQUIRED:
    'The healthcare service refused the facility level; use PRIMARY, SECONDARY or TERTIARY.',
  INVALID_FACILITY_LEVEL:
    'The healthcare service refused the facility level; use PRIMARY, SECONDARY or TERTIARY.',
  INVALID_RADIUS:
    'The healthcare service refused "radiusKm"; use a radius greater than 0 and at most 100 km.',
  INVALID_LIMIT: 'The healthcare service refused "limit"; use a whole number from 1 to 50.',
  HEALTH_CONDITION_REQUIRED:
    'The healthcare service needs "condition": describe the condition in plain language, e.g. "chest pain".',
};

/**
 * The healthcare service's failures in our vocabulary. By code where the code is
 * known, by status otherwise, so a service with other code strings still maps:
 * every route takes a loccode and the spec answers 404 for a malformed or
 * unregistered one. Upstream message and details text is never forwarded.
 */
export function translateHealthcareFailure(
  status: number,
  body: unknown,
  call: UpstreamCall,
): FailureTranslation {
  const { operation } = call;
  const loccode = String(call.query?.loccode ?? '');
  const code = errorBody.safeParse(body).data?.error.code;
  if (code === 'LOCCODE_NOT_FOUND' || status === 404) {
    return {
      code: 'LOCCODE_NOT_FOUND',
      message: `The healthcare service does not know the loccode "${loccode}". Check it is registered and sent exactly as issued, e.g. "KN3A 7QP".`,
    };
  }
  if (status === 400) {
    const known = code === undefined ? undefined : REFUSALS[code];
    const message =
      known ??
      `The healthcare service refused the arguments of ${operationLabel(operation)}; check them against the field's description.`;
    return { code: 'BAD_USER_INPUT', message };
  }
  return genericFailure('healthcare', status, operation);
}
