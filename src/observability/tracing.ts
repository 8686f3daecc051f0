import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { ApolloServerPlugin } from '@apollo/server';

/** The API's no-op until {@link startTracing} registers a provider: a span then costs one function call. */
const tracer = trace.getTracer('loccode-graph');

export interface TracingConfig {
  /** OTLP/HTTP base URL; spans go to `<endpoint>/v1/traces`. */
  endpoint: string;
  serviceName: string;
}

export type StopTracing = () => Promise<void>;

/**
 * OpenTelemetry spans over OTLP/HTTP when configured (`OTEL_EXPORTER_OTLP_ENDPOINT`).
 * The SDK is loaded only then, so tracing left off costs nothing at start and
 * next to nothing per request.
 */
export async function startTracing(tracing: TracingConfig | undefined): Promise<StopTracing | undefined> {
  if (!tracing) return undefined;
  const [{ TracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }, hooks] =
    await Promise.all([
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/context-async-hooks'),
    ]);
  const exporter = new OTLPTraceExporter({ url: `${tracing.endpoint}/v1/traces` });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': tracing.serviceName }),
    spanProcessors: [new BatchSpanProcessor({ exporter })],
  });
  context.setGlobalContextManager(new hooks.AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  return async () => {
    await provider.shutdown();
    trace.disable();
    context.disable();
  };
}

/** Runs one GraphQL request inside its span, so that its upstream calls become child spans. */
export function inRequestSpan<T>(serve: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan('graphql request', { kind: SpanKind.SERVER }, async (span) => {
    try {
      return await serve();
    } finally {
      span.end();
    }
  });
}

/** Names the request's span after its operation and marks it failed when the response has errors. */
export function tracingPlugin<Context extends object>(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operationName, operation }) {
          const type = operation?.operation ?? 'query';
          const name = operationName ?? 'anonymous';
          trace
            .getActiveSpan()
            ?.updateName(`${type} ${name}`)
            .setAttributes({ 'graphql.operation.type': type, 'graphql.operation.name': name });
        },
        async willSendResponse({ response }) {
          const errors = response.body.kind === 'single' ? (response.body.singleResult.errors ?? []) : [];
          if (errors.length > 0) trace.getActiveSpan()?.setStatus({ code: SpanStatusCode.ERROR });
        },
      };
    },
  };
}

/** A finished HTTP exchange with an upstream, as a child of the request's span. */
export function recordUpstreamSpan(
  service: string,
  operation: string,
  status: number | undefined,
  startedAt: number,
): void {
  const span = tracer.startSpan(`${service} ${operation}`, {
    kind: SpanKind.CLIENT,
    startTime: startedAt,
    attributes: {
      'loccode.service': service,
      'loccode.operation': operation,
      ...(status !== undefined && { 'http.response.status_code': status }),
    },
  });
  if (status === undefined || status >= 400) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}
