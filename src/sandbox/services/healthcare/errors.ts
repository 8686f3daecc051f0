import { nestedErrorReply, type GenericFailure } from '../../kit/types';

/**
 * Healthcare error codes. The spec shows the envelope but no codes, so these
 * are the sandbox's documented choice (sandbox README).
 */
export const HEALTHCARE_ERROR_CODES = {
  loccodeRequired: 'LOCCODE_REQUIRED',
  loccodeNotFound: 'LOCCODE_NOT_FOUND',
  facilityLevelRequired: 'FACILITY_LEVEL_REQUIRED',
  invalidFacilityLevel: 'INVALID_FACILITY_LEVEL',
  invalidRadius: 'INVALID_RADIUS',
  invalidLimit: 'INVALID_LIMIT',
  healthConditionRequired: 'HEALTH_CONDITION_REQUIRED',
  unauthorized: 'UNAUTHORIZED',
} as const;

export const HEALTHCARE_GENERIC_CODES: Record<GenericFailure, string> = {
  unknownPath: 'NOT_FOUND',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_SERVER_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
  badGateway: 'BAD_GATEWAY',
  invalidJson: 'INVALID_JSON',
};

/** The spec's error body: `{error: {code, message, details?}}`. */
export const healthcareError = nestedErrorReply;
