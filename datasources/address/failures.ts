import type { FailureTranslation, UpstreamCall } from '../../src/upstream/client';
import { genericFailure, operationLabel } from '../../src/upstream/client';
import type { AddressOperation } from './operations';

/**
 * The address service's failures in our vocabulary, by status: the spec shows no
 * error codes (the sandbox answers NestJS-style, `{statusCode, error, message}`).
 * The upstream message is never forwarded.
 */
export function translateAddressFailure(status: number, call: UpstreamCall): FailureTranslation {
  if (call.operation === ('byLoccode' satisfies AddressOperation) && (status === 400 || status === 404)) {
    return loccodeFailure(status);
  }
  if (status === 404) {
    return { code: 'NOT_FOUND', message: notFoundMessage(call) };
  }
  if (status === 400) {
    return {
      code: 'BAD_USER_INPUT',
      message: `The address service refused the arguments of its ${operationLabel(call.operation)} lookup; check them against the field's description.`,
    };
  }
  return genericFailure('address', status, call.operation);
}

/**
 * The loccode lookup takes the `XXXX XXX` pattern only (spec B, "Endpoints"): a
 * well-formed loccode of another shape, such as the area code `KAN 700001`, gets
 * a 400, which is "not known here" rather than a client mistake.
 */
function loccodeFailure(status: number): FailureTranslation {
  return {
    code: 'LOCCODE_NOT_FOUND',
    message:
      status === 400
        ? 'The address service knows street loccodes only (four letters or digits, a space, three, e.g. "KN3A 7QP"); this loccode is not one.'
        : 'The address service has no verified address for this loccode.',
  };
}

function notFoundMessage(call: UpstreamCall): string {
  if (call.operation === ('byStreet' satisfies AddressOperation)) {
    return `No verified street matches "${String(call.query?.streetName)}".`;
  }
  return `No verified address is near ${String(call.query?.latitude)}, ${String(call.query?.longitude)}; the address service covers Nigeria only.`;
}
