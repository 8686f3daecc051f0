import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { SERVICE_NAMES, type ServiceName } from '../kernel/services';
import type { GatewayClient } from '../server/access/callers';
import { parseTrustProxy, type TrustProxy } from '../server/access/client-address';
import { parseCorsOrigins, type CorsOrigins } from '../server/cors';
import { TrustedDocuments } from '../server/trusted-documents';
import type { LogLevel } from '../observability/logger';
import { TRACE_SAMPLER_NAMES } from '../observability/tracing';

/**
 * Every environment variable the gateway reads, as one zod object. Each
 * field turns the trimmed text of one variable into a value; a blank variable is unset. A
 * wrong value is reported and replaced by the default, so one parse finds every problem
 * (issues are added with `continue: true`, which lets the cross-variable checks of
 * config.ts run as well). A field's message leaves out the variable's name: the issue's
 * path names it, and config.ts puts it in front.
 */

/** Booleans accept one set of words everywhere, in any case, so no variable surprises. */
const BOOLEAN = z.stringbool({ truthy: ['true', '1', 'on'], falsy: ['false', '0', 'off'] });
const BOOLEAN_WORDS = 'one of true, false, 1, 0, on, off';

/** `rule` applied to a set variable; unset gives `fallback`, a wrong value is reported and gives it too. */
function read<T, F>(rule: z.ZodType<T>, expected: string, fallback: F) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T | F => {
      if (raw === undefined) return fallback;
      const parsed = rule.safeParse(raw);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: `must be ${expected}, got "${raw}".`, continue: true });
      return fallback;
    });
}

/** A variable whose reading reports its own problems (for values that must not be echoed, or lists). */
function custom<T>(parse: (raw: string, report: (message: string) => void) => T) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T | undefined =>
      raw === undefined
        ? undefined
        : parse(raw, (message) => ctx.addIssue({ code: 'custom', message, continue: true })),
    );
}

const integer = (min: number, max: number, fallback: number) =>
  read(z.coerce.number().int().min(min).max(max), `a whole number from ${min} to ${max}`, fallback);
const decimal = (min: number, max: number, fallback: number) =>
  read(z.coerce.number().min(min).max(max), `a number from ${min} to ${max}`, fallback);
const flag = (fallback: boolean) => read(BOOLEAN, BOOLEAN_WORDS, fallback);
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  read(z.string().toLowerCase().pipe(z.enum(values)), `one of ${values.join(', ')}`, undefined);
const text = z.string().optional();

/**
 * An http(s) URL without a trailing slash; the value is never echoed (it may hold credentials).
 * `prefix` is the path the service's spec appends to it: a URL given with it is accepted too,
 * and the prefix is dropped, so the gateway's paths are not doubled.
 * `null`: set but wrong (already reported), which is not the same as unset.
 */
function baseUrl(prefix = '') {
  return custom((raw, report): string | null => {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      report('is not a URL; expected something like https://api.example.com.');
      return null;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      report('must be an http:// or https:// URL.');
      return null;
    }
    if (parsed.search || parsed.hash) {
      report('must not carry a query string or fragment.');
      return null;
    }
    const href = parsed.href.replace(/\/+$/, '');
    return prefix && href.endsWith(prefix) ? href.slice(0, -prefix.length) : href;
  });
}

/**
 * `GATEWAY_API_KEYS`: comma-separated `name:sha256hex` pairs (`npm run key:new -- <name>` makes one).
 * Only hashes are configured, so the environment never holds a usable key.
 */
const gatewayKeys = custom((raw, report): GatewayClient[] => {
  const clients: GatewayClient[] = [];
  const names = new Set<string>();
  for (const [index, entry] of raw.split(',').entries()) {
    const match = /^\s*([A-Za-z0-9._-]{1,64}):([0-9a-fA-F]{64})\s*$/.exec(entry);
    if (!match) {
      report(
        `entry ${index + 1} is not "name:sha256hex" (a name of letters, digits, ".", "_" or "-", then the key's 64-hex-digit SHA-256); run npm run key:new -- <name> to make one.`,
      );
      continue;
    }
    const [, name, hex] = match as unknown as [string, string, string];
    if (names.has(name)) report(`names the client "${name}" twice.`);
    names.add(name);
    clients.push({ name, keySha256: Buffer.from(hex.toLowerCase(), 'hex') });
  }
  return clients;
});

/** `SANDBOX`: comma-separated service names, or `all`. */
const sandboxNames = custom((raw, report): { all: boolean; services: Set<ServiceName> } => {
  const services = new Set<ServiceName>();
  for (const name of raw.split(',').map((part) => part.trim().toLowerCase())) {
    if (name === 'all') SERVICE_NAMES.forEach((service) => services.add(service));
    else if ((SERVICE_NAMES as readonly string[]).includes(name)) services.add(name as ServiceName);
    else
      report(
        `names "${name}", which is not a service; use ${SERVICE_NAMES.join(', ')} or all, comma-separated.`,
      );
  }
  return { all: raw.toLowerCase() === 'all', services };
});

const trustProxy = custom((raw, report): TrustProxy | undefined => {
  const parsed = parseTrustProxy(raw);
  if ('problem' in parsed) report(parsed.problem);
  return 'problem' in parsed ? undefined : parsed;
});

const corsOrigins = custom((raw, report): CorsOrigins | undefined => {
  const parsed = parseCorsOrigins(raw);
  if ('problems' in parsed) parsed.problems.forEach(report);
  return 'problems' in parsed ? undefined : parsed;
});

const trustedDocuments = custom((raw, report): TrustedDocuments | undefined => {
  try {
    return TrustedDocuments.load(raw);
  } catch (error) {
    report(
      `${(error as Error).message} Point it at the persisted-documents.json your client's codegen wrote.`,
    );
    return undefined;
  }
});

/** The URL itself is not echoed: it may carry a password. */
const redisUrl = custom((raw, report): string | undefined => {
  if (/^rediss?:\/\/[^/\s]/.test(raw)) return raw;
  report('must be a redis:// or rediss:// URL, e.g. redis://redis:6379/0.');
  return undefined;
});

/**
 * The most `WORKERS` may ask for: each worker keeps its own caches (CACHE_MAX_MB, RESPONSE_CACHE_MB,
 * DOCUMENT_CACHE_MB) and heap, and the primary answers every worker's pacing and budget calls,
 * so a typo such as 400 must not fork hundreds of processes and exhaust the machine's memory.
 */
export const MAX_WORKERS = 64;

/** `WORKERS`: `auto` is one per core (os.availableParallelism, at most MAX_WORKERS). */
const workers = read(
  z.union([
    z
      .string()
      .toLowerCase()
      .pipe(z.literal('auto'))
      .transform(() => Math.min(availableParallelism(), MAX_WORKERS)),
    z.coerce.number().int().min(1).max(MAX_WORKERS),
  ]),
  `auto (one per core) or a whole number from 1 to ${MAX_WORKERS} (each worker is a process with its own caches)`,
  1,
);

/** LOG_LEVEL's values, the logger's levels. */
const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const satisfies readonly LogLevel[];

/** In the order problems are reported. */
export const VARIABLES = z.object({
  HOST: text,
  PORT: integer(0, 65535, 4000),
  NODE_ENV: text,
  UPSTREAM_TIMEOUT_MS: integer(100, 120_000, 5000),
  REQUEST_DEADLINE_MS: integer(100, 300_000, 10_000),
  SHUTDOWN_DELAY_MS: integer(0, 120_000, 0),
  UPSTREAM_CACHE: flag(true),
  UPSTREAM_PACING: flag(true),
  RESPONSE_CACHE: flag(true),
  QUERY_DEDUPE: flag(true),
  CACHE_MAX_ENTRIES: integer(1, 10_000_000, 50_000),
  CACHE_MAX_MB: integer(1, 65_536, 64),
  CACHE_TTL_SCALE: decimal(0.00001, 1000, 1),
  UPSTREAM_MAX_ATTEMPTS: integer(1, 5, 2),
  CIRCUIT_FAILURE_THRESHOLD: integer(1, 1_000_000, 5),
  CIRCUIT_OPEN_MS: integer(50, 3_600_000, 1000),
  HEALTH_RATE_LIMIT_PER_MINUTE: integer(1, 1_000_000, 300),
  ADDRESS_RATE_LIMIT_PER_MINUTE: integer(1, 1_000_000, 300),
  EXPOSE_ERROR_DETAILS: flag(false),
  QUERY_MAX_DEPTH: integer(1, 1000, 12),
  QUERY_MAX_ALIASES: integer(0, 100_000, 50),
  QUERY_MAX_ROOT_FIELDS: integer(1, 10_000, 20),
  QUERY_MAX_TOKENS: integer(10, 1_000_000, 5000),
  QUERY_MAX_FIELDS: integer(1, 1_000_000, 5000),
  QUERY_MAX_FRAGMENTS: integer(0, 100_000, 100),
  QUERY_MAX_DIRECTIVES: integer(0, 100_000, 50),
  QUERY_MAX_LIST_ITEMS: integer(1, 10_000, 100),
  QUERY_MAX_BODY_BYTES: integer(1024, 64 * 1024 * 1024, 256 * 1024),
  QUERY_MAX_COST: integer(1, 1_000_000, 1000),
  HTTP_BATCHING: flag(false),
  GATEWAY_API_KEYS: gatewayKeys,
  ALLOW_ANONYMOUS: read(BOOLEAN, BOOLEAN_WORDS, undefined),
  CLIENT_POINTS_PER_MINUTE: integer(1, 100_000_000, 1000),
  FAILED_KEYS_PER_MINUTE: integer(1, 1_000_000, 10),
  ANONYMOUS_UPSTREAM_SHARE_PERCENT: integer(0, 100, 50),
  METRICS_TOKEN: text,
  TRUSTED_DOCUMENTS: trustedDocuments,
  TRUST_PROXY: trustProxy,
  CORS_ORIGINS: corsOrigins,
  DOCUMENT_CACHE_ENTRIES: integer(1, 1_000_000, 2000),
  DOCUMENT_CACHE_MB: integer(1, 65_536, 16),
  RESPONSE_CACHE_ENTRIES: integer(1, 10_000_000, 10_000),
  RESPONSE_CACHE_MB: integer(1, 65_536, 16),
  HTTP_HEADERS_TIMEOUT_MS: integer(100, 600_000, 10_000),
  HTTP_REQUEST_TIMEOUT_MS: integer(100, 600_000, 30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: integer(100, 600_000, 5_000),
  INTROSPECTION: flag(true),
  PAGE_MAX_SIZE: integer(20, 10_000, 100),
  QUERY_COMPILE_MS_PER_SECOND: integer(0, 1000, 50),
  REPLICAS: integer(1, 1000, 1),
  WORKERS: workers,
  REDIS_URL: redisUrl,
  REDIS_TIMEOUT_MS: integer(10, 60_000, 250),
  REDIS_KEY_PREFIX: text,
  // Each base URL without the path prefix its spec appends (specs/*.md, "Base address"/"Addresses").
  AGRI_BASE_URL: baseUrl('/api/v1'),
  AGRI_API_KEY: text,
  MAP_API_BASE_URL: baseUrl('/sdk/v1'),
  MAP_API_KEY: text,
  MAP_HOST_URL: baseUrl('/sdk'),
  HEALTH_BASE_URL: baseUrl('/api/v1'),
  HEALTH_API_KEY: text,
  // {address_base_url} already ends in /api; its paths add /v1 (health-and-address-services.md).
  ADDRESS_BASE_URL: baseUrl('/v1'),
  ADDRESS_API_KEY: text,
  SANDBOX: sandboxNames,
  // The OTLP base URL; the exporter appends /v1/traces (OpenTelemetry's exporter specification).
  OTEL_EXPORTER_OTLP_ENDPOINT: baseUrl('/v1/traces'),
  OTEL_SERVICE_NAME: text,
  OTEL_TRACES_SAMPLER: oneOf(TRACE_SAMPLER_NAMES),
  OTEL_TRACES_SAMPLER_ARG: decimal(0, 1, 1),
  LOG_LEVEL: oneOf(LOG_LEVELS),
  LOG_FILE: text,
});

export type Variables = z.output<typeof VARIABLES>;

/** Every value trimmed, a blank one unset; anything but a string (a YAML number) as its text. */
export function trimmed(env: Record<string, unknown>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(env).map(([name, value]) => [
      name,
      value === undefined || value === null ? undefined : String(value).trim() || undefined,
    ]),
  );
}
