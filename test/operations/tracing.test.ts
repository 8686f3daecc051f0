import { failWithStatus } from '../support/sandbox';
import { createHash } from 'node:crypto';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { startTracing, type StopTracing, type TraceSampler } from '../../src/observability/tracing';
import { SANDBOX_KEYS } from '../../src/sandbox/keys';
import type { LoggedRequest } from '../../src/sandbox/kit/controls';
import { SINGLE_REQUEST_DISCIPLINE, useTestStack, type TestStack } from '../support/gateway';

// A caller's span (the W3C Trace Context spec's own example ids).
const CLIENT_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN = '00f067aa0ba902b7';
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

const CLIMATE = 'query Climate { loccode(code: "KN3A 7QP") { climate { state } } }';
const ADDRESS = 'query Address { loccode(code: "KN3A 7QP") { address { streetName } } }';
/** One field per upstream service: agriculture, maps, address, healthcare. */
const FOUR_SERVICES = `query Everything { loccode(code: "KN3A 7QP") {
  climate { state } street { name } address { streetName } healthcareAccess { accessScore } } }`;

const ON: TraceSampler = { name: 'parentbased_always_on', ratio: 1 };

/** Tracing for one test, with its sampler; spans end up in `exporter` unless `exportOff`. */
function useTracing() {
  let stop: StopTracing | undefined;
  // A fresh one per test: stopping tracing shuts the exporter down for good.
  let exporter = new InMemorySpanExporter();
  afterEach(async () => {
    await stop?.();
    stop = undefined;
    exporter = new InMemorySpanExporter();
  });
  return {
    get exporter() {
      return exporter;
    },
    start: async (sampler: TraceSampler = ON, exportOff = false) => {
      stop = await startTracing(undefined, sampler, exportOff ? {} : { exporter });
    },
    stop: async () => {
      await stop?.();
      stop = undefined;
    },
  };
}

function post(stack: TestStack, query: string, headers: Record<string, string> = {}) {
  return stack.http.post(stack.app.url, { query }, headers);
}

/** The trace id and parent span id of each upstream request the sandbox received. */
function received(requests: LoggedRequest[]) {
  return requests.map(({ service, traceparent }) => {
    const [, traceId, parentId, flags] = TRACEPARENT.exec(traceparent ?? '') ?? [];
    return { service, traceId, parentId, flags };
  });
}

const byKind = (spans: ReadableSpan[], kind: SpanKind) => spans.filter((span) => span.kind === kind);
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('trace context and spans', () => {
  const stack = useTestStack();
  const tracing = useTracing();

  it("continues the caller's traceparent on every upstream call of the request, under our spans", async () => {
    await tracing.start();
    const response = await post(stack, FOUR_SERVICES, {
      traceparent: `00-${CLIENT_TRACE}-${CLIENT_SPAN}-01`,
      tracestate: 'vendor=abc',
    });
    expect(response.json.errors).toBeUndefined();
    const requests = stack.sandbox.controls.requests();
    expect(new Set(requests.map((r) => r.service))).toEqual(
      new Set(['agriculture', 'maps', 'address', 'healthcare']),
    );
    for (const call of received(requests)) {
      expect(call).toMatchObject({ traceId: CLIENT_TRACE, flags: '01' });
      expect(call.parentId).not.toBe(CLIENT_SPAN);
    }
    expect(requests.every((r) => r.tracestate === 'vendor=abc')).toBe(true);
    // Each upstream request names its own HTTP span as parent.
    const clientSpans = byKind(tracing.exporter.getFinishedSpans(), SpanKind.CLIENT);
    expect(new Set(received(requests).map((r) => r.parentId))).toEqual(
      new Set(clientSpans.map((span) => span.spanContext().spanId)),
    );
  });

  it('still continues the trace when no span is exported', async () => {
    await tracing.start(ON, true);
    await post(stack, CLIMATE, { traceparent: `00-${CLIENT_TRACE}-${CLIENT_SPAN}-01` });
    const calls = received(stack.sandbox.controls.requests());
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.traceId).toBe(CLIENT_TRACE);
    expect(tracing.exporter.getFinishedSpans()).toEqual([]);
  });

  it('without an exporter, still passes the tracestate on, and the sampler still sets the flags', async () => {
    await tracing.start(ON, true);
    await post(stack, FOUR_SERVICES, {
      traceparent: `00-${CLIENT_TRACE}-${CLIENT_SPAN}-01`,
      tracestate: 'vendor=abc',
    });
    const requests = stack.sandbox.controls.requests();
    const calls = received(requests);
    expect(calls).toHaveLength(4);
    for (const call of calls) expect(call).toMatchObject({ traceId: CLIENT_TRACE, flags: '01' });
    // Each upstream request is its own span: a parent id of its own, never the caller's.
    const parents = calls.map((call) => call.parentId);
    for (const parent of parents) expect(parent).toMatch(/^(?!0{16})[0-9a-f]{16}$/);
    expect(new Set([...parents, CLIENT_SPAN]).size).toBe(5);
    expect(requests.every((request) => request.tracestate === 'vendor=abc')).toBe(true);
    await tracing.stop();
    await tracing.start({ name: 'always_off', ratio: 1 }, true);
    await post(stack, ADDRESS, { traceparent: `00-${CLIENT_TRACE}-${CLIENT_SPAN}-01` });
    await post(stack, ADDRESS.replace('KN3A 7QP', 'RI7T 6UV'));
    const [followed, started] = received(stack.sandbox.controls.requests({ service: 'address' })).slice(-2);
    expect(followed).toMatchObject({ traceId: CLIENT_TRACE, flags: '00' });
    expect(started!.traceId).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
    expect(started).toMatchObject({ flags: '00' });
    expect(started!.traceId).not.toBe(CLIENT_TRACE);
  });

  it('starts a new trace when the traceparent is missing or malformed (all-zero trace id)', async () => {
    await tracing.start();
    await post(stack, CLIMATE, { traceparent: `00-${'0'.repeat(32)}-${CLIENT_SPAN}-01` });
    await post(stack, CLIMATE);
    const [malformed, missing] = received(stack.sandbox.controls.requests({ operation: 'climate' }));
    for (const call of [malformed!, missing!]) expect(call.traceId).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
    expect(malformed!.traceId).not.toBe(missing!.traceId);
    const servers = byKind(tracing.exporter.getFinishedSpans(), SpanKind.SERVER);
    expect(servers.map((span) => span.parentSpanContext)).toEqual([undefined, undefined]);
  });

  it('spans the operation, each upstream call and its HTTP request, with their attributes', async () => {
    await tracing.start();
    await post(stack, CLIMATE, { traceparent: `00-${CLIENT_TRACE}-${CLIENT_SPAN}-01` });
    const spans = tracing.exporter.getFinishedSpans();
    const [operation] = byKind(spans, SpanKind.SERVER);
    expect(operation!.name).toBe('query Climate');
    expect(operation!.spanContext().traceId).toBe(CLIENT_TRACE);
    expect(parentOf(operation!)).toBe(CLIENT_SPAN);
    expect(operation!.attributes).toMatchObject({
      'graphql.operation.type': 'query',
      'graphql.operation.name': 'Climate',
      'graphql.document.hash': createHash('sha256').update(CLIMATE).digest('hex'),
      'http.request.method': 'POST',
      'http.route': '/graphql',
      'http.response.status_code': 200,
    });
    const call = spans.find((span) => span.name === 'agriculture climate')!;
    expect(parentOf(call)).toBe(operation!.spanContext().spanId);
    expect(call.attributes).toMatchObject({
      'loccode.service': 'agriculture',
      'loccode.operation': 'climate',
      'loccode.upstream.attempts': 1,
      'loccode.upstream.retries': 0,
    });
    const http = byKind(spans, SpanKind.CLIENT).filter(
      (span) => parentOf(span) === call.spanContext().spanId,
    );
    expect(http).toHaveLength(1);
    expect(http[0]!.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.response.status_code': 200,
      'server.address': '127.0.0.1',
      'loccode.service': 'agriculture',
    });
    // The spec's path for climate, without any key (agriculture sends it as a header anyway).
    expect(String(http[0]!.attributes['url.full'])).toContain('/api/v1/data/climate/by-loccode');
    const everything = JSON.stringify(spans.map((span) => span.attributes));
    for (const key of Object.values(SANDBOX_KEYS)) expect(everything).not.toContain(key);
  });

  it('traces a map asset request, whose key (a query parameter upstream) stays out of the span', async () => {
    await tracing.start();
    const origin = new URL(stack.app.url).origin;
    const response = await stack.http.get(`${origin}/maps/wordmark.json`, {
      traceparent: `00-${CLIENT_TRACE}-${CLIENT_SPAN}-01`,
    });
    expect(response.status).toBe(200);
    const [call] = received(stack.sandbox.controls.requests({ service: 'maps' }));
    expect(call!.traceId).toBe(CLIENT_TRACE);
    const spans = tracing.exporter.getFinishedSpans();
    expect(byKind(spans, SpanKind.SERVER)[0]!.attributes['http.route']).toBe('/maps/*');
    const everything = JSON.stringify(spans.map((span) => span.attributes));
    expect(everything).not.toContain(SANDBOX_KEYS.maps);
  });

  it('always_off exports nothing, and the upstream still hears the trace id (not sampled)', async () => {
    await tracing.start({ name: 'always_off', ratio: 1 });
    await post(stack, CLIMATE, { traceparent: `00-${CLIENT_TRACE}-${CLIENT_SPAN}-01` });
    const calls = received(stack.sandbox.controls.requests());
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call).toMatchObject({ traceId: CLIENT_TRACE, flags: '00' });
    expect(tracing.exporter.getFinishedSpans()).toEqual([]);
  });

  it('traceidratio 0 exports nothing for a request that starts a trace', async () => {
    await tracing.start({ name: 'traceidratio', ratio: 0 });
    await post(stack, CLIMATE);
    expect(received(stack.sandbox.controls.requests())[0]!.flags).toBe('00');
    expect(tracing.exporter.getFinishedSpans()).toEqual([]);
  });

  it("parentbased_traceidratio 0 follows a sampled caller's decision", async () => {
    await tracing.start({ name: 'parentbased_traceidratio', ratio: 0 });
    await post(stack, CLIMATE, { traceparent: `00-${CLIENT_TRACE}-${CLIENT_SPAN}-01` });
    expect(byKind(tracing.exporter.getFinishedSpans(), SpanKind.SERVER)).toHaveLength(1);
  });
});

describe('upstream call spans with the cache and retries on', () => {
  const stack = useTestStack({
    ...SINGLE_REQUEST_DISCIPLINE,
    UPSTREAM_CACHE: 'on',
    UPSTREAM_MAX_ATTEMPTS: '2',
  });
  const tracing = useTracing();

  it('shows a retry with its count, then a cache hit without any HTTP request', async () => {
    await tracing.start();
    failWithStatus(stack.sandbox.controls, 'agriculture', 'climate', { status: 503, times: 1 });
    expect((await post(stack, CLIMATE)).json.errors).toBeUndefined();
    expect((await post(stack, CLIMATE)).json.errors).toBeUndefined();
    expect(stack.sandbox.controls.count({ service: 'agriculture', operation: 'climate' })).toBe(2);

    const spans = tracing.exporter.getFinishedSpans();
    const [first, second] = spans.filter((span) => span.name === 'agriculture climate');
    expect(first!.attributes).toMatchObject({
      'loccode.cache.result': 'miss',
      'loccode.upstream.attempts': 2,
      'loccode.upstream.retries': 1,
    });
    const attempts = byKind(spans, SpanKind.CLIENT).filter(
      (span) => parentOf(span) === first!.spanContext().spanId,
    );
    expect(attempts.map((span) => span.attributes['http.response.status_code'])).toEqual([503, 200]);
    expect(attempts[1]!.attributes['http.request.resend_count']).toBe(1);
    expect(second!.attributes).toMatchObject({
      'loccode.cache.result': 'hit',
      'loccode.upstream.attempts': 0,
    });
    expect(
      byKind(spans, SpanKind.CLIENT).filter((span) => parentOf(span) === second!.spanContext().spanId),
    ).toEqual([]);
  });
});
