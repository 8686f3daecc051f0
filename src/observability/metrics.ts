import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Distinct operation names kept as labels; past it a client's names become `other` (bounded cardinality). */
const MAX_OPERATION_LABELS = 200;

/** Durations in seconds, 5 ms to 10 s. */
const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The gateway's Prometheus metrics, one registry per running gateway: process-wide,
 * created at start and handed down, so two gateways in one process never share counts.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly operationLabels = new Set<string>();

  readonly graphqlRequests = this.counter(
    'loccode_graphql_requests_total',
    'GraphQL requests answered, by operation name.',
    ['operation'],
  );
  readonly graphqlErrors = this.counter(
    'loccode_graphql_errors_total',
    'Errors in GraphQL responses, by operation name and extensions.code.',
    ['operation', 'code'],
  );
  readonly graphqlDuration = this.histogram(
    'loccode_graphql_request_duration_seconds',
    'Time from receiving a GraphQL request to sending its response, in seconds, by operation name.',
    ['operation'],
  );
  readonly clientCost = this.counter(
    'loccode_client_cost_points_total',
    'Cost points charged to budgets (upstream calls computed before execution), by client name (`anonymous` for keyless callers).',
    ['client'],
  );
  readonly clientRefusals = this.counter(
    'loccode_client_refusals_total',
    'Operations refused before execution for their cost, by client name and code (QUERY_TOO_COSTLY, RATE_LIMITED).',
    ['client', 'code'],
  );
  readonly upstreamCalls = this.counter(
    'loccode_upstream_calls_total',
    'HTTP exchanges with an upstream, by service, operation and HTTP status (`error` when no answer came).',
    ['service', 'operation', 'status'],
  );
  readonly upstreamDuration = this.histogram(
    'loccode_upstream_call_duration_seconds',
    'Duration of one HTTP exchange with an upstream, in seconds, by service and operation.',
    ['service', 'operation'],
  );
  readonly upstreamCache = this.counter(
    'loccode_upstream_cache_total',
    'Lookups of cacheable upstream calls in the cross-request cache: result is hit, stale (served while refreshing) or miss.',
    ['service', 'operation', 'result'],
  );
  readonly limiterWaits = this.counter(
    'loccode_upstream_limiter_waits_total',
    "Upstream calls that waited for the gateway's own rate budget, by service and budget dimension.",
    ['service', 'dimension'],
  );
  readonly circuitState = this.gauge(
    'loccode_upstream_circuit_state',
    "State of an upstream's circuit breaker: 0 closed, 1 open, 2 half-open, 3 isolated.",
    ['service'],
  );

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'loccode_' });
  }

  private counter<Label extends string>(name: string, help: string, labelNames: readonly Label[]) {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  private gauge<Label extends string>(name: string, help: string, labelNames: readonly Label[]) {
    return new Gauge({ name, help, labelNames, registers: [this.registry] });
  }

  private histogram<Label extends string>(name: string, help: string, labelNames: readonly Label[]) {
    return new Histogram({ name, help, labelNames, buckets: SECONDS_BUCKETS, registers: [this.registry] });
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
