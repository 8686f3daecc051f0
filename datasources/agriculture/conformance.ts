import {
  keyRefused,
  rateLimited,
  serviceFailed,
  type ConformanceTable,
} from '../../src/upstream/conformance';
import type { AgricultureEndpoint } from './endpoints';
import { errorBody } from './wire';

/**
 * agri-service.md, Errors, row by row. The body is `{error: {code, message, details}}`;
 * rows match on `code`. The service's message and details are never passed on.
 */
export const AGRICULTURE_CONFORMANCE: ConformanceTable<AgricultureEndpoint> = {
  title: 'Agriculture (agri-service.md)',
  codeOf: (body) => errorBody.safeParse(body).data?.error.code,
  rows: [
    {
      status: 400,
      upstreamCode: 'LOCCODE_REQUIRED',
      when: 'loccode (or origin or destination) missing',
      // The gateway checks every loccode before calling: the service saying it got none
      // means the two disagree about the request, the service's fault, not the client's.
      code: 'UPSTREAM_BAD_RESPONSE',
      message:
        'The agriculture service said the loccode was missing from {operation} although the gateway sent it. Your request is fine; try again later.',
      then: 'report',
    },
    {
      status: 400,
      upstreamCode: 'CROP_REQUIRED',
      operations: ['pests', 'yield'],
      when: 'crop key empty (pests) or missing (yield)',
      code: 'CROP_REQUIRED',
      message:
        'The agriculture service did not receive a crop for {operation}; pass one of the values listed by Query.crops.',
      then: 'report',
    },
    {
      status: 400,
      upstreamCode: 'INVALID_CROP',
      operations: ['pests'],
      when: 'crop not recognised',
      code: 'INVALID_CROP',
      message:
        'The agriculture service does not recognise the crop "{crop}" for pest reports; pass another value listed by Query.crops, or leave crop out for the location overview.',
      then: 'report',
    },
    {
      status: 400,
      upstreamCode: 'UNSUPPORTED_CROP',
      operations: ['yield'],
      when: 'crop not recognised',
      code: 'UNSUPPORTED_CROP',
      message:
        'The agriculture service cannot predict the yield of the crop "{crop}"; pass another value listed by Query.crops.',
      then: 'report',
    },
    {
      status: 400,
      upstreamCode: 'SAME_LOCATION',
      operations: ['supply'],
      when: 'origin and destination are the same area',
      code: 'SAME_LOCATION',
      message:
        '"{origin_loccode}" and "{destination_loccode}" are in the same area; choose a destination in another local government area.',
      then: 'report',
    },
    keyRefused(401, 'key missing or invalid', 'Unauthorized'),
    {
      status: 404,
      upstreamCode: 'LOCCODE_NOT_FOUND',
      operations: ['climate', 'pests', 'yield'],
      when: 'loccode malformed or unregistered',
      code: 'LOCCODE_NOT_FOUND',
      message: 'The agriculture service has no area registered under loccode "{loccode}".{capitals:loccode}',
      then: 'remember',
    },
    {
      status: 404,
      upstreamCode: 'ORIGIN_NOT_FOUND',
      operations: ['supply'],
      when: 'origin loccode malformed or unregistered',
      code: 'ORIGIN_NOT_FOUND',
      message:
        'The agriculture service has no area registered under the origin loccode "{origin_loccode}".{capitals:origin_loccode}',
      then: 'remember',
    },
    {
      status: 404,
      upstreamCode: 'DESTINATION_NOT_FOUND',
      operations: ['supply'],
      when: 'destination loccode malformed or unregistered',
      code: 'DESTINATION_NOT_FOUND',
      message:
        'The agriculture service has no area registered under the destination loccode "{destination_loccode}".{capitals:destination_loccode}',
      then: 'remember',
    },
    {
      status: 404,
      when: 'endpoint path wrong (no code named)',
      // Not "no such loccode": the configured base URL points somewhere else.
      code: 'UPSTREAM_BAD_RESPONSE',
      message:
        'The agriculture service has no {operation} endpoint where the gateway looked; the gateway operator must check AGRI_BASE_URL.',
      then: 'report',
    },
    rateLimited('rate limit exceeded (60 requests per minute per key)', 'Too Many Requests'),
    serviceFailed(500, 'unexpected server error', 'report', 'INTERNAL_SERVER_ERROR'),
    serviceFailed(503, 'data source temporarily unavailable', 'retry', 'SERVICE_UNAVAILABLE', [
      'climate',
      'supply',
    ]),
  ],
};
