import { errors as undiciErrors, Pool } from 'undici';
import type { z } from 'zod';
import { UpstreamError, type ErrorCode } from '../errors';
import { logger } from '../logger';
import type { ServiceName } from '../services';

export interface UpstreamCall {
  /** Operation name for logs, metrics and messages, e.g. `climate`. */
  operation: string;
  method: 'GET' | 'POST';
  /** Path below the configured base URL, each parameter already `encodeURIComponent`-ed. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

export interface UpstreamClientOptions {
  baseUrl: string;
  timeoutMs: number;
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

  /** Performs the call and returns the parsed JSON body of a 2xx answer; throws {@link UpstreamError} otherwise. */
  protected async call(call: UpstreamCall): Promise<unknown> {
    const { headers: authHeaders, query: authQuery } = this.credentials(call);
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...call.query, ...authQuery })) {
      if (value !== undefined) query.set(name, String(value));
    }
    const search = query.size > 0 ? `?${query}` : '';
    const started = Date.now();
    let status: number;
    let text: string;
    let retryAfter: string | undefined;
    try {
      const response = await this.pool.request({
        method: call.method,
        path: `${this.basePath}${call.path}${search}`,
        headers: {
          accept: 'application/json',
          ...(call.body !== undefined && { 'content-type': 'application/json' }),
          ...authHeaders,
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      });
      status = response.statusCode;
      retryAfter = headerValue(response.headers['retry-after']);
      text = await response.body.text();
    } catch (error) {
      throw this.transportFailure(call, error);
    } finally {
      logger.debug('upstream call', {
        service: this.service,
        operation: call.operation,
        ms: Date.now() - started,
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
    throw new UpstreamError(this.service, code, message, retryAfterSeconds(retryAfter));
  }

  private transportFailure(call: UpstreamCall, error: unknown): UpstreamError {
    const timedOut =
      error instanceof undiciErrors.HeadersTimeoutError ||
      error instanceof undiciErrors.BodyTimeoutError ||
      error instanceof undiciErrors.ConnectTimeoutError;
    if (timedOut) {
      return new UpstreamError(
        this.service,
        'UPSTREAM_TIMEOUT',
        `The ${this.service} service did not answer ${call.operation} within ${this.options.timeoutMs} ms.`,
      );
    }
    logger.warn('upstream transport failure', {
      service: this.service,
      operation: call.operation,
      error: (error as Error).name,
    });
    return new UpstreamError(
      this.service,
      'UPSTREAM_UNAVAILABLE',
      `The ${this.service} service could not be reached; try again shortly.`,
    );
  }
}

/** The fallback translation: 5xx is the service being unwell; any other status is an answer we cannot use. */
export function genericFailure(service: ServiceName, status: number, operation: string): FailureTranslation {
  return status >= 500
    ? {
        code: 'UPSTREAM_UNAVAILABLE',
        message: `The ${service} service failed to answer ${operation} (HTTP ${status}); try again shortly.`,
      }
    : {
        code: 'UPSTREAM_BAD_RESPONSE',
        message: `The ${service} service refused ${operation} (HTTP ${status}) in a way the gateway does not expect.`,
      };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `Retry-After` as whole seconds, from either of its two forms. */
function retryAfterSeconds(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}
