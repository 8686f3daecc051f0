import type { QueryLimits } from '../server/plugins/query-limits';
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { SERVICE_NAMES, type ServiceName } from '../kernel/services';
import type { TracingConfig } from '../observability/tracing';
import type { GatewayClient } from '../server/access/callers';
import type { UpstreamTarget } from '../upstream/client';
import type { MapsTarget } from '../../datasources/maps/map-host';
import { TrustedDocuments } from '../server/trusted-documents';
import type { HttpTimeouts } from '../server/http-edge';
import type { GatewayCacheLimits } from '../server/gateway';
import type { SharedRedisOptions } from '../upstream/shared-redis';
import { parseTrustProxy, type TrustProxy } from '../server/access/client-address';
import { parseCorsOrigins, type CorsOrigins } from '../server/cors';

export interface Config {
  host: string;
  port: number;
  /** A configured upstream is live; an absent one is served by the embedded sandbox. */
  upstreams: {
    agriculture?: UpstreamTarget;
    maps?: MapsTarget;
    healthcare?: UpstreamTarget;
    address?: UpstreamTarget;
  };
  /**
   * The services served by the embedded sandbox: every unconfigured one in development;
   * in production (NODE_ENV=production, or any upstream live) only those `SANDBOX` names.
   */
  sandboxed: ServiceName[];
  /** Milliseconds an upstream call may take, headers and body each. */
  upstreamTimeoutMs: number;
  /** Upstream discipline (API.md section 5). */
  discipline: DisciplineConfig;
  /** Limits checked before anything executes (issue #6). */
  queryLimits: QueryLimits;
  /** Who may call, and how much (issue #6). */
  access: AccessConfig;
  /** How long clients may take to send a request (issue #11). */
  http: HttpTimeouts;
  /** Bounds of Apollo's parsed-document and response caches, in entries and estimated bytes. */
  caches: GatewayCacheLimits;
  /** Whether the schema may be introspected (IDEs and codegen need it; on by default). */
  introspection: boolean;
  /**
   * The largest `first` of a connection field (`searchPlaces`, `placeCategories`). Not below
   * 20, the default `first` in schema/maps.graphql, or a query without `first` would fail.
   */
  pageMaxSize: number;
  /** Development switch: error messages and stack traces of unexpected errors reach the client. */
  exposeErrorDetails: boolean;
  /** OpenTelemetry export, when `OTEL_EXPORTER_OTLP_ENDPOINT` is set. */
  tracing?: TracingConfig;
  /** State shared with other replicas through Redis, when `REDIS_URL` is set (issue #13). */
  shared?: SharedRedisOptions;
  /**
   * Replicas sharing the upstream keys. While Redis is unreachable each paces at this share of
   * every upstream limit, so together they stay under it.
   */
  replicas: number;
  /**
   * `CORS_ORIGINS`: the origins whose pages may call /graphql and /maps from a browser. Unset,
   * none may call /graphql (map assets stay readable from any page, as before).
   */
  cors?: CorsOrigins;
}

export interface AccessConfig {
  clients: GatewayClient[];
  /**
   * Whether requests without a key are served. Unset, it is true only while every upstream is the
   * sandbox (decided once the upstreams are known).
   */
  allowAnonymous?: boolean;
  /** Leaky bucket per client (anonymous callers share one per address), in cost points a minute. */
  pointsPerMinute: number;
  /** Wrong keys one address may send a minute before its keyed requests are refused with 429. */
  failedKeysPerMinute: number;
  /** The share (0 to 1) of each upstream rate limit that keyless callers may use, when keyed clients exist. */
  anonymousUpstreamShare: number;
  /** When set, `/metrics` needs it as a Bearer token. */
  metricsToken?: string;
  /** The persisted-documents manifest `TRUSTED_DOCUMENTS` names, read and checked; when set, only its documents run. */
  trustedDocuments?: TrustedDocuments;
  /** `TRUST_PROXY`: when forwarding headers name the client (unset: the socket's peer is the client). */
  trustProxy?: TrustProxy;
}

/** Every problem with the environment, one sentence each, naming the variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export interface DisciplineConfig {
  /** Milliseconds a whole GraphQL request may take; pacing and retries fail fast past it. */
  requestDeadlineMs: number;
  /** Cross-request cache of upstream answers; off only for tests that count calls per request. */
  cacheEnabled: boolean;
  /** Whole responses kept for their cache-control max-age, so an identical warm query is not executed again. */
  responseCacheEnabled: boolean;
  /** Pacing under the documented budgets; off only for tests that reshape the sandbox's limits. */
  pacingEnabled: boolean;
  cacheMaxEntries: number;
  cacheMaxBytes: number;
  /** Multiplies every cache TTL (1 in production; tests shrink it to watch entries expire). */
  cacheTtlScale: number;
  /** Attempts per idempotent call, the first included (1: no retry). */
  maxAttempts: number;
  circuitFailureThreshold: number;
  circuitOpenMs: number;
  /** Budgets the specs do not give, per minute. */
  healthRequestsPerMinute: number;
  addressRequestsPerMinute: number;
}

type Env = Record<string, string | undefined>;

/** Reads the environment (and `.env`, whose values never override the real environment). */
export function loadConfig(env: Env = withDotEnv(process.env)): Config {
  const problems: string[] = [];
  const config: Config = {
    host: env.HOST?.trim() || '127.0.0.1',
    port: integer(env, 'PORT', 4000, 0, 65535, problems),
    upstreams: {},
    sandboxed: [],
    upstreamTimeoutMs: integer(env, 'UPSTREAM_TIMEOUT_MS', 5000, 100, 120_000, problems),
    discipline: {
      requestDeadlineMs: integer(env, 'REQUEST_DEADLINE_MS', 10_000, 100, 300_000, problems),
      cacheEnabled: onOff(env, 'UPSTREAM_CACHE', problems),
      pacingEnabled: onOff(env, 'UPSTREAM_PACING', problems),
      responseCacheEnabled: onOff(env, 'RESPONSE_CACHE', problems),
      cacheMaxEntries: integer(env, 'CACHE_MAX_ENTRIES', 50_000, 1, 10_000_000, problems),
      cacheMaxBytes: integer(env, 'CACHE_MAX_MB', 64, 1, 65_536, problems) * 1024 * 1024,
      cacheTtlScale: numeric(env, 'CACHE_TTL_SCALE', 1, { min: 0.00001, max: 1000, whole: false }, problems),
      maxAttempts: integer(env, 'UPSTREAM_MAX_ATTEMPTS', 2, 1, 5, problems),
      circuitFailureThreshold: integer(env, 'CIRCUIT_FAILURE_THRESHOLD', 5, 1, 1_000_000, problems),
      circuitOpenMs: integer(env, 'CIRCUIT_OPEN_MS', 1000, 50, 3_600_000, problems),
      healthRequestsPerMinute: integer(env, 'HEALTH_RATE_LIMIT_PER_MINUTE', 300, 1, 1_000_000, problems),
      addressRequestsPerMinute: integer(env, 'ADDRESS_RATE_LIMIT_PER_MINUTE', 300, 1, 1_000_000, problems),
    },
    exposeErrorDetails: flag(env, 'EXPOSE_ERROR_DETAILS', problems),
    queryLimits: {
      maxDepth: integer(env, 'QUERY_MAX_DEPTH', 12, 1, 1000, problems),
      maxAliases: integer(env, 'QUERY_MAX_ALIASES', 50, 0, 100_000, problems),
      maxRootFields: integer(env, 'QUERY_MAX_ROOT_FIELDS', 20, 1, 10_000, problems),
      maxTokens: integer(env, 'QUERY_MAX_TOKENS', 5000, 10, 1_000_000, problems),
      maxFields: integer(env, 'QUERY_MAX_FIELDS', 5000, 1, 1_000_000, problems),
      maxFragments: integer(env, 'QUERY_MAX_FRAGMENTS', 100, 0, 100_000, problems),
      maxDirectives: integer(env, 'QUERY_MAX_DIRECTIVES', 50, 0, 100_000, problems),
      maxListItems: integer(env, 'QUERY_MAX_LIST_ITEMS', 100, 1, 10_000, problems),
      maxBodyBytes: integer(env, 'QUERY_MAX_BODY_BYTES', 256 * 1024, 1024, 64 * 1024 * 1024, problems),
      maxCost: integer(env, 'QUERY_MAX_COST', 1000, 1, 1_000_000, problems),
      httpBatching: flag(env, 'HTTP_BATCHING', problems),
    },
    access: {
      clients: gatewayClients(env, problems),
      pointsPerMinute: integer(env, 'CLIENT_POINTS_PER_MINUTE', 1000, 1, 100_000_000, problems),
      failedKeysPerMinute: integer(env, 'FAILED_KEYS_PER_MINUTE', 10, 1, 1_000_000, problems),
      anonymousUpstreamShare: integer(env, 'ANONYMOUS_UPSTREAM_SHARE_PERCENT', 50, 0, 100, problems) / 100,
      ...(env.METRICS_TOKEN?.trim() && { metricsToken: env.METRICS_TOKEN.trim() }),
    },
    caches: {
      documents: {
        maxEntries: integer(env, 'DOCUMENT_CACHE_ENTRIES', 2000, 1, 1_000_000, problems),
        maxBytes: integer(env, 'DOCUMENT_CACHE_MB', 16, 1, 65_536, problems) * 1024 * 1024,
      },
      responses: {
        maxEntries: integer(env, 'RESPONSE_CACHE_ENTRIES', 10_000, 1, 10_000_000, problems),
        maxBytes: integer(env, 'RESPONSE_CACHE_MB', 16, 1, 65_536, problems) * 1024 * 1024,
      },
    },
    http: {
      headersTimeoutMs: integer(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 100, 600_000, problems),
      requestTimeoutMs: integer(env, 'HTTP_REQUEST_TIMEOUT_MS', 30_000, 100, 600_000, problems),
      keepAliveTimeoutMs: integer(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 600_000, problems),
    },
    introspection: onOff(env, 'INTROSPECTION', problems),
    pageMaxSize: integer(env, 'PAGE_MAX_SIZE', 100, 20, 10_000, problems),
    replicas: integer(env, 'REPLICAS', 1, 1, 1000, problems),
  };
  const redisUrl = env.REDIS_URL?.trim();
  if (redisUrl) {
    if (!/^rediss?:\/\/[^/\s]/.test(redisUrl))
      problems.push('REDIS_URL must be a redis:// or rediss:// URL, e.g. redis://redis:6379/0.');
    else
      config.shared = {
        url: redisUrl,
        timeoutMs: integer(env, 'REDIS_TIMEOUT_MS', 250, 10, 60_000, problems),
        keyPrefix: env.REDIS_KEY_PREFIX?.trim() || 'loccode:',
      };
  }
  const trustProxy = env.TRUST_PROXY?.trim();
  if (trustProxy) {
    const parsed = parseTrustProxy(trustProxy);
    if ('problem' in parsed) problems.push(`TRUST_PROXY ${parsed.problem}`);
    else config.access.trustProxy = parsed;
  }
  const anonymous = env.ALLOW_ANONYMOUS?.trim();
  if (anonymous) config.access.allowAnonymous = flag(env, 'ALLOW_ANONYMOUS', problems);
  const trusted = env.TRUSTED_DOCUMENTS?.trim();
  if (trusted) {
    try {
      config.access.trustedDocuments = TrustedDocuments.load(trusted);
    } catch (error) {
      problems.push(
        `${(error as Error).message} Point it at the persisted-documents.json your client's codegen wrote.`,
      );
    }
  }
  if (config.http.headersTimeoutMs > config.http.requestTimeoutMs)
    problems.push(
      `HTTP_HEADERS_TIMEOUT_MS (${config.http.headersTimeoutMs}) is above HTTP_REQUEST_TIMEOUT_MS (${config.http.requestTimeoutMs}); the headers are part of the request. Lower the first or raise the second.`,
    );
  if (config.queryLimits.maxCost > config.access.pointsPerMinute)
    problems.push(
      `QUERY_MAX_COST (${config.queryLimits.maxCost}) is above CLIENT_POINTS_PER_MINUTE (${config.access.pointsPerMinute}); such a query could never run. Lower the first or raise the second.`,
    );
  const simple: Array<[Exclude<ServiceName, 'maps'>, string, string]> = [
    ['agriculture', 'AGRI_BASE_URL', 'AGRI_API_KEY'],
    ['healthcare', 'HEALTH_BASE_URL', 'HEALTH_API_KEY'],
    ['address', 'ADDRESS_BASE_URL', 'ADDRESS_API_KEY'],
  ];
  for (const [service, urlVar, keyVar] of simple) {
    const upstream = upstreamPair(env, urlVar, keyVar, problems);
    if (upstream) config.upstreams[service] = upstream;
  }
  const maps = upstreamPair(env, 'MAP_API_BASE_URL', 'MAP_API_KEY', problems);
  const mapHost = env.MAP_HOST_URL?.trim();
  if (mapHost && !maps)
    problems.push('MAP_HOST_URL is set but MAP_API_BASE_URL and MAP_API_KEY are not; set all three or none.');
  if (maps) {
    const hostUrl = mapHost ? url('MAP_HOST_URL', mapHost, problems) : maps.baseUrl;
    if (hostUrl) config.upstreams.maps = { ...maps, hostUrl };
  }
  config.sandboxed = sandboxedServices(env, config, problems);
  const corsOrigins = env.CORS_ORIGINS?.trim();
  if (corsOrigins) corsConfig(corsOrigins, config, problems);
  const otlp = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  const endpoint = otlp ? url('OTEL_EXPORTER_OTLP_ENDPOINT', otlp, problems) : undefined;
  if (endpoint) config.tracing = { endpoint, serviceName: env.OTEL_SERVICE_NAME?.trim() || 'loccode-graph' };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/**
 * `CORS_ORIGINS` (issue #14). `*` lets a page on any website call; that is only what anyone
 * can do anyway while anonymous access is on (ALLOW_ANONYMOUS, or by default while every
 * upstream is the sandbox: the rule of app.ts's anonymousAllowed, API.md section 1).
 */
function corsConfig(raw: string, config: Config, problems: string[]): void {
  const parsed = parseCorsOrigins(raw);
  if ('problems' in parsed) {
    problems.push(...parsed.problems);
    return;
  }
  const anonymous = config.access.allowAnonymous ?? Object.keys(config.upstreams).length === 0;
  if (parsed.kind === 'any' && !anonymous) {
    problems.push(
      'CORS_ORIGINS is "*" but anonymous access is off: every caller needs a key, so its frontends are known, and "*" would let any website\'s pages use a key (a leaked one too) from their visitors\' browsers. List the frontends\' origins instead (e.g. CORS_ORIGINS=https://app.example.com), or set ALLOW_ANONYMOUS=true if anyone may call.',
    );
    return;
  }
  config.cors = parsed;
}

/** Each service's base-URL variable, as an error message names it. */
const URL_VARIABLES: Record<ServiceName, string> = {
  agriculture: 'AGRI_BASE_URL',
  maps: 'MAP_API_BASE_URL',
  healthcare: 'HEALTH_BASE_URL',
  address: 'ADDRESS_BASE_URL',
};

/**
 * Issue #11: a forgotten URL in production must not be served by the sandbox in silence.
 * In production (NODE_ENV=production, or any upstream configured) a service without its
 * URL is a start-up error unless `SANDBOX` (comma-separated service names, or `all`)
 * asks for the sandbox on purpose; in development every unconfigured service is simulated.
 */
function sandboxedServices(env: Env, config: Config, problems: string[]): ServiceName[] {
  const unconfigured = SERVICE_NAMES.filter((service) => !config.upstreams[service]);
  const raw = env.SANDBOX?.trim();
  const asked = new Set<ServiceName>();
  if (raw) {
    for (const name of raw.split(',').map((part) => part.trim().toLowerCase())) {
      if (name === 'all') SERVICE_NAMES.forEach((service) => asked.add(service));
      else if ((SERVICE_NAMES as readonly string[]).includes(name)) asked.add(name as ServiceName);
      else
        problems.push(
          `SANDBOX names "${name}", which is not a service; use ${SERVICE_NAMES.join(', ')} or all, comma-separated.`,
        );
    }
    for (const service of asked) {
      if (config.upstreams[service] && raw.toLowerCase() !== 'all')
        problems.push(
          `SANDBOX names ${service}, but ${URL_VARIABLES[service]} is set too; remove one of them.`,
        );
    }
  }
  const production = env.NODE_ENV?.trim() === 'production' || unconfigured.length < SERVICE_NAMES.length;
  if (!production) return unconfigured;
  const why = env.NODE_ENV?.trim() === 'production' ? 'NODE_ENV is production' : 'other upstreams are live';
  for (const service of unconfigured) {
    if (!asked.has(service))
      problems.push(
        `${URL_VARIABLES[service]} is not set, and ${why}: ${service} would be simulated by the embedded sandbox. Set ${URL_VARIABLES[service]} (with its key), or add ${service} to SANDBOX to simulate it on purpose.`,
      );
  }
  return unconfigured.filter((service) => asked.has(service));
}

/**
 * `GATEWAY_API_KEYS`: comma-separated `name:sha256hex` pairs (`npm run key:new -- <name>` makes one).
 * Only hashes are configured, so the environment never holds a usable key.
 */
function gatewayClients(env: Env, problems: string[]): GatewayClient[] {
  const raw = env.GATEWAY_API_KEYS?.trim();
  if (!raw) return [];
  const clients: GatewayClient[] = [];
  const names = new Set<string>();
  for (const [index, entry] of raw.split(',').entries()) {
    const match = /^\s*([A-Za-z0-9._-]{1,64}):([0-9a-fA-F]{64})\s*$/.exec(entry);
    if (!match) {
      problems.push(
        `GATEWAY_API_KEYS entry ${index + 1} is not "name:sha256hex" (a name of letters, digits, ".", "_" or "-", then the key's 64-hex-digit SHA-256); run npm run key:new -- <name> to make one.`,
      );
      continue;
    }
    const [, name, hex] = match as unknown as [string, string, string];
    if (names.has(name)) problems.push(`GATEWAY_API_KEYS names the client "${name}" twice.`);
    names.add(name);
    clients.push({ name, keySha256: Buffer.from(hex.toLowerCase(), 'hex') });
  }
  return clients;
}

function withDotEnv(env: NodeJS.ProcessEnv): Env {
  if (!existsSync('.env')) return env;
  return { ...parseEnv(readFileSync('.env', 'utf8')), ...env };
}

function upstreamPair(
  env: Env,
  urlVar: string,
  keyVar: string,
  problems: string[],
): UpstreamTarget | undefined {
  const rawUrl = env[urlVar]?.trim();
  const apiKey = env[keyVar]?.trim();
  if (!rawUrl && !apiKey) return undefined;
  if (!rawUrl) {
    problems.push(
      `${keyVar} is set but ${urlVar} is not; set both to use the live service, or neither for the sandbox.`,
    );
    return undefined;
  }
  if (!apiKey) {
    problems.push(
      `${urlVar} is set but ${keyVar} is not; set both to use the live service, or neither for the sandbox.`,
    );
    return undefined;
  }
  const baseUrl = url(urlVar, rawUrl, problems);
  return baseUrl ? { baseUrl, apiKey } : undefined;
}

/** An http(s) URL without a trailing slash; the value itself is not echoed (it may hold credentials). */
function url(name: string, raw: string, problems: string[]): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    problems.push(`${name} is not a URL; expected something like https://api.example.com.`);
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    problems.push(`${name} must be an http:// or https:// URL.`);
    return undefined;
  }
  if (parsed.search || parsed.hash) {
    problems.push(`${name} must not carry a query string or fragment.`);
    return undefined;
  }
  return parsed.href.replace(/\/+$/, '');
}

function integer(
  env: Env,
  name: string,
  fallback: number,
  min: number,
  max: number,
  problems: string[],
): number {
  return numeric(env, name, fallback, { min, max, whole: true }, problems);
}

function numeric(
  env: Env,
  name: string,
  fallback: number,
  range: { min: number; max: number; whole: boolean },
  problems: string[],
): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  const valid = range.whole ? Number.isInteger(value) : Number.isFinite(value);
  if (!valid || value < range.min || value > range.max) {
    const kind = range.whole ? 'a whole number' : 'a number';
    problems.push(`${name} must be ${kind} from ${range.min} to ${range.max}, got "${raw}".`);
    return fallback;
  }
  return value;
}

function onOff(env: Env, name: string, problems: string[]): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw || raw === 'on') return true;
  if (raw === 'off') return false;
  problems.push(`${name} must be on or off, got "${env[name]}".`);
  return true;
}

function flag(env: Env, name: string, problems: string[]): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return false;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  problems.push(`${name} must be true or false, got "${env[name]}".`);
  return false;
}
