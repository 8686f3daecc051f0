import type { ServerResponse } from 'node:http';
import { SERVICE_NAMES, type ServiceName } from '../kernel/services';
import type { Upstreams } from '../../datasources';
import type { Metrics } from '../observability/metrics';
import type { SharedRedis, SharedState } from '../upstream/shared-redis';

type Readiness = 'ready' | 'circuit-open';

/**
 * `GET /readyz`: 200 while every upstream may be called, 503 when any circuit is open; per
 * upstream either way, which of them the embedded sandbox simulates, and whether the
 * Redis shared with other replicas is `up` or `degraded` (when one is configured).
 */
export function readiness(
  upstreams: Upstreams,
  sandboxed: readonly ServiceName[],
  shared?: SharedRedis,
): {
  status: number;
  body: Record<ServiceName, Readiness> & { sandboxed: ServiceName[]; redis?: SharedState };
} {
  const states = Object.fromEntries(
    SERVICE_NAMES.map((service) => [
      service,
      upstreams.disciplines[service].resilience.ready ? 'ready' : 'circuit-open',
    ]),
  ) as Record<ServiceName, Readiness>;
  const ready = Object.values(states).every((state) => state === 'ready');
  // Redis away leaves the replica serving from local state: `degraded`, still ready (issue #13).
  return {
    status: ready ? 200 : 503,
    body: { ...states, sandboxed: [...sandboxed], ...(shared && { redis: shared.status }) },
  };
}

/** `GET /metrics`: the Prometheus text exposition of this gateway's registry. */
export async function sendMetrics(res: ServerResponse, metrics: Metrics): Promise<void> {
  const text = await metrics.registry.metrics();
  res.writeHead(200, { 'content-type': metrics.registry.contentType });
  res.end(text);
}
