import type { SandboxRequest } from '../../kit/types';

/**
 * The fields of a JSON object body. An empty body, or JSON that is not an object, has no
 * fields, so the caller answers LOCCODE_REQUIRED; a body that is not JSON at all throws,
 * and the kit answers 400 INVALID_JSON (spec: request bodies must be valid JSON).
 */
export function jsonObjectFields(req: SandboxRequest): Record<string, unknown> {
  if (req.rawBody.trim() === '') return {};
  const body = req.json();
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}
