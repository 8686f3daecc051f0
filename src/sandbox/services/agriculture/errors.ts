import { nestedErrorReply, type GenericFailure } from '../../kit/types';

/** Spec "Errors": the codes of the agriculture service's own failures. */
export const AGRICULTURE_ERROR_CODES = {
  loccodeRequired: 'LOCCODE_REQUIRED',
  cropRequired: 'CROP_REQUIRED',
  invalidCrop: 'INVALID_CROP',
  unsupportedCrop: 'UNSUPPORTED_CROP',
  sameLocation: 'SAME_LOCATION',
  unauthorized: 'Unauthorized',
  loccodeNotFound: 'LOCCODE_NOT_FOUND',
  originNotFound: 'ORIGIN_NOT_FOUND',
  destinationNotFound: 'DESTINATION_NOT_FOUND',
} as const;

/**
 * Failures the kit produces. `Too Many Requests` is the spec's code for 429;
 * the unknown-path code is "not named" in the spec, `NOT_FOUND` is our choice.
 */
export const AGRICULTURE_GENERIC_CODES: Record<GenericFailure, string> = {
  unknownPath: 'NOT_FOUND',
  rateLimited: 'Too Many Requests',
  internal: 'INTERNAL_SERVER_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
  badGateway: 'BAD_GATEWAY',
  invalidJson: 'INVALID_JSON',
};

/** Spec "Error body": `{error: {code, message, details?}}`. */
export const agricultureError = nestedErrorReply;
