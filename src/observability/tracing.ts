import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  context,
  isSpanContextValid,
  SamplingDecision,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import type { Sampler, SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace';
import { extractTraceContext, traceHeaders } from './trace-context';

const TRACER_NAME = 'loccode-graph';
/**
 * The API's no-op until {@link startTracing} sets the provider's own. Not the API's proxy:
 * a proxy keeps the first provider it found, so tracing stopped and started again
 * (tests do, with another sampler) would go on using a provider that was shut down.
 */
let tracer: Tracer = trace.getTracer(TRACER_NAME);
/**
 * Whether spans leave the process (an exporter is set). Without one, a span is only worth
 * making where its id travels: the HTTP request's, whose `traceparent` the upstream receives.
 */
let exporting = false;
/**
 * The provider's sampler and id generator, for request spans that are not exported: their
 * context is made directly (see {@link inRequestSpan}); undefined until tracing starts.
 */
let unexported:
  { sampler: Sampler; ids: { generateTraceId(): string; generateSpanId(): string } } | undefined;

/** OTEL_TRACES_SAMPLER's values (OpenTelemetry SDK environment variables specification). */
export const TRACE_SAMPLER_NAMES = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

/** `OTEL_TRACES_SAMPLER` and `OTEL_TRACES_SAMPLER_ARG` (the ratio, 0..1, read by the two `traceidratio` samplers). */
export interface TraceSampler {
  name: (typeof TRACE_SAMPLER_NAMES)[number];
  ratio: number;
}

/** The standard's defaults: follow the caller's decision, sample every request that comes without one. */
export const DEFAULT_TRACE_SAMPLER: TraceSampler = { name: 'parentbased_always_on', ratio: 1 };

export interface TracingConfig {
  /** OTLP/HTTP base URL; spans go to `<endpoint>/v1/traces`. */
  endpoint: string;
  serviceName: string;
}

/** What only tests set. */
export interface TracingOptions {
  /** Also receives every sampled span as it ends (an InMemorySpanExporter). */
  exporter?: SpanExporter;
}

export type StopTracing = () => Promise<void>;

/**
 * Trace context and spans. The provider is registered whether or not spans are exported, so
 * that a caller's `traceparent` is always continued and our upstream calls always carry one
 * (a request without one starts a new trace). Without OTEL_EXPORTER_OTLP_ENDPOINT the provider
 * has no processor: spans are made and dropped, and nothing is sent anywhere.
 */
export async function startTracing(
  tracing: TracingConfig | undefined,
  sampler: TraceSampler = DEFAULT_TRACE_SAMPLER,
  options: TracingOptions = {},
): Promise<StopTracing> {
  const [sdk, hooks] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/context-async-hooks'),
  ]);
  const processors: SpanProcessor[] = [];
  let resource;
  if (tracing) {
    // The exporter is loaded only when spans leave the process.
    const [{ OTLPTraceExporter }, { resourceFromAttributes }] = await Promise.all([
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
    const exporter = new OTLPTraceExporter({ url: `${tracing.endpoint}/v1/traces` });
    processors.push(new sdk.BatchSpanProcessor({ exporter }));
    resource = resourceFromAttributes({ 'service.name': tracing.serviceName });
  }
  if (options.exporter) processors.push(new sdk.SimpleSpanProcessor({ exporter: options.exporter }));
  const chosen = samplerOf(sdk, sampler);
  const provider = new sdk.TracerProvider({
    sampler: chosen,
    spanProcessors: processors,
    ...(resource && { resource }),
  });
  context.setGlobalContextManager(new hooks.AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  tracer = provider.getTracer(TRACER_NAME);
  exporting = processors.length > 0;
  unexported = { sampler: chosen, ids: new sdk.RandomIdGenerator() };
  return async () => {
    exporting = false;
    unexported = undefined;
    await provider.shutdown();
    trace.disable();
    context.disable();
    tracer = trace.getTracer(TRACER_NAME);
  };
}

function samplerOf(sdk: typeof import('@opentelemetry/sdk-trace'), { name, ratio }: TraceSampler): Sampler {
  const root = name.endsWith('always_off')
    ? new sdk.AlwaysOffSampler()
    : name.endsWith('traceidratio')
      ? new sdk.TraceIdRatioBasedSampler(ratio)
      : new sdk.AlwaysOnSampler();
  return name.startsWith('parentbased_') ? new sdk.ParentBasedSampler({ root }) : root;
}

/** The trace id of the request being served (for log lines), when it has one. */
export function currentTraceId(): string | undefined {
  const span = trace.getSpanContext(context.active());
  return span && isSpanContextValid(span) ? span.traceId : undefined;
}

/**
 * Serves one HTTP request inside its server span, a child of the caller's `traceparent`
 * when it sent a valid one. Everything the request does, refusals included, runs in it.
 * `route` is the `http.route` (e.g. `/graphql`); without one (probes, metrics scrapes, which
 * would only be noise) the request is served untraced.
 */
export function inRequestSpan<T>(
  req: IncomingMessage,
  res: ServerResponse,
  route: string | undefined,
  serve: () => Promise<T>,
): Promise<T> {
  if (!route) return serve();
  const pathname = (req.url ?? '/').split('?')[0]!;
  const method = req.method ?? 'GET';
  const attributes = { 'http.request.method': method, 'http.route': route, 'url.path': pathname };
  const parent = extractTraceContext(req.headers);
  // Nothing would record it: only its ids travel (to the access log, and as the upstream calls' parent).
  if (!exporting && unexported)
    return context.with(
      trace.setSpan(
        parent,
        unrecordedSpan(unexported, parent, `${method} ${route}`, SpanKind.SERVER, attributes),
      ),
      serve,
    );
  return tracer.startActiveSpan(
    `${method} ${route}`,
    { kind: SpanKind.SERVER, attributes },
    parent,
    async (span) => {
      try {
        return await serve();
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
        throw error;
      } finally {
        span.setAttribute('http.response.status_code', res.statusCode);
        // A server span is failed by a 5xx only (semantic conventions, HTTP spans); GraphQL errors below.
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
    },
  );
}

/**
 * The span the SDK's tracer would start (a request's, or an upstream request's), as it makes
 * it when no processor would see it: the parent's trace (or a new one), a new span id, the
 * sampler's decision in its flags. Without the span's own object, attributes and clock
 * readings, which only an exporter reads and which would be made on every request for nothing.
 */
function unrecordedSpan(
  { sampler, ids }: NonNullable<typeof unexported>,
  parent: Context,
  name: string,
  kind: SpanKind,
  attributes: Attributes,
): Span {
  const caller = trace.getSpanContext(parent);
  const child = caller !== undefined && isSpanContextValid(caller);
  const traceId = child ? caller.traceId : ids.generateTraceId();
  const decision = sampler.shouldSample(parent, traceId, name, kind, attributes, []);
  const traceState = decision.traceState ?? (child ? caller.traceState : undefined);
  const sampled = decision.decision === SamplingDecision.RECORD_AND_SAMPLED;
  return trace.wrapSpanContext({
    traceId,
    spanId: ids.generateSpanId(),
    traceFlags: sampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
    ...(traceState && { traceState }),
  });
}

/**
 * Names the request's span after its operation. Semantic conventions (GraphQL server spans):
 * `{type} {name}`, or the type alone when anonymous. Also for an answer from the response cache,
 * which the edge serves without Apollo.
 */
export function nameOperationSpan(
  type: string,
  operationName: string | null,
  documentHash: string | undefined,
): void {
  trace
    .getActiveSpan()
    ?.updateName(operationName ? `${type} ${operationName}` : type)
    .setAttributes({
      'graphql.operation.type': type,
      ...(operationName && { 'graphql.operation.name': operationName }),
      // SHA-256 of the document, as Apollo's usage reporting and the access log name it.
      'graphql.document.hash': documentHash,
    });
}

/** Marks the request's span failed: its answer holds errors. */
export function markOperationFailed(): void {
  trace.getActiveSpan()?.setStatus({ code: SpanStatusCode.ERROR });
}

/** What one upstream call span learns while it runs. */
interface CallState {
  attempts: number;
  pacingWaitMs: number;
}
const calls = new WeakMap<Span, CallState>();

/** The current upstream call's state; none when its span is not made or not recorded. */
function callState(): CallState | undefined {
  if (!exporting) return undefined;
  const span = trace.getActiveSpan();
  return span && calls.get(span);
}

/** The current upstream call's span, when it is recorded: what its attributes are set on. */
function recordedCallSpan(): Span | undefined {
  if (!exporting) return undefined;
  const span = trace.getActiveSpan();
  return span?.isRecording() ? span : undefined;
}

/** Whether spans are exported: then every upstream call, cache hits included, has its span (inUpstreamCallSpan). */
export function spansExported(): boolean {
  return exporting;
}

/**
 * One call of a datasource to its upstream, whatever answers it (cache, a shared flight, or
 * HTTP attempts, which become its children): the resolver group's span. Attributes:
 * `loccode.service`, `loccode.operation`, `loccode.cache.result` (hit, stale or miss; absent
 * when the operation is never cached), `loccode.upstream.attempts` and `loccode.upstream.retries`
 * (HTTP requests sent, and those beyond the first), `loccode.pacing.wait_ms`, `error.type`.
 *
 * Made only when spans are exported: its id travels nowhere (each HTTP request's own span
 * is the `traceparent` sent, and continues the same trace without it), and most calls are
 * cache hits. Attributes are set only on a span that is recorded (sampled).
 */
export function inUpstreamCallSpan<T>(service: string, operation: string, run: () => Promise<T>): Promise<T> {
  if (!exporting) return run();
  return tracer.startActiveSpan(
    `${service} ${operation}`,
    { kind: SpanKind.INTERNAL, attributes: { 'loccode.service': service, 'loccode.operation': operation } },
    (span) => (span.isRecording() ? recorded(span, run) : run().finally(() => span.end())),
  );
}

/** An upstream call in its recorded span, which learns its attempts, pacing and failure. */
async function recorded<T>(span: Span, run: () => Promise<T>): Promise<T> {
  const state: CallState = { attempts: 0, pacingWaitMs: 0 };
  calls.set(span, state);
  try {
    return await run();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
    span.setAttribute('error.type', typeof code === 'string' ? code : (error as Error).name);
    throw error;
  } finally {
    span.setAttributes({
      'loccode.upstream.attempts': state.attempts,
      'loccode.upstream.retries': Math.max(0, state.attempts - 1),
      'loccode.pacing.wait_ms': state.pacingWaitMs,
    });
    span.end();
  }
}

/** The cache's answer to the current upstream call (see UpstreamDiscipline). */
export function noteCacheResult(result: 'hit' | 'stale' | 'miss'): void {
  recordedCallSpan()?.setAttribute('loccode.cache.result', result);
}

/** The current upstream call joined an identical call in flight: its HTTP spans are under that call's span. */
export function noteJoinedFlight(): void {
  recordedCallSpan()?.setAttribute('loccode.upstream.shared_flight', true);
}

/** Time the pacer held an attempt of the current upstream call back (milliseconds, on the pacer's clock). */
export function notePacingWait(ms: number): void {
  const state = callState();
  if (state && ms > 0) state.pacingWaitMs += ms;
}

/** One HTTP request to an upstream, started before it is sent so that its `traceparent` names this span. */
export interface UpstreamRequestSpan {
  /** `traceparent` and `tracestate` to send. */
  headers: Record<string, string>;
  /** `status` is undefined when no answer came (`failure` then names why). */
  end(status: number | undefined, failure?: string): void;
}

/**
 * A CLIENT span per HTTP attempt (semantic conventions, HTTP client spans). `url` must hold no
 * credential: the caller passes the URL without the key (maps sends it as a query parameter).
 */
export function startUpstreamRequest(request: {
  service: string;
  operation: string;
  method: string;
  url: URL;
}): UpstreamRequestSpan {
  const state = callState();
  const resends = state ? state.attempts++ : 0;
  const { url } = request;
  // Nothing would record it: only its ids travel, as the upstream's traceparent.
  if (!exporting && unexported) {
    const ids = unrecordedSpan(unexported, context.active(), request.method, SpanKind.CLIENT, {});
    return { headers: traceHeaders(ids.spanContext()), end: () => undefined };
  }
  const span = tracer.startSpan(request.method, {
    kind: SpanKind.CLIENT,
    attributes: {
      'http.request.method': request.method,
      'server.address': url.hostname,
      'server.port': Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
      'url.full': url.href,
      'loccode.service': request.service,
      'loccode.operation': request.operation,
      ...(resends > 0 && { 'http.request.resend_count': resends }),
    },
  });
  return {
    headers: traceHeaders(span.spanContext()),
    end(status, failure) {
      if (status !== undefined) span.setAttribute('http.response.status_code', status);
      if (status === undefined || status >= 400) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.setAttribute('error.type', status === undefined ? (failure ?? 'no answer') : String(status));
      }
      span.end();
    },
  };
}
