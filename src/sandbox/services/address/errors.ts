import { STATUS_CODES } from 'node:http';
import { RejectedRequest, type GenericFailure, type Reply } from '../../kit/types';

/** The spec shows no error body; the sandbox answers NestJS-style, so every `code` is the HTTP reason phrase. */
export const ADDRESS_GENERIC_CODES: Record<GenericFailure, string> = {
  unknownPath: 'Not Found',
  rateLimited: 'Too Many Requests',
  internal: 'Internal Server Error',
  unavailable: 'Service Unavailable',
  badGateway: 'Bad Gateway',
  invalidJson: 'Bad Request',
};

/**
 * `{statusCode, error, message}`. `error` is always the reason phrase of the
 * status (whatever code the kit passes); `details`, when given, is appended to the message.
 */
export function addressError(status: number, code: string, message: string, details?: string): Reply {
  return {
    status,
    body: {
      statusCode: status,
      error: reasonPhrase(status) ?? code,
      message: details === undefined ? message : `${message} ${details}`,
    },
  };
}

export function reasonPhrase(status: number): string | undefined {
  return STATUS_CODES[status];
}

/** Refusals, with the reason phrase as their code like every address error. */
export const badRequest = (message: string): RejectedRequest =>
  new RejectedRequest(400, 'Bad Request', message);
export const notFound = (message: string): RejectedRequest => new RejectedRequest(404, 'Not Found', message);
