import type { SandboxClock } from './clock';
import { RateLimits } from './rate-limits';
import type { LimitSpec, ServiceName } from './types';
import { DEFAULT_VARIANTS, type Variants } from './variants';

export interface Latency {
  fixedMs: number;
  /** Up to this many extra milliseconds, uniformly at random. */
  jitterMs: number;
}

export type FaultKind =
  /** Answer with `status` in the service's own error body (plus `Retry-After` when given). */
  | 'status'
  /** Answer 200 with an HTML body. */
  | 'not-json'
  /** Send headers and part of the body, then destroy the connection. */
  | 'drop'
  /** Never answer; the client's timeout has to end it. */
  | 'hang';

export interface FaultRule {
  service: ServiceName;
  /** Only this operation (e.g. `climate`); every operation when absent. */
  operation?: string;
  kind: FaultKind;
  status?: number;
  /** The error code of the body (e.g. maps `quota_exceeded`); the service's code for the status when absent. */
  code?: string;
  retryAfterSeconds?: number;
  /** Affect only the next `times` matching requests; forever when absent. */
  times?: number;
  /** Canary: copy the request URL and credentials into the error body, as a careless upstream might. */
  echoRequest?: boolean;
}

export interface LoggedRequest {
  seq: number;
  /** Epoch milliseconds when the request arrived, to a fraction of a millisecond. */
  at: number;
  service: ServiceName;
  /** Route operation, or `unknown` for an unmatched path. */
  operation: string;
  method: string;
  path: string;
  /** Query parameters, with any `key` parameter left out. */
  query: Record<string, string>;
  status: number;
  outcome: 'ok' | 'error' | 'unauthorized' | 'rate-limited' | `fault:${FaultKind}`;
  keyName?: string;
  /** Whether the request declared `Content-Type: application/json` (agriculture asks for it on every call). */
  jsonContentType: boolean;
  /** Until its answer was sent, in milliseconds (fractional). */
  durationMs: number;
  /** W3C Trace Context headers as received, when the request carried them (tests read the caller's trace). */
  traceparent?: string;
  tracestate?: string;
}

export interface RequestFilter {
  service?: ServiceName;
  operation?: string;
  outcome?: LoggedRequest['outcome'];
}

const LOG_CAPACITY = 20_000;

/**
 * The sandbox's switches, shared by its four services: latency, faults,
 * rate-limit sizes, the variant forms of its answers, and the request log with its counters.
 */
export class SandboxControls {
  readonly rateLimits: RateLimits;
  private currentVariants: Variants = { ...DEFAULT_VARIANTS };
  private readonly latency = new Map<ServiceName, Latency>();
  private faults: Array<FaultRule & { id: number }> = [];
  private readonly limitOverrides = new Map<string, LimitSpec>();
  private log: LoggedRequest[] = [];
  private readonly counters = new Map<string, number>();
  private seq = 0;
  private faultSeq = 0;

  /** `clock`: what the rate limits count in (the system's time unless a test passes its own). */
  constructor(clock?: SandboxClock) {
    this.rateLimits = new RateLimits(clock);
  }

  setLatency(service: ServiceName | 'all', latency: Latency): void {
    const services: ServiceName[] =
      service === 'all' ? ['agriculture', 'maps', 'healthcare', 'address'] : [service];
    for (const name of services) this.latency.set(name, latency);
  }

  delayFor(service: ServiceName): number {
    const latency = this.latency.get(service);
    if (!latency) return 0;
    return latency.fixedMs + Math.random() * latency.jitterMs;
  }

  injectFault(rule: FaultRule): number {
    const id = ++this.faultSeq;
    this.faults.push({ ...rule, id });
    return id;
  }

  clearFaults(): void {
    this.faults = [];
  }

  /** The first rule that applies to this request, counting it down. */
  takeFault(service: ServiceName, operation: string): FaultRule | undefined {
    const rule = this.faults.find(
      (f) => f.service === service && (f.operation === undefined || f.operation === operation),
    );
    if (!rule) return undefined;
    if (rule.times !== undefined) {
      rule.times -= 1;
      if (rule.times <= 0) this.faults = this.faults.filter((f) => f !== rule);
    }
    return rule;
  }

  /** Resize one rate-limit dimension (tests make them small). Existing limiter state is dropped. */
  setRateLimit(service: ServiceName, dimension: string, spec: LimitSpec): void {
    this.limitOverrides.set(`${service}/${dimension}`, spec);
    this.rateLimits.reset();
  }

  limitFor(service: ServiceName, dimension: string, documented: LimitSpec): LimitSpec {
    return this.limitOverrides.get(`${service}/${dimension}`) ?? documented;
  }

  /** The forms the services answer in now (README, Variants). */
  get variants(): Readonly<Variants> {
    return this.currentVariants;
  }

  /** Sets some variants; the others keep their current value. */
  setVariants(variants: Partial<Variants>): void {
    this.currentVariants = { ...this.currentVariants, ...variants };
  }

  nextSeq(): number {
    return ++this.seq;
  }

  record(entry: LoggedRequest): void {
    this.log.push(entry);
    if (this.log.length > LOG_CAPACITY) this.log.splice(0, this.log.length - LOG_CAPACITY);
    const key = `${entry.service}/${entry.operation}`;
    this.counters.set(key, (this.counters.get(key) ?? 0) + 1);
  }

  requests(filter: RequestFilter = {}): LoggedRequest[] {
    return this.log.filter(
      (r) =>
        (filter.service === undefined || r.service === filter.service) &&
        (filter.operation === undefined || r.operation === filter.operation) &&
        (filter.outcome === undefined || r.outcome === filter.outcome),
    );
  }

  /** Requests received per `service/operation`, since the last reset (not bounded like the log). */
  counts(): Record<string, number> {
    return Object.fromEntries([...this.counters.entries()].sort(([a], [b]) => a.localeCompare(b)));
  }

  count(filter: RequestFilter = {}): number {
    return this.requests(filter).length;
  }

  clearLog(): void {
    this.log = [];
    this.counters.clear();
  }

  /** Back to the state of a fresh sandbox: no latency, faults, overrides, log or spent limits; default variants. */
  reset(): void {
    this.currentVariants = { ...DEFAULT_VARIANTS };
    this.latency.clear();
    this.clearFaults();
    this.limitOverrides.clear();
    this.rateLimits.reset();
    this.clearLog();
  }
}
