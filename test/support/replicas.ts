import { startApp, type App, type AppOptions } from '../../src/start/app';
import { loadConfig } from '../../src/start/config';
import type { Sandbox } from '../../src/sandbox';
import { type GraphQLResult, SINGLE_REQUEST_DISCIPLINE } from './gateway';
import { TestHttp } from './http';
import { late } from './late';
import { startTestSandbox } from './sandbox';

/**
 * Several gateway replicas over one sandbox and (when given) one Redis, as a deployment
 * behind a load balancer runs them. Each replica is a whole app on its own
 * port with its own process-wide state; only Redis is shared.
 */
export interface Replicas {
  sandbox: Sandbox;
  apps: App[];
  http: TestHttp;
  /** POSTs a GraphQL request to replica `index`. */
  query(
    index: number,
    document: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GraphQLResult>;
  close(): Promise<void>;
}

/** The sandbox's URLs and keys as live-upstream configuration, so no replica starts a sandbox of its own. */
export function upstreamEnv(sandbox: Sandbox): Record<string, string> {
  return {
    AGRI_BASE_URL: sandbox.urls.agriculture,
    AGRI_API_KEY: sandbox.keys.agriculture,
    MAP_API_BASE_URL: sandbox.urls.maps,
    MAP_HOST_URL: sandbox.urls.mapHost,
    MAP_API_KEY: sandbox.keys.maps,
    HEALTH_BASE_URL: sandbox.urls.healthcare,
    HEALTH_API_KEY: sandbox.keys.healthcare,
    ADDRESS_BASE_URL: sandbox.urls.address,
    ADDRESS_API_KEY: sandbox.keys.address,
    // Live upstreams close the gateway to keyless callers unless told otherwise.
    ALLOW_ANONYMOUS: 'true',
  };
}

/**
 * `options.clock`: one fake clock for every replica's pacing, budgets and deadlines.
 * `options` may also be a function of the replica's index (e.g. a worker's link to a primary).
 */
export async function startReplicas(
  count: number,
  env: Record<string, string> = SINGLE_REQUEST_DISCIPLINE,
  options: AppOptions | ((index: number) => AppOptions) = {},
): Promise<Replicas> {
  const sandbox = await startTestSandbox();
  const apps: App[] = [];
  const optionsOf = typeof options === 'function' ? options : () => options;
  try {
    for (let index = 0; index < count; index += 1)
      apps.push(
        await startApp(loadConfig({ PORT: '0', ...upstreamEnv(sandbox), ...env }), {}, optionsOf(index)),
      );
  } catch (error) {
    await Promise.all(apps.map((app) => app.close()));
    await sandbox.close();
    throw error;
  }
  const http = new TestHttp({ record: true });
  return {
    sandbox,
    apps,
    http,
    query: async (index, document, variables, headers) => {
      const response = await http.post(apps[index]!.url, { query: document, variables }, headers);
      return { status: response.status, data: response.json?.data, errors: response.json?.errors, response };
    },
    close: async () => {
      await http.close();
      await Promise.all(apps.map((app) => app.close()));
      await sandbox.close();
    },
  };
}

/**
 * For suites that count calls: a busy CI machine can hold one Redis command past the default
 * 250 ms, which a replica takes for a hung Redis (that has its own suites: redis-health, outage).
 */
const COUNTING_REDIS_TIMEOUT_MS = '2000';

/** One request per call, on the suite's Redis, for suites that count calls; `extra` on top. */
export function countingOnRedis(
  redis: { url: string },
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    ...SINGLE_REQUEST_DISCIPLINE,
    REDIS_URL: redis.url,
    REDIS_TIMEOUT_MS: COUNTING_REDIS_TIMEOUT_MS,
    ...extra,
  };
}

/**
 * `startReplicas` in beforeAll, closed in afterAll. `env` is read in beforeAll, so it may name a
 * Redis that starts in an earlier hook.
 */
export function useReplicas(
  count: number,
  env: () => Record<string, string>,
  options: AppOptions | ((index: number) => AppOptions) = {},
): Replicas {
  let started: Replicas | undefined;
  beforeAll(async () => {
    started = await startReplicas(count, env(), options);
  });
  afterAll(() => started?.close());
  return late(() => started, 'The replicas');
}
