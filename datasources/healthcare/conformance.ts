import { keyRefused, type ConformanceRow, type ConformanceTable } from '../../src/upstream/conformance';
import type { HealthcareEndpoint } from './endpoints';
import { errorBody } from './wire';

const LEVELS = 'use PRIMARY, SECONDARY or TERTIARY';

/** A 400 whose code the sandbox documents (the spec shows no codes): the client's argument refused. */
function refused(
  upstreamCode: string,
  operations: HealthcareEndpoint[],
  message: string,
): ConformanceRow<HealthcareEndpoint> {
  return {
    status: 400,
    upstreamCode,
    operations,
    when: `${upstreamCode} (code: the sandbox's documented choice)`,
    code: 'BAD_USER_INPUT',
    message,
    then: 'report',
  };
}

/**
 * health-and-address-services.md, service A, Errors: 400 when the loccode is missing, 404 when
 * it is malformed or unregistered, 401 for the key. Codes, per-route tables and limits: not
 * shown; the 400 codes below are the sandbox's. The body is `{error: {code, message, details}}`.
 */
export const HEALTHCARE_CONFORMANCE: ConformanceTable<HealthcareEndpoint> = {
  title: 'Healthcare (health-and-address-services.md, service A)',
  codeOf: (body) => errorBody.safeParse(body).data?.error.code,
  rows: [
    {
      status: 400,
      upstreamCode: 'LOCCODE_REQUIRED',
      when: 'the loccode query parameter is missing',
      // The gateway always sends one: the two disagree about the request.
      code: 'UPSTREAM_BAD_RESPONSE',
      message:
        'The healthcare service said the loccode was missing from {operation} although the gateway sent it. Your request is fine; try again later.',
      then: 'report',
    },
    refused(
      'FACILITY_LEVEL_REQUIRED',
      ['facilities'],
      `The healthcare service refused the facility level; ${LEVELS}.`,
    ),
    refused(
      'INVALID_FACILITY_LEVEL',
      ['facilities'],
      `The healthcare service refused the facility level; ${LEVELS}.`,
    ),
    refused(
      'INVALID_RADIUS',
      ['facilities'],
      'The healthcare service refused "radiusKm" {radius_km}; its bounds are not published: try a smaller radius greater than 0.',
    ),
    refused(
      'INVALID_LIMIT',
      ['facilities'],
      'The healthcare service refused "limit" {limit}; its bounds are not published: try a smaller whole number from 1.',
    ),
    refused(
      'HEALTH_CONDITION_REQUIRED',
      ['specialist'],
      'The healthcare service needs "condition": describe the condition in plain language, e.g. "chest pain".',
    ),
    {
      status: 400,
      when: 'any other refusal of the arguments',
      code: 'BAD_USER_INPUT',
      message:
        "The healthcare service refused the arguments of {operation}; check them against the field's description.",
      then: 'report',
    },
    keyRefused(401, 'key missing or invalid'),
    {
      status: 404,
      upstreamCode: 'LOCCODE_NOT_FOUND',
      when: 'loccode present but malformed or unregistered',
      code: 'LOCCODE_NOT_FOUND',
      message:
        'The healthcare service does not know the loccode "{loccode}". Check it is registered and sent exactly as issued, e.g. "KN3A 7QP".',
      then: 'remember',
    },
    {
      status: 404,
      // Not remembered: without the code it may as well be a wrong HEALTH_BASE_URL.
      when: "a 404 with another code: the spec's answer for an unknown loccode, or a path that does not exist",
      code: 'LOCCODE_NOT_FOUND',
      message:
        'The healthcare service answered "not found" for {operation} of loccode "{loccode}": the loccode is not registered (send it as issued, e.g. "KN3A 7QP"), or the gateway is configured with a wrong HEALTH_BASE_URL.',
      then: 'report',
    },
  ],
};
