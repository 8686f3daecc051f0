import { errors as undiciErrors, Pool } from 'undici';
import type { z } from 'zod';
import { UpstreamError, type ErrorCode } from '../kernel/errors';
import { logger } from '../kernel/logger';
import { observeUpstreamCall } from '../observability/upstream-call';
import type { UpstreamDiscipline } from './discipline';
import { currentScope } from './request-scope';
import type { ServiceName } from '../kernel/services';

export interface UpstreamCall {
  /** Operation name for logs, metrics and messages, e.g. `climate`. */
  operation: string;
  method: 'GET' | 'POST';
  /** Path below the configured base URL, each parameter already `encodeURIComponent`-ed. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

/** What every client is built with besides its base URL; process-wide, created once at start. */
export interface ClientSettings {
  timeoutMs: number;
  discipline: UpstreamDiscipline;
}

export interface UpstreamClientOptions extends ClientSettings {
  baseUrl: string;
  /** Connections kept to the upstream (default 64, above a 50-code `loccodes`); calls beyond it queue. */
  connections?: number;
}

/** How a service words a failure, translated by its client. */
export interface FailureTranslation {
  code: ErrorCode;
  message: string;
}

export interface Credentials {
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/**
 * One keep-alive pool per upstream, every call with a timeout, and every
 * outcome in our error vocabulary. Subclasses add auth, the service's own
 * failure vocabulary, and one small method per endpoint.
 */
export abstract class UpstreamClient {
  private readonly pool: Pool;
  private readonly basePath: string;

  protected constructor(
    readonly service: ServiceName,
    private readonly options: UpstreamClientOptions,
  ) {
    const base = new URL(options.baseUrl);
    this.basePath = base.pathname.replace(/\/+$/, '');
    this.pool = new Pool(base.origin, {
      connections: options.connections ?? 64,
      keepAliveTimeout: 10_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connectTimeout: Math.min(options.timeoutMs, 5000),
      maxResponseSize: MAX_RESPONSE_BYTES,
    });
  }

  protected abstract credentials(call: UpstreamCall): Credentials;

  /** A non-2xx answer other than 401, 403 and 429, in our vocabulary. */
  protected abstract translateFailure(status: number, body: unknown, call: UpstreamCall): FailureTranslation;

  /**
   * The parsed JSON body of a 2xx answer, from cache, a shared flight or the
   * upstream (see {@link UpstreamDiscipline}); throws {@link UpstreamError} otherwise.
   */
  protected call(call: UpstreamCall): Promise<unknown> {
    // The key never holds credentials: they are added to each attempt only.
    const key = `${call.method} ${call.path}${queryString(call.query)}\n${call.body === undefined ? '' : JSON.stringify(call.body)}`;
    return this.options.discipline.run(call.operation, key, (dimension) => this.attempt(call, dimension));
  }

  /** One HTTP exchange, its timeout cut to what is left of the request's deadline. */
  private async attempt(call: UpstreamCall, dimension: string): Promise<unknown> {
    const { headers: authHeaders, query: authQuery } = this.credentials(call);
    const scope = currentScope();
    const deadline = scope?.deadline ?? Infinity;
    if (scope) scope.upstreamCalls += 1;
    const timeoutMs = Math.max(1, Math.min(this.options.timeoutMs, deadline - Date.now()));
    const started = Date.now();
    let status: number | undefined;
    let text: string;
    let retryAfter: string | undefined;
    try {
      const response = await this.pool.request({
        method: call.method,
        path: `${this.basePath}${call.path}${queryString({ ...call.query, ...authQuery })}`,
        headers: {
          accept: 'application/json',
          ...(call.body !== undefined && { 'content-type': 'application/json' }),
          ...authHeaders,
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        // undici's own timers are coarse (a 300 ms timeout fired after ~800 ms): this signal
        // keeps the promise; undici's timeouts stay as a backstop.
        signal: AbortSignal.timeout(timeoutMs),
        headersTimeout: timeoutMs + 1000,
        bodyTimeout: timeoutMs + 1000,
      });
      status = response.statusCode;
      retryAfter = headerValue(response.headers['retry-after']);
      this.options.discipline.pacer.observe(dimension, response.headers, status);
      text = await response.body.text();
    } catch (error) {
      throw this.transportFailure(call, error, timeoutMs);
    } finally {
      const { service } = this;
      logger.debug('upstream call', { service, operation: call.operation, status, ms: Date.now() - started });
      observeUpstreamCall(this.options.discipline.metrics, {
        service,
        operation: call.operation,
        status,
        startedAt: started,
      });
    }
    return this.interpret(call, status, text, retryAfter);
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

  /** This upstream's cache, flights, pacer and circuit. */
  get discipline(): UpstreamDiscipline {
    return this.options.discipline;
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private interpret(
    call: UpstreamCall,
    status: number,
    text: string,
    retryAfter: string | undefined,
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
    if (status === 429) {
      const seconds = retryAfterSeconds(retryAfter);
      throw new UpstreamError(
        this.service,
        'UPSTREAM_RATE_LIMITED',
        `The ${this.service} service is rate limiting the gateway${seconds === undefined ? '' : `; retry in ${seconds} s`}.`,
        seconds,
        true,
      );
    }
    if (status === 401 || status === 403) {
      logger.error('upstream rejected the gateway key', { service: this.service, status });
      throw new UpstreamError(
        this.service,
        'UPSTREAM_UNAUTHORIZED',
        `The ${this.service} service rejected the gateway's credentials; this is a server configuration problem.`,
      );
    }
    const { code, message } = this.translateFailure(status, body, call);
    // 502 and 503 say "not now"; a 500 is as likely to fail again.
    const transient = status === 502 || status === 503;
    throw new UpstreamError(this.service, code, message, retryAfterSeconds(retryAfter), transient);
  }

  private transportFailure(call: UpstreamCall, error: unknown, timeoutMs: number): UpstreamError {
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
      error: (error as Error).name,
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

/** An operation name for a sentence: `emergencyRoute` becomes "emergency route". */
export function operationLabel(operation: string): string {
  return operation.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** The fallback translation: 5xx is the service being unwell; any other status is an answer we cannot use. */
export function genericFailure(service: ServiceName, status: number, operation: string): FailureTranslation {
  return status >= 500
    ? {
        code: 'UPSTREAM_UNAVAILABLE',
        message: `The ${service} service failed to answer ${operationLabel(operation)} (HTTP ${status}); try again shortly.`,
      }
    : {
        code: 'UPSTREAM_BAD_RESPONSE',
        message: `The ${service} service refused ${operationLabel(operation)} (HTTP ${status}) in a way the gateway does not expect.`,
      };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
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

/** `Retry-After` as whole seconds, from either of its two forms (seconds, or an HTTP date). */
export function retryAfterSeconds(value: string | string[] | undefined): number | undefined {
  if (Array.isArray(value)) return retryAfterSeconds(value[0]);
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** `?a=1&b=x%20y`: values percent-encoded (a space as %20, never +), undefined ones left out. */
function queryString(query: Record<string, string | number | undefined> | undefined): string {
  const pairs = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}
