import type { ErrorCode } from '../kernel/errors';
import { capitalsHint } from '../kernel/loccode';
import type { UpstreamCall } from './client';

/*
 * Conformance tables: for each upstream, every status and error code its spec
 * lists, what the client gets for it and what the gateway does next. The client's failure
 * handling reads the table and nothing else; docs/CONFORMANCE.md is printed from it
 * (`npm run schema:print`) and test/upstream/conformance-walk.test.ts drives every row
 * through the gateway against the sandbox.
 */

/**
 * What the gateway does after a failure, and what that tells the client:
 * - `wait`: a rate limit. Sent again after `Retry-After` when the wait fits the request's
 *   deadline (a refused call billed nothing, so billed calls too); the client gets
 *   `retryAfterSeconds`.
 * - `retry`: the service is unwell for a moment. A read that is never billed is sent again
 *   at once; a billed call is not (it may have reached the service). `retryAfterSeconds`
 *   when the service gave one.
 * - `report`: final; waiting or asking again will not help, so no `retryAfterSeconds`.
 * - `remember`: final, and "this loccode does not exist": remembered for the operation's
 *   not-found time (30 s) so the same question is not asked again at once.
 */
export type Handling = 'wait' | 'retry' | 'report' | 'remember';

/** A status the spec names, or a whole class of them (a row for "any other"). */
export type Status = number | '4xx' | '5xx';

export interface ConformanceRow<Operation extends string = string> {
  status: Status;
  /** The code the spec names, as the service spells it; absent where it names none (then the status alone matches). */
  upstreamCode?: string;
  /** The operations the spec says it applies to; absent: all of the service's. */
  operations?: readonly Operation[];
  /** When it happens, in the spec's words (or the sandbox's documented choice, marked so). */
  when: string;
  /** The code the client gets. */
  code: ErrorCode;
  /**
   * The client's message. `{name}` is replaced by a value the gateway itself sent as `name`
   * (query, body or path parameter: the client's own input), `{operation}` by the
   * operation's name in words, or by a value the table's `quote` gives. `{capitals:name}` is
   * the one sentence every service's "no such loccode" adds when the loccode sent as `name`
   * holds lower-case letters (src/kernel/loccode.ts), else nothing. The upstream's own text is
   * never passed on: it may echo the request, keys included.
   */
  message: string;
  then: Handling;
  /** The refusal may name the fields it refused (maps 400s): those the gateway sent reach the client as `extensions.fields`. */
  namesFields?: boolean;
}

/** One upstream's table, checked in order: a row naming the code first, then one matching the status alone. */
export interface ConformanceTable<Operation extends string = string> {
  /** The service as the docs name it. */
  title: string;
  /** Where the body carries its code (the spec's error body), for matching rows by code. */
  codeOf(body: unknown): string | undefined;
  rows: ReadonlyArray<ConformanceRow<Operation>>;
  /** Values a message may quote besides what the gateway sent, e.g. the fields a validation error names. */
  quote?(call: UpstreamCall, body: unknown): Record<string, string>;
  /** What the table's own `{…}` values say, for docs/CONFORMANCE.md. */
  notes?: readonly string[];
  /** The fields a refusal names among those `call` sent, in the client's argument names (for rows that say `namesFields`). */
  fieldsOf?(call: UpstreamCall, body: unknown): string[];
}

/** A failure in our vocabulary, decided by a row. */
export interface Translation {
  code: ErrorCode;
  message: string;
  then: Handling;
  /** The fields a refusal named, in our argument names (maps VALIDATION_ERROR). */
  fields?: string[];
}

const KEY_REFUSED =
  "The {service} service rejected the gateway's credentials; this is a server configuration problem.";
const FAILED = 'The {service} service failed to answer {operation} (HTTP {status}); try again shortly.';

/** The gateway's key refused: the operator's to fix, never retried. */
export function keyRefused<Operation extends string = string>(
  status: 401 | 403,
  when: string,
  upstreamCode?: string,
): ConformanceRow<Operation> {
  return {
    status,
    ...(upstreamCode && { upstreamCode }),
    when,
    code: 'UPSTREAM_UNAUTHORIZED',
    message: KEY_REFUSED,
    then: 'report',
  };
}

/** A rate limit: waited for when it fits the deadline, `retryAfterSeconds` for the client. */
export function rateLimited<Operation extends string = string>(
  when: string,
  upstreamCode?: string,
): ConformanceRow<Operation> {
  return {
    status: 429,
    ...(upstreamCode && { upstreamCode }),
    when,
    code: 'UPSTREAM_RATE_LIMITED',
    message: 'The {service} service is rate limiting the gateway{retryIn}.',
    then: 'wait',
  };
}

/**
 * The service failing. 502 and 503 say "not now" and are `retry`; a 500 is as likely to
 * fail again and is `report`.
 */
export function serviceFailed<Operation extends string>(
  status: Status,
  when: string,
  then: 'retry' | 'report',
  upstreamCode?: string,
  operations?: readonly Operation[],
): ConformanceRow<Operation> {
  return {
    status,
    ...(upstreamCode && { upstreamCode }),
    ...(operations && { operations }),
    when,
    code: 'UPSTREAM_UNAVAILABLE',
    message: FAILED,
    then,
  };
}

/**
 * What every service gets for the statuses its own rows do not name: a refused key, a rate
 * limit, the service failing, or a refusal the gateway did not expect.
 */
export const FALLBACK_ROWS: readonly ConformanceRow[] = [
  keyRefused(401, 'the gateway key is refused'),
  keyRefused(403, 'the gateway key is refused'),
  rateLimited('rate limit exceeded'),
  {
    status: 414,
    when: 'the request line is too long for the service (a very long text argument)',
    code: 'BAD_USER_INPUT',
    message: 'The {service} service refused {operation} as too long (HTTP 414); shorten the text arguments.',
    then: 'report',
  },
  {
    status: 431,
    when: 'the request head is too large for the service (a very long text argument)',
    code: 'BAD_USER_INPUT',
    message: 'The {service} service refused {operation} as too long (HTTP 431); shorten the text arguments.',
    then: 'report',
  },
  serviceFailed(502, 'a proxy in front of the service could not reach it', 'retry'),
  serviceFailed(503, 'the service is temporarily unavailable', 'retry'),
  serviceFailed('5xx', 'any other server error', 'report'),
  {
    status: '4xx',
    when: 'any other refusal: the gateway and the service disagree about the request',
    code: 'UPSTREAM_BAD_RESPONSE',
    message:
      'The {service} service refused {operation} (HTTP {status}) in a way the gateway does not expect. Your request is fine; the gateway operator has been told.',
    then: 'report',
  },
];

/** Whether `row` is the one for this answer; `byCode` asks for rows naming a code, else for rows that name none. */
function matches(
  row: ConformanceRow,
  status: number,
  code: string | undefined,
  operation: string,
  byCode: boolean,
): boolean {
  if (row.operations && !row.operations.includes(operation)) return false;
  if (byCode ? row.upstreamCode === undefined || row.upstreamCode !== code : row.upstreamCode !== undefined)
    return false;
  if (typeof row.status === 'number') return row.status === status;
  return row.status === '4xx' ? status >= 400 && status < 500 : status >= 500;
}

/** The row for a non-2xx answer: the service's own first (by code, then by status), then the fallback. */
export function rowFor(
  table: ConformanceTable,
  status: number,
  body: unknown,
  operation: string,
): ConformanceRow {
  const code = table.codeOf(body);
  const exact = (rows: readonly ConformanceRow[]) =>
    rows.find((row) => matches(row, status, code, operation, true)) ??
    rows.find((row) => matches(row, status, code, operation, false) && typeof row.status === 'number') ??
    rows.find((row) => matches(row, status, code, operation, false));
  return exact(table.rows) ?? exact(FALLBACK_ROWS)!;
}

/** A non-2xx answer in our vocabulary, by its row. */
export function translate(
  table: ConformanceTable,
  service: string,
  status: number,
  body: unknown,
  call: UpstreamCall,
  retryAfterSeconds: number | undefined,
): Translation {
  const row = rowFor(table, status, body, call.operation);
  const quoted = table.quote?.(call, body) ?? {};
  const values: Record<string, string> = {
    service,
    status: String(status),
    operation: operationLabel(call.operation),
    retryIn: retryAfterSeconds === undefined ? '' : `; retry in ${retryAfterSeconds} s`,
    ...quoted,
  };
  const message = row.message.replace(/\{(?:(capitals):)?(\w+)\}/g, (_, capitals, name: string) => {
    const value = values[name] ?? sent(call, name);
    return capitals ? capitalsHint(value === '' ? [] : [value]) : value;
  });
  const named = row.namesFields ? table.fieldsOf?.(call, body) : undefined;
  const fields = named && named.length > 0 ? named : undefined;
  return { code: row.code, message, then: row.then, ...(fields && { fields }) };
}

/** A value the gateway put into the request (query, JSON body): the client's own input, safe to quote back. */
function sent(call: UpstreamCall, name: string): string {
  const fromBody =
    typeof call.body === 'object' && call.body !== null
      ? (call.body as Record<string, unknown>)[name]
      : undefined;
  const value = call.query?.[name] ?? fromBody ?? call.params?.[name];
  return value === undefined ? '' : String(value);
}

/** An operation name for a sentence: `emergencyRoute` becomes "emergency route". */
export function operationLabel(operation: string): string {
  return operation.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
