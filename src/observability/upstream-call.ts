import type { ServiceName } from '../kernel/services';
import { monotonicMs } from '../kernel/clock';
import { currentScope, type ServiceUsage } from '../kernel/request-scope';
import type { Metrics } from './metrics';
import { noteCacheResult } from './tracing';

/** One finished HTTP exchange with an upstream (`startedAt`: monotonicMs): counted and timed (its span: tracing.ts, startUpstreamRequest). `status` is undefined when no answer came. */
export function observeUpstreamCall(
  metrics: Metrics,
  call: { service: ServiceName; operation: string; status: number | undefined; startedAt: number },
): void {
  const { service, operation, status, startedAt } = call;
  metrics.upstreamCalls.inc({ service, operation, status: status === undefined ? 'error' : String(status) });
  metrics.upstreamDuration.observe({ service, operation }, (monotonicMs() - startedAt) / 1000);
  usageOf(service).calls += 1;
}

/** One lookup of the cross-request cache: counted, and a hit credited to the request's access-log line. */
export function observeCacheLookup(
  metrics: Metrics,
  lookup: { service: ServiceName; operation: string; result: 'hit' | 'stale' | 'miss' },
): void {
  metrics.countCacheLookup(lookup);
  noteCacheResult(lookup.result);
  if (lookup.result !== 'miss') usageOf(lookup.service).cacheHits += 1;
}

/** The request's tally for one service (a throwaway one outside any request: background refreshes). */
function usageOf(service: ServiceName): ServiceUsage {
  const scope = currentScope();
  if (!scope) return { calls: 0, cacheHits: 0 };
  scope.services ??= {};
  return (scope.services[service] ??= { calls: 0, cacheHits: 0 });
}
