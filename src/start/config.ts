import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import type { QueryLimits } from '../server/plugins/query-limits';
import { SERVICE_NAMES, type ServiceName } from '../kernel/services';
import type { TraceSampler, TracingConfig } from '../observability/tracing';
import type { LoggingConfig } from '../observability/logger';
import type { GatewayClient } from '../server/access/callers';
import type { UpstreamTarget } from '../upstream/client';
import type { MapsTarget } from '../../datasources/maps/map-host';
import type { TrustedDocuments } from '../server/trusted-documents';
import type { HttpTimeouts } from '../server/http-edge';
import type { GatewayCacheLimits } from '../server/gateway';
import type { SharedRedisOptions } from '../upstream/shared-redis';
import type { TrustProxy } from '../server/access/client-address';
import type { CorsOrigins } from '../server/cors';
import { trimmed, VARIABLES, type Variables } from './environment';

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
  /**
   * Milliseconds between SIGTERM and closing the listener, while `/readyz` answers 503 and
   * requests are still served: time for a load balancer's readiness probe to take the replica out.
   */
  shutdownDelayMs: number;
  /** Upstream discipline: caching, retries, pacing and the circuit, per service. */
  discipline: DisciplineConfig;
  /** Limits checked before anything executes, so a refused query costs no upstream call. */
  queryLimits: QueryLimits;
  /** Who may call, and how much. */
  access: AccessConfig;
  /** How long clients may take to send a request, so a slow sender cannot hold a socket. */
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
  /**
   * Milliseconds of each second the event loop may spend compiling documents with graphql-jit
   * (`QUERY_COMPILE_MS_PER_SECOND`); 0: every operation runs on graphql-js.
   */
  compileMsPerSecond: number;
  /** Development switch: error messages and stack traces of unexpected errors reach the client. */
  exposeErrorDetails: boolean;
  /** OpenTelemetry export, when `OTEL_EXPORTER_OTLP_ENDPOINT` is set. */
  tracing?: TracingConfig;
  /** State shared with other replicas through Redis, when `REDIS_URL` is set. */
  shared?: SharedRedisOptions;
  /**
   * Replicas sharing the upstream keys. While Redis is unreachable each paces at this share of
   * every upstream limit, so together they stay under it.
   */
  replicas: number;
  /**
   * `WORKERS`: processes serving the one port (node:cluster), `auto` already resolved to the
   * cores. Above 1, a primary forks them and keeps pacing and client budgets for all.
   */
  workers: number;
  /**
   * `CORS_ORIGINS`: the origins whose pages may call /graphql and /maps from a browser. Unset,
   * none may call /graphql (map assets stay readable from any page, as before).
   */
  cors?: CorsOrigins;
  /** `LOG_LEVEL` (default `info`, `silent` under NODE_ENV=test) and `LOG_FILE` (default stderr). */
  logging: LoggingConfig;
  /** `OTEL_TRACES_SAMPLER` and `OTEL_TRACES_SAMPLER_ARG`, the OpenTelemetry standard variables. */
  traceSampler: TraceSampler;
  /** NODE_ENV=production: a missing upstream URL stops start-up, and validation errors hide schema names. */
  production: boolean;
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
  /** Identical queries in flight execute once, each request charged and answered on its own. */
  queryDedupe: boolean;
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

/**
 * Reads the environment, with `.env` under it (its values never override the real
 * environment): the one place either is read, at start, so a wrong setting stops the start. Every problem is
 * reported at once, in one {@link ConfigError}.
 */
export function loadConfig(env: Env = withDotEnv(process.env)): Config {
  const result = ENVIRONMENT.safeParse(env);
  if (!result.success) throw new ConfigError(result.error.issues.map(problem));
  return result.data;
}

/** A variable's own problem gets its name in front; a problem between variables names them itself. */
function problem(issue: z.core.$ZodIssue): string {
  const name = issue.path[0];
  return typeof name === 'string' && !issue.message.startsWith(name)
    ? `${name} ${issue.message}`
    : issue.message;
}

/** `env` over the variables of a `.env` file, when there is one: the real environment wins. */
export function withDotEnv(env: Env, file = '.env'): Env {
  if (!existsSync(file)) return env;
  return { ...parseEnv(readFileSync(file, 'utf8')), ...env };
}

/** Each service's two variables, as messages name them. */
const UPSTREAM_VARIABLES = {
  agriculture: { url: 'AGRI_BASE_URL', key: 'AGRI_API_KEY' },
  maps: { url: 'MAP_API_BASE_URL', key: 'MAP_API_KEY' },
  healthcare: { url: 'HEALTH_BASE_URL', key: 'HEALTH_API_KEY' },
  address: { url: 'ADDRESS_BASE_URL', key: 'ADDRESS_API_KEY' },
} as const satisfies Record<ServiceName, { url: keyof Variables; key: keyof Variables }>;

/** The upstreams whose base URL and key are both set and valid: the live ones. */
function liveUpstreams(vars: Variables): Config['upstreams'] {
  const upstreams: Config['upstreams'] = {};
  for (const service of SERVICE_NAMES) {
    const baseUrl = vars[UPSTREAM_VARIABLES[service].url];
    const apiKey = vars[UPSTREAM_VARIABLES[service].key];
    if (!baseUrl || !apiKey) continue;
    if (service !== 'maps') upstreams[service] = { baseUrl, apiKey };
    else if (vars.MAP_HOST_URL !== null)
      upstreams.maps = { baseUrl, apiKey, hostUrl: vars.MAP_HOST_URL ?? baseUrl };
  }
  return upstreams;
}

/** `ALLOW_ANONYMOUS` when set; otherwise only while every upstream is the sandbox. */
function anonymous(vars: Variables): boolean {
  return vars.ALLOW_ANONYMOUS ?? Object.keys(liveUpstreams(vars)).length === 0;
}

/** Problems no single variable shows, found even when some variable was wrong (its default stands in). */
function checkTogether(vars: Variables, ctx: z.RefinementCtx): void {
  const report = (message: string) => ctx.addIssue({ code: 'custom', message, continue: true });
  if (vars.HTTP_HEADERS_TIMEOUT_MS > vars.HTTP_REQUEST_TIMEOUT_MS)
    report(
      `HTTP_HEADERS_TIMEOUT_MS (${vars.HTTP_HEADERS_TIMEOUT_MS}) is above HTTP_REQUEST_TIMEOUT_MS (${vars.HTTP_REQUEST_TIMEOUT_MS}); the headers are part of the request. Lower the first or raise the second.`,
    );
  if (vars.QUERY_MAX_COST > vars.CLIENT_POINTS_PER_MINUTE)
    report(
      `QUERY_MAX_COST (${vars.QUERY_MAX_COST}) is above CLIENT_POINTS_PER_MINUTE (${vars.CLIENT_POINTS_PER_MINUTE}); such a query could never run. Lower the first or raise the second.`,
    );
  for (const { url, key } of Object.values(UPSTREAM_VARIABLES)) {
    if (vars[url] === undefined && vars[key])
      report(
        `${key} is set but ${url} is not; set both to use the live service, or neither for the sandbox.`,
      );
    if (vars[url] !== undefined && !vars[key])
      report(
        `${url} is set but ${key} is not; set both to use the live service, or neither for the sandbox.`,
      );
  }
  if (vars.MAP_HOST_URL !== undefined && vars.MAP_API_BASE_URL === undefined && !vars.MAP_API_KEY)
    report('MAP_HOST_URL is set but MAP_API_BASE_URL and MAP_API_KEY are not; set all three or none.');
  checkSandbox(vars, report);
  checkCallers(vars, report);
}

/**
 * A forgotten URL in production must not be served by the sandbox in silence.
 * In production (NODE_ENV=production, or any upstream live) a service with neither URL nor
 * key is a start-up error unless `SANDBOX` asks for the sandbox on purpose.
 */
function checkSandbox(vars: Variables, report: (message: string) => void): void {
  const live = liveUpstreams(vars);
  for (const service of vars.SANDBOX?.services ?? []) {
    if (live[service] && !vars.SANDBOX?.all)
      report(
        `SANDBOX names ${service}, but ${UPSTREAM_VARIABLES[service].url} is set too; remove one of them.`,
      );
  }
  if (!inProduction(vars)) return;
  const why = vars.NODE_ENV === 'production' ? 'NODE_ENV is production' : 'other upstreams are live';
  for (const service of SERVICE_NAMES) {
    const { url, key } = UPSTREAM_VARIABLES[service];
    // A half-configured service has its own problem above.
    if (vars[url] !== undefined || vars[key] || vars.SANDBOX?.services.has(service)) continue;
    report(
      `${url} is not set, and ${why}: ${service} would be simulated by the embedded sandbox. Set ${url} (with its key), or add ${service} to SANDBOX to simulate it on purpose.`,
    );
  }
}

function inProduction(vars: Variables): boolean {
  return vars.NODE_ENV === 'production' || Object.keys(liveUpstreams(vars)).length > 0;
}

/**
 * Who may call. Keys required and none configured: the gateway would start and refuse every
 * request with 401, so it does not start. CORS_ORIGINS `*` lets a page
 * on any website call, which is only what anyone can do anyway while anonymous access is on.
 */
function checkCallers(vars: Variables, report: (message: string) => void): void {
  if (anonymous(vars)) return;
  if (vars.GATEWAY_API_KEYS === undefined) {
    const why =
      vars.ALLOW_ANONYMOUS === false
        ? 'ALLOW_ANONYMOUS is false'
        : `callers need a key once an upstream is live (${Object.keys(liveUpstreams(vars)).join(', ')})`;
    report(
      `GATEWAY_API_KEYS is not set, and ${why}: every request would be refused with 401. Give each client a key (npm run key:new -- farm-app prints its entry, e.g. GATEWAY_API_KEYS=farm-app:<sha256 of its key>), or set ALLOW_ANONYMOUS=true to serve callers without one.`,
    );
  }
  if (vars.CORS_ORIGINS?.kind === 'any')
    report(
      'CORS_ORIGINS is "*" but anonymous access is off: every caller needs a key, so its frontends are known, and "*" would let any website\'s pages use a key (a leaked one too) from their visitors\' browsers. List the frontends\' origins instead (e.g. CORS_ORIGINS=https://app.example.com), or set ALLOW_ANONYMOUS=true if anyone may call.',
    );
}

/** The services served by the embedded sandbox: every one not live in development, only SANDBOX's in production. */
function sandboxed(vars: Variables): ServiceName[] {
  const live = liveUpstreams(vars);
  const unconfigured = SERVICE_NAMES.filter((service) => !live[service]);
  if (!inProduction(vars)) return unconfigured;
  return unconfigured.filter((service) => vars.SANDBOX?.services.has(service));
}

const MB = 1024 * 1024;

function assemble(vars: Variables): Config {
  const endpoint = vars.OTEL_EXPORTER_OTLP_ENDPOINT;
  return {
    host: vars.HOST ?? '127.0.0.1',
    port: vars.PORT,
    upstreams: liveUpstreams(vars),
    sandboxed: sandboxed(vars),
    upstreamTimeoutMs: vars.UPSTREAM_TIMEOUT_MS,
    shutdownDelayMs: vars.SHUTDOWN_DELAY_MS,
    discipline: {
      requestDeadlineMs: vars.REQUEST_DEADLINE_MS,
      cacheEnabled: vars.UPSTREAM_CACHE,
      pacingEnabled: vars.UPSTREAM_PACING,
      responseCacheEnabled: vars.RESPONSE_CACHE,
      queryDedupe: vars.QUERY_DEDUPE,
      cacheMaxEntries: vars.CACHE_MAX_ENTRIES,
      cacheMaxBytes: vars.CACHE_MAX_MB * MB,
      cacheTtlScale: vars.CACHE_TTL_SCALE,
      maxAttempts: vars.UPSTREAM_MAX_ATTEMPTS,
      circuitFailureThreshold: vars.CIRCUIT_FAILURE_THRESHOLD,
      circuitOpenMs: vars.CIRCUIT_OPEN_MS,
      healthRequestsPerMinute: vars.HEALTH_RATE_LIMIT_PER_MINUTE,
      addressRequestsPerMinute: vars.ADDRESS_RATE_LIMIT_PER_MINUTE,
    },
    exposeErrorDetails: vars.EXPOSE_ERROR_DETAILS,
    queryLimits: {
      maxDepth: vars.QUERY_MAX_DEPTH,
      maxAliases: vars.QUERY_MAX_ALIASES,
      maxRootFields: vars.QUERY_MAX_ROOT_FIELDS,
      maxTokens: vars.QUERY_MAX_TOKENS,
      maxFields: vars.QUERY_MAX_FIELDS,
      maxFragments: vars.QUERY_MAX_FRAGMENTS,
      maxDirectives: vars.QUERY_MAX_DIRECTIVES,
      maxListItems: vars.QUERY_MAX_LIST_ITEMS,
      maxBodyBytes: vars.QUERY_MAX_BODY_BYTES,
      maxCost: vars.QUERY_MAX_COST,
      httpBatching: vars.HTTP_BATCHING,
    },
    access: {
      clients: vars.GATEWAY_API_KEYS ?? [],
      ...(vars.ALLOW_ANONYMOUS !== undefined && { allowAnonymous: vars.ALLOW_ANONYMOUS }),
      pointsPerMinute: vars.CLIENT_POINTS_PER_MINUTE,
      failedKeysPerMinute: vars.FAILED_KEYS_PER_MINUTE,
      anonymousUpstreamShare: vars.ANONYMOUS_UPSTREAM_SHARE_PERCENT / 100,
      ...(vars.METRICS_TOKEN && { metricsToken: vars.METRICS_TOKEN }),
      ...(vars.TRUSTED_DOCUMENTS && { trustedDocuments: vars.TRUSTED_DOCUMENTS }),
      ...(vars.TRUST_PROXY && { trustProxy: vars.TRUST_PROXY }),
    },
    caches: {
      documents: { maxEntries: vars.DOCUMENT_CACHE_ENTRIES, maxBytes: vars.DOCUMENT_CACHE_MB * MB },
      responses: { maxEntries: vars.RESPONSE_CACHE_ENTRIES, maxBytes: vars.RESPONSE_CACHE_MB * MB },
    },
    http: {
      headersTimeoutMs: vars.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: vars.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: vars.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    introspection: vars.INTROSPECTION,
    pageMaxSize: vars.PAGE_MAX_SIZE,
    compileMsPerSecond: vars.QUERY_COMPILE_MS_PER_SECOND,
    replicas: vars.REPLICAS,
    workers: vars.WORKERS,
    ...(vars.REDIS_URL && {
      shared: {
        url: vars.REDIS_URL,
        timeoutMs: vars.REDIS_TIMEOUT_MS,
        keyPrefix: vars.REDIS_KEY_PREFIX ?? 'loccode:',
      },
    }),
    ...(vars.CORS_ORIGINS && { cors: vars.CORS_ORIGINS }),
    ...(endpoint && {
      tracing: { endpoint, serviceName: vars.OTEL_SERVICE_NAME ?? 'loccode-graph' },
    }),
    traceSampler: {
      name: vars.OTEL_TRACES_SAMPLER ?? 'parentbased_always_on',
      ratio: vars.OTEL_TRACES_SAMPLER_ARG,
    },
    logging: {
      level: vars.LOG_LEVEL ?? (vars.NODE_ENV === 'test' ? 'silent' : 'info'),
      ...(vars.LOG_FILE && { file: vars.LOG_FILE }),
    },
    production: vars.NODE_ENV === 'production',
  };
}

/** The one schema: every variable, the checks between them, and the {@link Config} they make. */
const ENVIRONMENT = z
  .preprocess((env) => trimmed(env as Record<string, unknown>), VARIABLES.superRefine(checkTogether))
  .transform(assemble);
