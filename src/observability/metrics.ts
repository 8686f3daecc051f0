import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Distinct operation names kept as labels; past it a client's names become `other` (bounded cardinality). */
const MAX_OPERATION_LABELS = 200;

/**
 * The gateway's Prometheus metrics, one registry per running gateway: process-wide,
 * created at start and handed down, so two gateways in one process never share counts.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly operationLabels = new Set<string>();

  readonly graphqlRequests = new Counter({
    name: 'loccode_graphql_requests_total',
    help: 'GraphQL requests answered, by operation name.',
    labelNames: ['operation'] as const,
    registers: [this.registry],
  });
  readonly graphqlErrors = new Counter({
    name: 'loccode_graphql_errors_total',
    help: 'Errors in GraphQL responses, by operation name and extensions.code.',
    labelNames: ['operation', 'code'] as const,
    registers: [this.registry],
  });
  readonly graphqlDuration = new Histogram({
    name: 'loccode_graphql_request_duration_seconds',
    help: 'Time from receiving a GraphQL request to sending its response, in seconds, by operation name.',
    labelNames: ['operation'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly clientCost = new Counter({
    name: 'loccode_client_cost_points_total',
    help: 'Cost points charged to budgets (upstream calls computed before execution), by client name (`anonymous` for keyless callers).',
    labelNames: ['client'] as const,
    registers: [this.registry],
  });
  readonly clientRefusals = new Counter({
    name: 'loccode_client_refusals_total',
    help: 'Operations refused before execution for their cost, by client name and code (QUERY_TOO_COSTLY, RATE_LIMITED).',
    labelNames: ['client', 'code'] as const,
    registers: [this.registry],
  });
  readonly upstreamCalls = new Counter({
    name: 'loccode_upstream_calls_total',
    help: 'HTTP exchanges with an upstream, by service, operation and HTTP status (`error` when no answer came).',
    labelNames: ['service', 'operation', 'status'] as const,
    registers: [this.registry],
  });
  readonly upstreamDuration = new Histogram({
    name: 'loccode_upstream_call_duration_seconds',
    help: 'Duration of one HTTP exchange with an upstream, in seconds, by service and operation.',
    labelNames: ['service', 'operation'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly upstreamCache = new Counter({
    name: 'loccode_upstream_cache_total',
    help: 'Lookups of cacheable upstream calls in the cross-request cache: result is hit, stale (served while refreshing) or miss.',
    labelNames: ['service', 'operation', 'result'] as const,
    registers: [this.registry],
  });
  readonly limiterWaits = new Counter({
    name: 'loccode_upstream_limiter_waits_total',
    help: "Upstream calls that waited for the gateway's own rate budget, by service and budget dimension.",
    labelNames: ['service', 'dimension'] as const,
    registers: [this.registry],
  });
  readonly circuitState = new Gauge({
    name: 'loccode_upstream_circuit_state',
    help: "State of an upstream's circuit breaker: 0 closed, 1 open, 2 half-open, 3 isolated.",
    labelNames: ['service'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'loccode_' });
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
