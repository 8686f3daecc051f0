import type { IncomingHttpHeaders } from 'node:http';

/** Media types a page may send cross-site without a preflight (Fetch standard, "CORS-safelisted request-header"). */
const SIMPLE_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/** Headers no form, link or image can send: their presence proves a script asked, after a CORS preflight. */
const PREFLIGHT_HEADERS = ['apollo-require-preflight', 'x-apollo-operation-name'];

/**
 * Apollo Server's CSRF prevention rule (`csrfPrevention`, on by default and kept on), checked
 * here first so that the refusal says how to comply: a request a browser would send
 * cross-site without asking (a plain GET, or a form POST) runs only with a header that forces
 * a preflight. Otherwise any page could make a visitor's browser run operations
 * (and time their answers), even though no page can read them.
 */
export function csrfRefusal(headers: IncomingHttpHeaders): string | undefined {
  const mediaType = headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== undefined && !SIMPLE_CONTENT_TYPES.includes(mediaType)) return undefined;
  if (PREFLIGHT_HEADERS.some((name) => String(headers[name] ?? '').length > 0)) return undefined;
  return (
    'This request was refused as a possible Cross-Site Request Forgery (CSRF): any web page can make a browser send a request like this one. ' +
    'Add the header "apollo-require-preflight: true" (or "x-apollo-operation-name: <operation name>"), ' +
    'or POST the operation as JSON with "content-type: application/json".'
  );
}
