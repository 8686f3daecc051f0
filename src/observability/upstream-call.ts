import type { Metrics } from './metrics';
import { recordUpstreamSpan } from './tracing';

/** One finished HTTP exchange with an upstream: counted, timed, and traced. `status` is undefined when no answer came. */
export function observeUpstreamCall(
  metrics: Metrics,
  call: { service: string; operation: string; status: number | undefined; startedAt: number },
): void {
  const { service, operation, status, startedAt } = call;
  metrics.upstreamCalls.inc({ service, operation, status: status === undefined ? 'error' : String(status) });
  metrics.upstreamDuration.observe({ service, operation }, (Date.now() - startedAt) / 1000);
  recordUpstreamSpan(service, operation, status, startedAt);
}
