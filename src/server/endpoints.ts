import type { ServerResponse } from 'node:http';
import { SERVICE_NAMES, type ServiceName } from '../kernel/services';
import type { Upstreams } from '../../datasources';
import type { Metrics } from '../observability/metrics';
import type { SharedRedis, SharedState } from '../upstream/shared-redis';

/** One upstream as `/readyz` shows it. */
export type UpstreamHealth = 'up' | 'degraded' | 'open-circuit' | 'sandboxed';

/** A dimension paced below its documented limit, as `/readyz` shows it. */
export interface LearnedLimit {
  /** A window's calls, or a bucket's burst, as paced now. */
  limit: number;
  /** The same without the lesson. */
  documented: number;
  /** When the documented limit holds again, unless the service refuses again (ISO 8601). */
  backAt: string;
}

export interface ReadinessBody {
  /** `ready` (200) while this replica can serve; `draining` (503) once shutdown has begun. */
  status: 'ready' | 'draining';
  upstreams: Record<ServiceName, UpstreamHealth>;
  /** Only when `REDIS_URL` is set: `degraded` while this replica serves from local state. */
  redis?: SharedState;
  /** Only while some dimension is paced below its documented limit: those, by upstream and dimension. */
  learnedLimits?: Partial<Record<ServiceName, Record<string, LearnedLimit>>>;
}

/**
 * `GET /readyz`: 200 while this replica can serve anything, 503 only while it drains (after
 * SIGTERM, until in-flight requests are answered). Before start-up is done the port is not
 * open yet. Upstream state never makes it 503: every replica calls the same upstreams, so
 * taking one out of a balancer for an outage takes them all out, and the other domains,
 * stale-if-error answers, mapDisplay and coded errors would become refused connections.
 * Each upstream is `open-circuit` while calls to it are refused, `degraded` while its last
 * call failed or a probe is due, `sandboxed` when the embedded sandbox simulates it and it
 * is well, else `up`. `learnedLimits` names what this process paces below the documented
 * limits after an upstream's refusals, and when each is back.
 */
export function readiness(
  upstreams: Upstreams,
  sandboxed: readonly ServiceName[],
  shared: SharedRedis | undefined,
  draining: boolean,
): { status: number; body: ReadinessBody } {
  const health = (service: ServiceName): UpstreamHealth => {
    const circuit = upstreams.disciplines[service].resilience.health;
    return circuit === 'up' && sandboxed.includes(service) ? 'sandboxed' : circuit;
  };
  const learned = learnedLimits(upstreams);
  return {
    status: draining ? 503 : 200,
    body: {
      status: draining ? 'draining' : 'ready',
      upstreams: Object.fromEntries(SERVICE_NAMES.map((service) => [service, health(service)])) as Record<
        ServiceName,
        UpstreamHealth
      >,
      // Redis away leaves the replica serving from local state: `degraded`, still ready.
      ...(shared && { redis: shared.status }),
      ...(Object.keys(learned).length > 0 && { learnedLimits: learned }),
    },
  };
}

function learnedLimits(upstreams: Upstreams): NonNullable<ReadinessBody['learnedLimits']> {
  const learned: NonNullable<ReadinessBody['learnedLimits']> = {};
  for (const service of SERVICE_NAMES)
    for (const { dimension, limit, documented, backAt } of upstreams.disciplines[service].pacer.standing())
      if (backAt !== undefined)
        (learned[service] ??= {})[dimension] = { limit, documented, backAt: new Date(backAt).toISOString() };
  return learned;
}

/** `GET /metrics`: the Prometheus text exposition of this gateway's registry. */
export async function sendMetrics(res: ServerResponse, metrics: Metrics): Promise<void> {
  const text = await metrics.registry.metrics();
  res.writeHead(200, { 'content-type': metrics.registry.contentType });
  res.end(text);
}
