import { createHash } from 'node:crypto';
import { RejectedRequest, type Reply, type SandboxRequest } from '../../kit/types';

/** Failures a handler reports by throwing; the kit turns them into the spec's `{status: false, code, message}`. */
export type MapsError = RejectedRequest;

/** Spec, Errors: missing or malformed origin, destination or coordinates, or a bad loccode format. */
export const invalidParams = (message: string): MapsError =>
  new RejectedRequest(400, 'INVALID_PARAMS', message);

/** Spec, Errors: "message lists the offending fields". */
export const validationError = (problems: readonly string[]): MapsError =>
  new RejectedRequest(400, 'VALIDATION_ERROR', `Invalid fields: ${problems.join('; ')}.`);

export const notFound = (message: string): MapsError => new RejectedRequest(404, 'NOT_FOUND', message);

export const routingFailed = (message: string): MapsError =>
  new RejectedRequest(422, 'ROUTING_FAILED', message);

export const engineUnavailable = (message: string): MapsError =>
  new RejectedRequest(502, 'ENGINE_UNAVAILABLE', message);

/** The failure body; `details` only ever comes from the kit (fault canaries, JSON parser messages). */
export function failure(status: number, code: string, message: string, details?: string): Reply {
  const body: Record<string, unknown> = { status: false, code, message };
  if (details !== undefined) body.details = details;
  return { status, body };
}

/**
 * The success body. `request_id` is the one additive key the spec tells clients to
 * ignore; it is a digest of the request (never of the key), so bodies stay byte-identical.
 */
export function success(req: SandboxRequest, data: unknown): Reply {
  return { status: 200, body: { status: true, message: '', data, request_id: requestId(req) } };
}

function requestId(req: SandboxRequest): string {
  const query = [...req.query.entries()]
    .filter(([name]) => name !== 'key')
    .map(([name, value]) => `${name}=${value}`)
    .sort();
  const digest = createHash('sha256')
    .update([req.method, req.path, ...query, req.rawBody].join('\n'))
    .digest('hex');
  return `req_${digest.slice(0, 20)}`;
}
