import type { ServerResponse } from 'node:http';
import { SERVICE_NAMES, type ServiceName } from '../kernel/services';
import type { Upstreams } from '../../datasources';
import type { Metrics } from '../observability/metrics';

type Readiness = 'ready' | 'circuit-open';

/**
 * `GET /readyz`: 200 while every upstream may be called, 503 when any circuit is open; per
 * upstream either way, and which of them the embedded sandbox simulates.
 */
export function readiness(
  upstreams: Upstreams,
  sandboxed: readonly ServiceName[],
): { status: number; body: Record<ServiceName, Readiness> & { sandboxed: ServiceName[] } } {
  const states = Object.fromEntries(
    SERVICE_NAMES.map((service) => [
      service,
      upstreams.disciplines[service].resilience.ready ? 'ready' : 'circuit-open',
    ]),
  ) as Record<ServiceName, Readiness>;
  const ready = Object.values(states).every((state) => state === 'ready');
  return { status: ready ? 200 : 503, body: { ...states, sandboxed: [...sandboxed] } };
}

/** `GET /metrics`: the Prometheus text exposition of this gateway's registry. */
export async function sendMetrics(res: ServerResponse, metrics: Metrics): Promise<void> {
  const text = await metrics.registry.metrics();
  res.writeHead(200, { 'content-type': metrics.registry.contentType });
  res.end(text);
}
