import type { Caller } from '../kernel/caller';
import { LastOfLength, TextInterner, TextMemo } from '../kernel/text-memo';
import { newScope, type Edge, type Exchange, type GraphQLRequest } from './edge';
import { csrfRefusal } from './csrf';
import { documentNesting, jsonNesting, readBody } from './http-body';
import { isJsonRequest } from './media-types';
import { Refusal } from './refusal';
import type { OperationRequest } from './response-cache';
import { TrustedDocuments } from './trusted-documents';

/** Far deeper than any input of the schema needs; deeper JSON is refused before it is parsed. */
const MAX_JSON_NESTING = 64;
/** Levels of input values (`{}` and `[]` in arguments) a document may nest beyond its fields' depth. */
const INPUT_NESTING = 16;

/**
 * The stage after the caller is known: the body read within its limit, the media types, the
 * JSON and its nesting, batching, the document's nesting, CSRF and trusted documents, each
 * refused before graphql-js sees anything; then the one operation the request names, in the
 * request's scope. Undefined when the client went away (or Node answered 408 for us): nobody
 * is left to answer.
 */
export async function readRequest(
  edge: Edge,
  ex: Exchange,
  caller: Caller,
): Promise<GraphQLRequest | Refusal | undefined> {
  const { req, url } = ex;
  const { queryLimits, trustedDocuments } = edge.options;
  const { maxBodyBytes } = queryLimits;
  // Declared too large: refused before a byte of it is read.
  if (Number(req.headers['content-length'] ?? 0) > maxBodyBytes) return tooLarge(maxBodyBytes);
  const received = await readBody(req, maxBodyBytes);
  if (received === 'aborted') return undefined;
  if (received === 'too-large') return tooLarge(maxBodyBytes);
  const checked = checkBody(edge, ex, received);
  if (checked instanceof Refusal) return checked;
  let body = checked;
  // Trusted mode also takes the `documentId` convention of client-preset's manifests.
  const search = trustedDocuments ? TrustedDocuments.fromDocumentIdParameter(url.search) : url.search;
  // Where Apollo would refuse it, with a message that says how to comply.
  const csrf = csrfRefusal(req.headers);
  if (csrf) return new Refusal(400, csrf, 'BAD_REQUEST');
  if (trustedDocuments) {
    body = TrustedDocuments.fromDocumentId(body);
    const refusal = trustedDocuments.refusal(body, search);
    if (refusal) return new Refusal(refusal.status, refusal.message, refusal.code);
  }
  const operation = Array.isArray(body)
    ? undefined
    : operationRequest(req.method, body, search, req.headers['content-type']);
  const scope = newScope(edge, ex.requestId, caller);
  ex.record.attach(scope);
  return { caller, body, search, operation, scope, context: undefined };
}

function tooLarge(maxBodyBytes: number): Refusal {
  return new Refusal(
    413,
    `The request body exceeds ${maxBodyBytes} bytes (QUERY_MAX_BODY_BYTES). Send a shorter query, or pass large inputs as fewer, smaller requests.`,
    'REQUEST_TOO_LARGE',
  );
}

/** The body as JSON (POST) or as it came, or what is wrong with its media types, JSON or nesting. */
function checkBody(edge: Edge, { req, url, mediaType }: Exchange, raw: string): unknown {
  const { queryLimits } = edge.options;
  // Refused before Apollo sees the request, so nothing executes; answered in the type the client accepts.
  if (!mediaType)
    return new Refusal(
      406,
      'Responses are sent as application/graphql-response+json or application/json; the Accept header allows neither.',
    );
  if (req.method === 'POST' && !isJsonRequest(req.headers['content-type']))
    return new Refusal(
      415,
      'A POST body must be JSON in UTF-8, sent with content-type: application/json (charset, if given, utf-8).',
    );
  const read = readJsonBody(raw, url, req.headers['content-type']);
  if ('refusal' in read) return new Refusal(400, read.refusal);
  const { body } = read;
  if (Array.isArray(body) && !queryLimits.httpBatching)
    return new Refusal(
      400,
      'Send one operation per request: batched requests (a JSON array body) are turned off on this server.',
    );
  // Refused before graphql-js parses it: a document thousands of levels deep would overflow its stack.
  const documentDepth = Math.max(0, ...queryTexts(body, url).map((text) => nestings.of(text)));
  if (documentDepth > queryLimits.maxDepth + INPUT_NESTING)
    return new Refusal(
      400,
      `The query nests ${documentDepth} levels of braces and brackets; fields may nest at most ${queryLimits.maxDepth} levels (QUERY_MAX_DEPTH). Ask for a shallower selection.`,
      'QUERY_TOO_DEEP',
      { limit: queryLimits.maxDepth + INPUT_NESTING, actual: documentDepth },
    );
  return body;
}

/**
 * Bodies repeated from the last of their length, as read before: most clients send the same
 * few bodies again and again, and a large document full of escaped newlines is slow to parse
 * and to scan for nesting.
 * Every request that sends one shares the value, so it is frozen: nothing may change it.
 */
const parsedBodies = new LastOfLength<unknown>();

/**
 * The request's JSON (a POST body, parsed; GET's JSON parameters are checked here and read by
 * Apollo) or the refusal that says what is wrong with it: JSON nested deeper than anything the
 * schema takes (deeper values overflow the stack of code that walks them), or not JSON at all.
 */
function readJsonBody(raw: string, url: URL, contentType = ''): { body: unknown } | { refusal: string } {
  const json = contentType.includes('json') && raw.length > 0;
  const known = json ? parsedBodies.get(raw) : undefined;
  // GET carries its JSON in the `variables` and `extensions` parameters.
  const nesting = Math.max(
    known === undefined ? jsonNesting(raw) : 0,
    ...(url.search === ''
      ? []
      : ['variables', 'extensions'].map((name) => jsonNesting(url.searchParams.get(name) ?? ''))),
  );
  if (nesting > MAX_JSON_NESTING)
    return {
      refusal: `The request nests JSON ${nesting} levels deep; at most ${MAX_JSON_NESTING} are allowed.`,
    };
  if (!json) return { body: raw };
  if (known !== undefined) return { body: known };
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { refusal: 'The request body is not valid JSON.' };
  }
  // Each document text as the object the memos below already hashed (text-memo.ts).
  canonicalQueries(body);
  parsedBodies.set(raw, deepFreeze(body));
  return { body };
}

/** `value` and everything in it, frozen. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}

/** Most requests repeat a document: its nesting is read once. */
const nestings = new TextMemo(documentNesting);
const documentTexts = new TextInterner();

/** Puts the text seen before in place of each operation's `query` of a parsed body that equals it. */
function canonicalQueries(body: unknown): void {
  for (const operation of Array.isArray(body) ? body : [body]) {
    const query = (operation as { query?: unknown } | null)?.query;
    if (typeof query === 'string') (operation as { query: string }).query = documentTexts.canonical(query);
  }
}

/** The GET parameters Apollo reads, each of which it refuses to be given twice. */
const GET_PARAMETERS = ['query', 'operationName', 'variables', 'extensions'];

/**
 * The one operation a request names, as Apollo reads it: a POST body's members, or GET's
 * parameters (after trusted mode's `documentId` rewrite; `variables` and `extensions` as JSON
 * objects). Undefined wherever Apollo would refuse the GET (another content type, a parameter
 * twice, JSON that is not an object) or could not read it: Apollo then answers, with the
 * error that says why, and neither the response cache nor the lean path may answer first.
 */
function operationRequest(
  method: string | undefined,
  body: unknown,
  search: string,
  contentType: string | undefined,
): OperationRequest | undefined {
  if (method === 'POST')
    return body !== null && typeof body === 'object' ? (body as OperationRequest) : undefined;
  if (method !== 'GET') return undefined;
  if (contentType !== undefined && !isJsonRequest(contentType)) return undefined;
  const parameters = new URLSearchParams(search);
  if (GET_PARAMETERS.some((name) => parameters.getAll(name).length > 1)) return undefined;
  const unreadable = Symbol('unreadable');
  const json = (name: string): unknown => {
    const text = parameters.get(name);
    if (text === null) return undefined;
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : unreadable;
    } catch {
      return unreadable;
    }
  };
  const variables = json('variables');
  const extensions = json('extensions');
  if (variables === unreadable || extensions === unreadable) return undefined;
  const query = parameters.get('query');
  return {
    query: query === null ? undefined : documentTexts.canonical(query),
    operationName: parameters.get('operationName') ?? undefined,
    variables,
    extensions,
  };
}

/** The GraphQL documents of a request: the body's `query` (of each operation, when batched), or GET's. */
function queryTexts(body: unknown, url: URL): string[] {
  const fromGet = url.search === '' ? null : url.searchParams.get('query');
  const operations = Array.isArray(body) ? body : [body];
  const fromBody = operations.flatMap((operation) => {
    const query = (operation as { query?: unknown } | null)?.query;
    return typeof query === 'string' ? [query] : [];
  });
  return fromGet === null ? fromBody : [fromGet, ...fromBody];
}
