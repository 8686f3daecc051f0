import { errors as undiciErrors, Pool } from 'undici';
import type { z } from 'zod';
import { UpstreamError, type ErrorCode } from '../kernel/errors';
import { errorFields, logger } from '../observability/logger';
import { observeUpstreamCall } from '../observability/upstream-call';
import { inUpstreamCallSpan, spansExported, startUpstreamRequest } from '../observability/tracing';
import { NOT_HELD, type UpstreamDiscipline } from './discipline';
import { atOnce, type PromiseOrValue } from './promise-or-value';
import type { EndpointSpec, EndpointTable } from './endpoints';
import { currentScope } from '../kernel/request-scope';
import type { ServiceName } from '../kernel/services';
import { translate, type ConformanceTable } from './conformance';
import { dispatchExchange, type Exchange } from './exchange';
import { LastOfLength } from '../kernel/text-memo';
import { monotonicMs } from '../kernel/clock';

/**
 * Characters of recent answer texts kept per schema beside their checked bodies (`checkedBodies`
 * below): the 24 operations' schemas hold at most about 6 MB of texts and what was made of them.
 */
const CHECKED_BODY_CHARS = 256_000;

/** Where an upstream is and the key the gateway sends it (configuration, or the sandbox's). */
export interface UpstreamTarget {
  baseUrl: string;
  apiKey: string;
}

/** The arguments of one call; the rest comes from its operation's row. */
export interface CallArguments {
  /** Values of the `{name}` placeholders of the operation's path. */
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

/** One call as it goes out (credentials aside): what failure translations quote from. */
export interface UpstreamCall {
  /** Operation name for logs, metrics and messages, e.g. `climate`. */
  operation: string;
  method: 'GET' | 'POST';
  /** Path below the configured base URL, each parameter already `encodeURIComponent`-ed. */
  path: string;
  /** The path parameters as given, before encoding. */
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

/** A 2xx answer kept as bytes (map tiles, fonts, sprites, styles), as the cache stores it. */
export interface RawAnswer {
  status: number;
  contentType: string;
  headers: Record<string, string>;
  bodyBase64: string;
}

/** What every client is built with besides its target; process-wide, created once at start. */
export interface ClientSettings {
  timeoutMs: number;
  discipline: UpstreamDiscipline;
}

export interface Credentials {
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

/** One upstream as its datasource declares it (datasources/<domain>/endpoints.ts). */
export interface UpstreamDefinition<Operation extends string> {
  service: ServiceName;
  endpoints: EndpointTable<Operation>;
  /** How the key travels (the service's spec, Authentication); added to every attempt, never to cache keys. */
  credentials(apiKey: string): Credentials;
  /** Every non-2xx answer the spec lists, in our vocabulary, with what happens next (see conformance.ts). */
  conformance: ConformanceTable<Operation>;
  /** Connections kept to the upstream (default 64, above a 50-code `loccodes`); calls beyond it queue. */
  connections?: number;
}

/** Checks a declaration and keeps its operation names as a closed union (see {@link OperationOf}). */
export function defineUpstream<Operation extends string>(
  definition: UpstreamDefinition<Operation>,
): UpstreamDefinition<Operation> {
  return definition;
}

/** The operation names of a declared upstream: a typo in one does not compile. */
export type OperationOf<Definition> =
  Definition extends UpstreamDefinition<infer Operation> ? Operation : never;

/** `Authorization: Bearer <key>`, the agriculture, healthcare and address services' scheme. */
export function bearerKey(apiKey: string): Credentials {
  return { headers: { authorization: `Bearer ${apiKey}` } };
}

const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/** Refusals that are the operator's to fix (key, cap, restriction): logged as errors. */
const GATEWAY_KEY_PROBLEMS: ReadonlySet<ErrorCode> = new Set([
  'UPSTREAM_UNAUTHORIZED',
  'UPSTREAM_FORBIDDEN',
  'UPSTREAM_QUOTA_EXCEEDED',
]);

/** Headers of a raw answer worth passing on to a client: caching, and the shared rate-limit budget. */
const PASSED_HEADERS = [
  'cache-control',
  'etag',
  'last-modified',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
];

/**
 * The one HTTP client of the gateway (datasource-rest's shape over undici): one
 * keep-alive pool per upstream, every call built from its operation's row, with a
 * timeout cut to the request's deadline, through the discipline (cache, one flight,
 * pacing, retries, circuit), and every outcome in our error vocabulary. Subclasses
 * declare their upstream (table, credentials, failure vocabulary) and add one small
 * method per endpoint.
 */
export abstract class UpstreamClient<Operation extends string> {
  readonly service: ServiceName;
  private readonly pool: Pool;
  private readonly origin: string;
  private readonly basePath: string;
  private readonly credentials: Credentials;

  protected constructor(
    private readonly upstream: UpstreamDefinition<Operation>,
    target: UpstreamTarget,
    private readonly settings: ClientSettings,
  ) {
    this.service = upstream.service;
    this.credentials = upstream.credentials(target.apiKey);
    const base = new URL(target.baseUrl);
    this.origin = base.origin;
    this.basePath = base.pathname.replace(/\/+$/, '');
    this.pool = new Pool(base.origin, {
      connections: upstream.connections ?? 64,
      keepAliveTimeout: 10_000,
      headersTimeout: settings.timeoutMs,
      bodyTimeout: settings.timeoutMs,
      connectTimeout: Math.min(settings.timeoutMs, 5000),
      maxResponseSize: MAX_RESPONSE_BYTES,
    });
  }

  /**
   * The body of a 2xx answer checked against `schema`, from cache, a shared flight or the
   * upstream (see {@link UpstreamDiscipline}); throws {@link UpstreamError} otherwise. The
   * check runs before the answer is cached: a malformed body is never kept, so
   * the next request asks again instead of failing for the whole TTL.
   */
  protected call<T>(
    operation: Operation,
    args: CallArguments,
    schema: z.ZodType<T>,
    label: string = operation,
  ): PromiseOrValue<T> {
    if (this.heldOnly) return this.heldBody(operation, args) as T;
    return this.disciplined(operation, args, async (call, dimension) => {
      const { status, bytes, headers } = await this.exchange(call, dimension);
      const text = bytes.toString('utf8');
      const ok = status >= 200 && status < 300;
      const checkedBodies = ok ? this.checkedBodiesOf(schema) : undefined;
      const known = checkedBodies?.get(text);
      if (known !== undefined) return known as T;
      const body = this.interpret(call, status, text, this.retryAfter(headers, dimension));
      const checked = this.validate(schema, body, label);
      checkedBodies?.set(text, checked);
      return checked;
    }) as Promise<T>;
  }

  /**
   * The checked bodies of texts this upstream answered lately, per schema: an answer of the same
   * bytes as one before (most are, call after call) is not parsed and checked again, and being
   * the same object its model is not made again either (per-body.ts). Nothing is served from
   * here that the upstream did not just answer: every call still goes out. Parsing, checking and
   * mapping the same answers again is a large part of a request's CPU when every cache is off.
   */
  private readonly checkedBodies = new WeakMap<z.ZodType, LastOfLength<unknown>>();

  private checkedBodiesOf(schema: z.ZodType): LastOfLength<unknown> {
    let memo = this.checkedBodies.get(schema);
    if (!memo) this.checkedBodies.set(schema, (memo = new LastOfLength<unknown>(CHECKED_BODY_CHARS)));
    return memo;
  }

  /**
   * A 2xx answer as bytes with its type and cache headers, through the same discipline.
   * A refusal is an {@link UpstreamError}; of its body only the code is read (the rest may echo the key).
   */
  protected callRaw(operation: Operation, args: CallArguments = {}): Promise<RawAnswer> {
    return this.disciplined(operation, args, async (call, dimension) => {
      const { status, bytes, headers } = await this.exchange(call, dimension);
      // Only the refusal's code is read from its body (the conformance table's `codeOf`).
      if (status < 200 || status >= 300)
        this.interpret(call, status, bytes.toString('utf8'), this.retryAfter(headers, dimension));
      return {
        status,
        contentType: String(headers['content-type'] ?? 'application/octet-stream'),
        headers: passedHeaders(headers),
        bodyBase64: bytes.toString('base64'),
      };
    }) as Promise<RawAnswer>;
  }

  /** Checks a body against its schema; a mismatch is the upstream's fault, not the client's. */
  protected validate<T>(schema: z.ZodType<T>, body: unknown, operation: string): T {
    const result = schema.safeParse(body);
    if (result.success) return result.data;
    logger.warn('upstream response does not match the spec', {
      service: this.service,
      operation,
      issues: result.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`),
    });
    throw new UpstreamError(
      this.service,
      'UPSTREAM_BAD_RESPONSE',
      `The ${this.service} service answered ${operation} with data that does not match its specification.`,
    );
  }

  /** Set only while {@link held} runs its question: calls then answer from memory or not at all. */
  private heldOnly = false;

  /**
   * What `ask` (a question to this client whose calls all go through `call`, and that does
   * nothing else that waits) answers from answers this process holds fresh in memory, at once;
   * undefined when it would have to wait for any of them, and then nothing was started. What
   * it throws from held answers (a model that refuses its body) is its answer, and thrown.
   * A warm gateway's resolvers take most of their values so, without the promises, ticks and
   * spans of a call, which would otherwise be most of a warm execution's work. Not while spans are exported:
   * then every call has its span, as the tracing documentation promises.
   */
  held<V>(ask: () => PromiseOrValue<V>): V | undefined {
    // Nothing to ask when nothing is held: the question would only be asked again.
    if (spansExported() || !this.settings.discipline.holdsAnswers) return undefined;
    this.heldOnly = true;
    try {
      return atOnce(ask, (thrown) => thrown === NOT_HELD);
    } finally {
      this.heldOnly = false;
    }
  }

  /** The body held fresh for this call, or a throw that {@link held} reads as "not held". */
  private heldBody(operation: Operation, args: CallArguments): unknown {
    const spec: EndpointSpec = this.upstream.endpoints[operation];
    const body = this.settings.discipline.held(operation, spec, callKey(spec, args));
    if (body === NOT_HELD) throw NOT_HELD;
    return body;
  }

  /** This upstream's cache, flights, pacer and circuit. */
  get discipline(): UpstreamDiscipline {
    return this.settings.discipline;
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private disciplined(
    operation: Operation,
    args: CallArguments,
    attempt: (call: UpstreamCall, dimension: string) => Promise<unknown>,
  ): Promise<unknown> {
    const spec: EndpointSpec = this.upstream.endpoints[operation];
    const path = fillPath(spec.path, args.params);
    const key = callKey(spec, args, path);
    // Most calls are cache hits, which send nothing: the call as it goes out is built for an attempt only.
    let call: UpstreamCall | undefined;
    const send = (dimension: string) =>
      attempt((call ??= { operation, method: spec.method, path, ...present(args) }), dimension);
    // The resolver group's span: cache, flights, pacing and retries of this call (tracing.ts).
    return inUpstreamCallSpan(this.service, operation, () =>
      this.settings.discipline.run(operation, spec, key, send),
    );
  }

  /** One HTTP exchange, its timeout cut to what is left of the request's deadline. */
  private async exchange(call: UpstreamCall, dimension: string): Promise<Exchange> {
    const { headers: authHeaders, query: authQuery } = this.credentials;
    const scope = currentScope();
    const deadline = scope?.deadline ?? Infinity;
    if (scope) scope.upstreamCalls += 1;
    // The deadline was set on the injected clock, so what is left of it is read there too.
    const timeoutMs = Math.max(
      1,
      Math.min(this.settings.timeoutMs, deadline - this.settings.discipline.clock.now()),
    );
    const started = monotonicMs();
    let status: number | undefined;
    let failure: string | undefined;
    // Traced without the credentials: they are added to the query below, never to this URL.
    const span = startUpstreamRequest({
      service: this.service,
      operation: call.operation,
      method: call.method,
      url: new URL(`${this.origin}${this.basePath}${call.path}${queryString(call.query)}`),
    });
    try {
      const answer = await dispatchExchange(this.pool, {
        method: call.method,
        path: `${this.basePath}${call.path}${queryString({ ...call.query, ...authQuery })}`,
        headers: {
          accept: 'application/json',
          // Bytes are passed on as they are: no encoding the gateway would have to undo.
          'accept-encoding': 'identity',
          ...(call.body !== undefined && { 'content-type': 'application/json' }),
          // W3C Trace Context: the upstream's work joins the caller's trace, under this attempt's span.
          ...span.headers,
          ...authHeaders,
        },
        ...(call.body !== undefined && { body: JSON.stringify(call.body) }),
        timeoutMs,
      });
      status = answer.status;
      await this.settings.discipline.pacer.observe(dimension, answer.headers, status);
      return answer;
    } catch (error) {
      failure = (error as Error).name;
      throw this.transportFailure(call, error, timeoutMs);
    } finally {
      span.end(status, failure);
      const { service } = this;
      logger.debug('upstream call', {
        service,
        operation: call.operation,
        status,
        ms: monotonicMs() - started,
      });
      observeUpstreamCall(this.settings.discipline.metrics, {
        service,
        operation: call.operation,
        status,
        startedAt: started,
      });
    }
  }

  /** The upstream's Retry-After, or else how long the pacer now holds the dimension (after a bare 429). */
  private retryAfter(headers: Exchange['headers'], dimension: string): number | undefined {
    return (
      retryAfterSeconds(headers['retry-after'], this.settings.discipline.clock.now()) ??
      this.settings.discipline.pacer.pausedForSeconds(dimension)
    );
  }

  private interpret(
    call: UpstreamCall,
    status: number,
    text: string,
    retryAfter: number | undefined,
  ): unknown {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      if (status >= 200 && status < 300) {
        throw new UpstreamError(
          this.service,
          'UPSTREAM_BAD_RESPONSE',
          `The ${this.service} service answered ${call.operation} with a body that is not JSON.`,
        );
      }
      body = undefined;
    }
    if (status >= 200 && status < 300) return body;
    const failure = translate(this.upstream.conformance, this.service, status, body, call, retryAfter);
    if (GATEWAY_KEY_PROBLEMS.has(failure.code)) {
      logger.error('upstream refused the gateway key', { service: this.service, status, code: failure.code });
    }
    // Only where waiting helps does the client hear how long to wait.
    const waitHelps = failure.then === 'wait' || failure.then === 'retry';
    throw new UpstreamError(
      this.service,
      failure.code,
      failure.message,
      waitHelps ? retryAfter : undefined,
      waitHelps,
      { remembered: failure.then === 'remember', ...(failure.fields && { fields: failure.fields }) },
    );
  }

  private transportFailure(call: UpstreamCall, error: unknown, timeoutMs: number): UpstreamError {
    if (error instanceof UpstreamError) return error;
    if (isResponseTimeout(error)) {
      // Not retried: the upstream took the request and hung; asking again would double the wait.
      return new UpstreamError(
        this.service,
        'UPSTREAM_TIMEOUT',
        `The ${this.service} service did not answer ${call.operation} within ${timeoutMs} ms.`,
      );
    }
    if (error instanceof undiciErrors.ConnectTimeoutError) {
      return new UpstreamError(
        this.service,
        'UPSTREAM_TIMEOUT',
        `The ${this.service} service could not be reached within ${timeoutMs} ms.`,
        undefined,
        true,
      );
    }
    logger.warn('upstream transport failure', {
      service: this.service,
      operation: call.operation,
      ...errorFields(error),
    });
    // Refused or dropped connections: every call here only reads, so sending it again is safe.
    return new UpstreamError(
      this.service,
      'UPSTREAM_UNAVAILABLE',
      `The ${this.service} service could not be reached; try again shortly.`,
      undefined,
      true,
    );
  }
}

/** The arguments a call was given, without the absent ones. */
function present({
  params,
  query,
  body,
}: CallArguments): Omit<UpstreamCall, 'operation' | 'method' | 'path'> {
  return { ...(params && { params }), ...(query && { query }), ...(body !== undefined && { body }) };
}

/** A path template cut at its `{name}` and `{+name}` placeholders: text, then `[reserved, name]` pairs. */
type PathParts = ReadonlyArray<string | readonly [reserved: boolean, name: string]>;

/** Each row's path template, cut once: this runs on every call, cache hits included. */
const pathParts = new Map<string, PathParts>();

/** The cache and flight key of a call: method, path, query and body. It never holds credentials: they are added to each attempt only. */
function callKey(spec: EndpointSpec, args: CallArguments, path = fillPath(spec.path, args.params)): string {
  return `${spec.method} ${path}${queryString(args.query)}\n${args.body === undefined ? '' : JSON.stringify(args.body)}`;
}

function partsOf(template: string): PathParts {
  let parts = pathParts.get(template);
  if (!parts) {
    parts = template
      .split(/(\{\+?\w+\})/)
      .map((part) =>
        /^\{\+?\w+\}$/.test(part) ? ([part[1] === '+', part.replace(/[{+}]/g, '')] as const) : part,
      );
    pathParts.set(template, parts);
  }
  return parts;
}

/**
 * A row's path with its parameters (RFC 6570 level 2): `{code}` percent-encoded (a space
 * as %20), `{+asset}` as given, for a path the caller has already checked.
 */
function fillPath(template: string, params: Record<string, string> = {}): string {
  if (!template.includes('{')) return template;
  let path = '';
  for (const part of partsOf(template)) {
    if (typeof part === 'string') path += part;
    else path += part[0] ? (params[part[1]] ?? '') : encodeComponent(params[part[1]] ?? '');
  }
  return path;
}

function passedHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const passed: Record<string, string> = {};
  for (const name of PASSED_HEADERS) {
    const value = headers[name];
    if (value !== undefined) passed[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return passed;
}

/**
 * Our per-attempt abort signal fired, or undici's own header/body timer did. The
 * signal's reason is matched by name: `instanceof` fails across realms (jest's VM).
 */
export function isResponseTimeout(error: unknown): boolean {
  return (
    (error as { name?: unknown } | null)?.name === 'TimeoutError' ||
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError
  );
}

/** `Retry-After` as whole seconds, from either of its two forms (seconds, or an HTTP date read at `nowMs`). */
export function retryAfterSeconds(value: string | string[] | undefined, nowMs: number): number | undefined {
  if (Array.isArray(value)) return retryAfterSeconds(value[0], nowMs);
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - nowMs) / 1000));
}

/**
 * `?a=1&b=x%20y`: values percent-encoded (a space as %20, never +), undefined ones left out.
 * A loop rather than entries/filter/map/join: it builds every call's cache key, hits included.
 */
/**
 * `encodeURIComponent` of a client's text, which JSON lets carry a lone surrogate (`"\ud800"`):
 * that would throw URIError. It is sent as U+FFFD, as WHATWG URL serialisation sends it.
 */
function encodeComponent(text: string): string {
  // `toWellFormed` writes each lone surrogate as U+FFFD; asked first, as almost every text is well formed.
  return encodeURIComponent(text.isWellFormed() ? text : text.toWellFormed());
}

function queryString(query: Record<string, string | number | undefined> | undefined): string {
  let text = '';
  for (const name in query) {
    const value = query[name];
    if (value === undefined || !Object.hasOwn(query, name)) continue;
    text += `${text === '' ? '?' : '&'}${encodeComponent(name)}=${encodeComponent(String(value))}`;
  }
  return text;
}
