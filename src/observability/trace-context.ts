import type { IncomingHttpHeaders } from 'node:http';
import {
  createTraceState,
  isSpanContextValid,
  ROOT_CONTEXT,
  trace,
  type Context,
  type SpanContext,
} from '@opentelemetry/api';

/**
 * W3C Trace Context (Level 1, section 3.2) `traceparent`: version, trace id, parent id, flags,
 * lower-case hex. Later versions may append fields after a `-`; version `ff` is invalid.
 */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/**
 * The caller's span as the parent of what we do, or the root context when the request has no
 * valid `traceparent` (then `tracestate` is ignored too, as the spec says). Written here with the
 * API alone rather than with @opentelemetry/core's propagator, which is not one of our dependencies.
 */
export function extractTraceContext(headers: IncomingHttpHeaders): Context {
  const parent = parseTraceparent(headers.traceparent);
  if (!parent) return ROOT_CONTEXT;
  const state = headers.tracestate;
  const raw = Array.isArray(state) ? state.join(',') : state;
  // createTraceState drops malformed members and keeps at most 32 (section 3.3).
  const traceState = raw ? createTraceState(raw) : undefined;
  return trace.setSpanContext(ROOT_CONTEXT, { ...parent, isRemote: true, ...(traceState && { traceState }) });
}

/** `traceparent` (and `tracestate` when there is one) naming `span` as the parent of the receiver's work. */
export function traceHeaders(span: SpanContext): Record<string, string> {
  if (!isSpanContextValid(span)) return {};
  const flags = (span.traceFlags & 0xff).toString(16).padStart(2, '0');
  const state = span.traceState?.serialize();
  return {
    traceparent: `00-${span.traceId}-${span.spanId}-${flags}`,
    ...(state && { tracestate: state }),
  };
}

function parseTraceparent(value: string | string[] | undefined): SpanContext | undefined {
  // Two traceparent headers make the request's context ambiguous: ignored (Node would join them with ", ").
  if (typeof value !== 'string') return undefined;
  const match = TRACEPARENT.exec(value.trim());
  if (!match) return undefined;
  const [, version, traceId, spanId, flags, rest] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string?,
  ];
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  const context: SpanContext = { traceId, spanId, traceFlags: parseInt(flags, 16) };
  // All-zero ids are invalid (sections 3.2.2.3 and 3.2.2.4).
  return isSpanContextValid(context) ? context : undefined;
}
