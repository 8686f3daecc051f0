import type { Config } from './config';
import { Metrics } from '../observability/metrics';
import { startGateway } from '../server/gateway';
import { Budgets } from '../server/access/budget';
import { Callers } from '../server/access/callers';
import { KeyFailures } from '../server/access/key-failures';
import { SharedRedis } from '../upstream/shared-redis';
import type { ServiceName } from '../kernel/services';
import { systemClock, type Clock } from '../kernel/clock';
import { anyLive, liveServices, createUpstreams, type UpstreamTargets } from './upstreams';
import { SANDBOX_KEYS, startSandbox, type Sandbox, type SandboxOptions, type SandboxUrls } from '../sandbox';
import type { PrimaryRpc } from '../upstream/primary-rpc';

export interface App {
  /** `http://host:port/graphql` */
  url: string;
  live: Record<ServiceName, boolean>;
  /** Whether requests without a gateway key are served. */
  anonymousAllowed: boolean;
  /** This gateway's Prometheus registry (served at `/metrics`). */
  metrics: Metrics;
  /** The embedded sandbox, when any upstream is not configured. */
  sandbox?: Sandbox;
  /** Readiness turns 503 (a balancer stops sending new requests); serving goes on until `close()`. */
  drain(): void;
  close(): Promise<void>;
}

/** What only tests set. */
export interface AppOptions {
  /**
   * The clock of pacing, client budgets, request deadlines and the upstream cache's lifetimes
   * (a fake one in tests, shared by the replicas of a test so that their Redis state agrees).
   * The system clock otherwise.
   */
  clock?: Clock;
  /** In a worker of WORKERS > 1 (src/start/cluster-worker.ts). */
  worker?: WorkerLink;
}

/**
 * What a worker of WORKERS > 1 shares through its cluster primary: pacing and
 * client budgets (kept by the primary), `/metrics` (the whole group's), and the one embedded
 * sandbox the primary started, when any upstream is not configured.
 */
export interface WorkerLink {
  primary: PrimaryRpc;
  sandboxUrls?: SandboxUrls;
}

/** The sandbox's URLs and keys: what the upstream clients need of it. */
type SandboxTargets = Pick<Sandbox, 'urls' | 'keys'>;

/** The whole service: sandbox for what is not configured, upstream clients, and the GraphQL server. */
export async function startApp(
  config: Config,
  sandboxOptions: SandboxOptions = {},
  { clock = systemClock, worker }: AppOptions = {},
): Promise<App> {
  const live = liveServices(config);
  const openToAnonymous = anonymousAllowed(config, live);
  const simulates = !Object.values(live).every(Boolean);
  // A worker uses the primary's: one sandbox, so its request counts and rate limits are one process's.
  const sandbox = simulates && !worker ? await startSandbox(sandboxOptions) : undefined;
  const targets: SandboxTargets | undefined =
    sandbox ?? (worker?.sandboxUrls && { urls: worker.sandboxUrls, keys: SANDBOX_KEYS });
  const primary = worker?.primary;
  const metrics = new Metrics(primary && (async () => String(await primary.call('metrics'))));
  const shared = config.shared ? new SharedRedis(config.shared, metrics) : undefined;
  await shared?.connect();
  const upstreams = createUpstreams(
    resolveTargets(config, targets),
    config.upstreamTimeoutMs,
    config.discipline,
    metrics,
    // Keyless callers get their own share of each upstream limit only when keyed clients exist to protect.
    openToAnonymous && config.access.clients.length > 0 ? config.access.anonymousUpstreamShare : 1,
    shared,
    config.replicas,
    clock,
    primary,
  );
  const gateway = await startGateway({
    host: config.host,
    port: config.port,
    upstreams,
    exposeErrorDetails: config.exposeErrorDetails,
    introspection: config.introspection,
    queryLimits: config.queryLimits,
    requestDeadlineMs: config.discipline.requestDeadlineMs,
    responseCacheEnabled: config.discipline.responseCacheEnabled,
    queryDedupe: config.discipline.queryDedupe,
    cacheTtlScale: config.discipline.cacheTtlScale,
    metrics,
    callers: new Callers(config.access.clients, openToAnonymous, config.access.trustProxy),
    budgets: new Budgets(
      config.access.pointsPerMinute,
      clock,
      shared && { redis: shared, replicas: config.replicas },
      primary,
    ),
    keyFailures: new KeyFailures(config.access.failedKeysPerMinute),
    http: config.http,
    caches: config.caches,
    sandboxed: config.sandboxed,
    pageMaxSize: config.pageMaxSize,
    compileMsPerSecond: config.compileMsPerSecond,
    ...(shared && { shared }),
    clock,
    ...(config.access.metricsToken && { metricsToken: config.access.metricsToken }),
    schemaSuggestions: !productionMode(config, live),
    ...(config.access.trustedDocuments && { trustedDocuments: config.access.trustedDocuments }),
    ...(config.cors && { corsOrigins: config.cors }),
  });
  return {
    url: gateway.url,
    live,
    anonymousAllowed: openToAnonymous,
    metrics,
    ...(sandbox && { sandbox }),
    drain: () => gateway.drain(),
    close: async () => {
      await gateway.close();
      await upstreams.close();
      await shared?.close();
      await sandbox?.close();
    },
  };
}

/**
 * Production mode: any upstream is live, or NODE_ENV says production. It hides schema
 * details ("Did you mean ...?") from validation errors. NODE_ENV as the configuration read it (`.env` included).
 */
export function productionMode(config: Config, live: Record<ServiceName, boolean>): boolean {
  return anyLive(live) || config.production;
}

/** `ALLOW_ANONYMOUS` when set; otherwise only while every upstream is the sandbox. */
export function anonymousAllowed(config: Config, live: Record<ServiceName, boolean>): boolean {
  return config.access.allowAnonymous ?? !anyLive(live);
}

function resolveTargets(config: Config, sandbox: SandboxTargets | undefined): UpstreamTargets {
  const { upstreams } = config;
  const simulated = (): SandboxTargets => {
    if (!sandbox) throw new Error('an unconfigured upstream needs the sandbox');
    return sandbox;
  };
  return {
    agriculture: upstreams.agriculture ?? {
      baseUrl: simulated().urls.agriculture,
      apiKey: simulated().keys.agriculture,
    },
    maps: upstreams.maps ?? {
      baseUrl: simulated().urls.maps,
      hostUrl: simulated().urls.mapHost,
      apiKey: simulated().keys.maps,
    },
    healthcare: upstreams.healthcare ?? {
      baseUrl: simulated().urls.healthcare,
      apiKey: simulated().keys.healthcare,
    },
    address: upstreams.address ?? { baseUrl: simulated().urls.address, apiKey: simulated().keys.address },
  };
}
