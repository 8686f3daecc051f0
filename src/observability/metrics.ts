import {
  AggregatorRegistry,
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type Aggregator,
} from 'prom-client';
import HELP from './metrics-help.json';

/** Our metrics by name; metrics-help.json says what each means (`# HELP` in /metrics). */
type MetricName = keyof typeof HELP;

/** Distinct operation names kept as labels; past it a client's names become `other` (bounded cardinality). */
const MAX_OPERATION_LABELS = 200;

type CacheResult = 'hit' | 'stale' | 'miss';

/** The labels of `loccode_upstream_cache_total`. */
export interface CacheLookupLabels {
  service: string;
  operation: string;
  result: CacheResult;
}

/** Lookups of one label set not yet added to the counter. */
interface LookupTally {
  labels: CacheLookupLabels;
  count: number;
}

/** What a bounded cache holds: entries, and their estimated bytes in memory. */
export interface CacheUsage {
  entries: number;
  bytes: number;
}

/** One paced dimension of an upstream as its pacer reads it now. */
export interface PacingReading {
  dimension: string;
  limit: number;
  /** Set while a learned rule lowers the dimension. */
  backAt?: number;
}

/** Durations in seconds, 5 ms to 10 s. */
const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * A gateway's registry. In a worker of WORKERS > 1 its exposition (what
 * `/metrics` sends) is the whole process group's, which `group` fetches from the primary;
 * the worker's own samples are what it answers the primary (getMetricsAsJSON).
 */
class GatewayRegistry extends Registry {
  group?: () => Promise<string>;

  override metrics(): Promise<string> {
    return this.group ? this.group() : super.metrics();
  }
}

/**
 * The gateway's Prometheus metrics, one registry per running gateway: process-wide,
 * created at start and handed down, so two gateways in one process never share counts.
 * With WORKERS > 1, `/metrics` of any worker shows every worker's, added up by the
 * primary (prom-client's AggregatorRegistry): counters and histograms summed, each gauge
 * as its `aggregator` says.
 */
export class Metrics {
  readonly registry = new GatewayRegistry();
  private readonly operationLabels = new Set<string>();

  readonly httpRequests = this.counter('loccode_http_requests_total', ['route', 'status', 'code']);
  readonly httpDuration = this.histogram('loccode_http_request_duration_seconds', ['route']);
  readonly graphqlRequests = this.counter('loccode_graphql_requests_total', ['operation']);
  readonly graphqlErrors = this.counter('loccode_graphql_errors_total', ['operation', 'code']);
  readonly graphqlDuration = this.histogram('loccode_graphql_request_duration_seconds', ['operation']);
  readonly sharedExecutions = this.counter('loccode_graphql_shared_executions_total', ['operation']);
  readonly clientCost = this.counter('loccode_client_cost_points_total', ['client']);
  readonly clientRefusals = this.counter('loccode_client_refusals_total', ['client', 'code']);
  // One budget per client across workers, each worker's reading from its own last charge: the lowest is shown.
  readonly budgetRemaining = this.gauge('loccode_client_budget_remaining_points', ['client'], 'min');
  readonly upstreamCalls = this.counter('loccode_upstream_calls_total', ['service', 'operation', 'status']);
  readonly upstreamDuration = this.histogram('loccode_upstream_call_duration_seconds', [
    'service',
    'operation',
  ]);
  readonly upstreamCache = new Counter({
    name: 'loccode_upstream_cache_total',
    help: HELP.loccode_upstream_cache_total,
    labelNames: ['service', 'operation', 'result'],
    registers: [this.registry],
    // Whenever it is read (a scrape, the primary's collection with WORKERS > 1), it takes the lookups tallied since.
    collect: () => this.foldCacheLookups(),
  });
  /** Cache lookups not yet added to `upstreamCache`, by service, operation and result (see countCacheLookup). */
  private readonly lookupTallies = new Map<string, Map<string, Partial<Record<CacheResult, LookupTally>>>>();
  /** The same tallies in the order first seen, which is the order prom-client lists label sets in. */
  private readonly lookupOrder: LookupTally[] = [];
  readonly limiterWaits = this.counter('loccode_upstream_limiter_waits_total', ['service', 'dimension']);
  // Each worker has its own circuits and Redis connection: non-zero circuit state if any worker's is not
  // closed, redis_up 0 if any worker serves from local state.
  readonly circuitState = this.gauge('loccode_upstream_circuit_state', ['service'], 'max');
  readonly redisUp = this.gauge('loccode_redis_up', [], 'min');
  readonly redisFallbacks = this.counter('loccode_redis_fallbacks_total', ['operation']);
  /** Each bounded cache's usage, read when /metrics is scraped. */
  private readonly caches = new Map<string, () => CacheUsage>();
  /** Each upstream's paced dimensions, read when /metrics is scraped. */
  private readonly pacers = new Map<string, () => PacingReading[]>();

  /** Reports a cache's entries and estimated bytes under `cache="<name>"`. */
  trackCache(name: string, usage: () => CacheUsage): void {
    this.caches.set(name, usage);
  }

  /** Reports the limit each dimension of `service` is paced at now, and whether it is learned. */
  trackPacing(service: string, read: () => PacingReading[]): void {
    this.pacers.set(service, read);
  }

  /**
   * `group`: in a worker of WORKERS > 1, the whole group's exposition, from the primary
   * (src/start/cluster-worker.ts); this worker then answers the primary's requests for its own.
   */
  constructor(group?: () => Promise<string>) {
    if (group) {
      this.registry.group = group;
      AggregatorRegistry.setRegistries([this.registry]);
    }
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
    this.pacingGauges();
  }

  /**
   * With WORKERS > 1 a worker knows a lesson once a take has answered it: the lowest limit and
   * any worker's learned flag are shown.
   */
  private pacingGauges(): void {
    const pacers = this.pacers;
    const pacingGauge = (name: MetricName, aggregator: Aggregator, read: (paced: PacingReading) => number) =>
      new Gauge({
        name,
        help: HELP[name],
        labelNames: ['service', 'dimension'],
        aggregator,
        registers: [this.registry],
        collect() {
          for (const [service, standing] of pacers)
            for (const paced of standing()) this.set({ service, dimension: paced.dimension }, read(paced));
        },
      });
    pacingGauge('loccode_upstream_pacing_limit', 'min', (paced) => paced.limit);
    pacingGauge('loccode_upstream_pacing_learned', 'max', (paced) => (paced.backAt === undefined ? 0 : 1));
  }

  private counter<Label extends string>(name: MetricName, labelNames: readonly Label[]) {
    return new Counter({ name, help: HELP[name], labelNames, registers: [this.registry] });
  }

  private gauge<Label extends string>(
    name: MetricName,
    labelNames: readonly Label[],
    aggregator: Aggregator = 'sum',
  ) {
    return new Gauge({ name, help: HELP[name], labelNames, aggregator, registers: [this.registry] });
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

  /**
   * One lookup of the upstream cache. Every upstream call makes one, cache hits included, and
   * prom-client's `inc` with labels hashes and checks them on every call, the busiest counter's cost: here it
   * adds to a number, which `upstreamCache` takes whenever it is read, so /metrics shows the same.
   */
  countCacheLookup({ service, operation, result }: CacheLookupLabels): void {
    let operations = this.lookupTallies.get(service);
    if (!operations) this.lookupTallies.set(service, (operations = new Map()));
    let results = operations.get(operation);
    if (!results) operations.set(operation, (results = {}));
    const tally = results[result];
    if (tally) tally.count += 1;
    else {
      results[result] = { labels: { service, operation, result }, count: 1 };
      this.lookupOrder.push(results[result]);
    }
  }

  private foldCacheLookups(): void {
    for (const tally of this.lookupOrder) {
      if (tally.count === 0) continue;
      this.upstreamCache.inc(tally.labels, tally.count);
      tally.count = 0;
    }
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

/**
 * In a worker of WORKERS > 1: answers the primary's requests for this worker's samples
 * (prom-client's cluster protocol), with the registry of the Metrics made with a `group`
 * (until then, an empty one). Called first thing in a worker, so that a scrape during a
 * restart does not wait for a worker that cannot answer yet.
 */
export function answerPrimaryForMetrics(): void {
  AggregatorRegistry.setRegistries([new Registry()]);
  new AggregatorRegistry();
}

/** In the primary: every worker's samples, aggregated, as the Prometheus text exposition. */
export function groupMetrics(): () => Promise<string> {
  const aggregator = new AggregatorRegistry();
  return () => aggregator.clusterMetrics();
}
