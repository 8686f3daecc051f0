import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import HELP from './metrics-help.json';

/** Our metrics by name; metrics-help.json says what each means (`# HELP` in /metrics). */
type MetricName = keyof typeof HELP;

/** Distinct operation names kept as labels; past it a client's names become `other` (bounded cardinality). */
const MAX_OPERATION_LABELS = 200;

/** What a bounded cache holds: entries, and their estimated bytes in memory. */
export interface CacheUsage {
  entries: number;
  bytes: number;
}

/** Durations in seconds, 5 ms to 10 s. */
const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The gateway's Prometheus metrics, one registry per running gateway: process-wide,
 * created at start and handed down, so two gateways in one process never share counts.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly operationLabels = new Set<string>();

  readonly httpRequests = this.counter('loccode_http_requests_total', ['route', 'status', 'code']);
  readonly httpDuration = this.histogram('loccode_http_request_duration_seconds', ['route']);
  readonly graphqlRequests = this.counter('loccode_graphql_requests_total', ['operation']);
  readonly graphqlErrors = this.counter('loccode_graphql_errors_total', ['operation', 'code']);
  readonly graphqlDuration = this.histogram('loccode_graphql_request_duration_seconds', ['operation']);
  readonly clientCost = this.counter('loccode_client_cost_points_total', ['client']);
  readonly clientRefusals = this.counter('loccode_client_refusals_total', ['client', 'code']);
  readonly budgetRemaining = this.gauge('loccode_client_budget_remaining_points', ['client']);
  readonly upstreamCalls = this.counter('loccode_upstream_calls_total', ['service', 'operation', 'status']);
  readonly upstreamDuration = this.histogram('loccode_upstream_call_duration_seconds', [
    'service',
    'operation',
  ]);
  readonly upstreamCache = this.counter('loccode_upstream_cache_total', ['service', 'operation', 'result']);
  readonly limiterWaits = this.counter('loccode_upstream_limiter_waits_total', ['service', 'dimension']);
  readonly circuitState = this.gauge('loccode_upstream_circuit_state', ['service']);
  readonly redisUp = this.gauge('loccode_redis_up', []);
  readonly redisFallbacks = this.counter('loccode_redis_fallbacks_total', ['operation']);
  /** Each bounded cache's usage, read when /metrics is scraped. */
  private readonly caches = new Map<string, () => CacheUsage>();

  /** Reports a cache's entries and estimated bytes under `cache="<name>"`. */
  trackCache(name: string, usage: () => CacheUsage): void {
    this.caches.set(name, usage);
  }

  constructor() {
    // prom-client's own names (process_*, nodejs_*), which standard Node dashboards query; ours are loccode_*.
    collectDefaultMetrics({ register: this.registry });
    const caches = this.caches;
    const usageGauge = (name: MetricName, read: (usage: CacheUsage) => number) =>
      new Gauge({
        name,
        help: HELP[name],
        labelNames: ['cache'],
        registers: [this.registry],
        collect() {
          for (const [cache, usage] of caches) this.set({ cache }, read(usage()));
        },
      });
    usageGauge('loccode_cache_entries', (usage) => usage.entries);
    usageGauge('loccode_cache_bytes', (usage) => usage.bytes);
  }

  private counter<Label extends string>(name: MetricName, labelNames: readonly Label[]) {
    return new Counter({ name, help: HELP[name], labelNames, registers: [this.registry] });
  }

  private gauge<Label extends string>(name: MetricName, labelNames: readonly Label[]) {
    return new Gauge({ name, help: HELP[name], labelNames, registers: [this.registry] });
  }

  private histogram<Label extends string>(name: MetricName, labelNames: readonly Label[]) {
    return new Histogram({
      name,
      help: HELP[name],
      labelNames,
      buckets: SECONDS_BUCKETS,
      registers: [this.registry],
    });
  }

  /** A client-chosen operation name as a label; anonymous and unparsed requests are `anonymous`. */
  operationLabel(name: string | null | undefined): string {
    if (!name) return 'anonymous';
    if (this.operationLabels.has(name)) return name;
    if (this.operationLabels.size >= MAX_OPERATION_LABELS) return 'other';
    this.operationLabels.add(name);
    return name;
  }
}
