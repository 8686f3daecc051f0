import type { FaultKind, FaultRule, SandboxControls } from './controls';
import { SERVICE_NAMES, type LimitSpec, type Reply, type ServiceName } from './types';
import { variantProblems, type Variants } from './variants';

const FAULT_KINDS: FaultKind[] = ['status', 'not-json', 'drop', 'hang'];

class ControlInputError extends Error {}

/**
 * `/__sandbox/...` on every sandbox port: the same switches as {@link SandboxControls},
 * for a sandbox running in another process (`npm run sandbox`, the benchmarks).
 */
export function handleControl(controls: SandboxControls, method: string, url: URL, rawBody: string): Reply {
  try {
    const action = `${method} ${url.pathname.slice('/__sandbox'.length)}`;
    switch (action) {
      case 'GET /requests': {
        const requests = controls.requests({
          service: optionalService(url.searchParams.get('service')),
          operation: url.searchParams.get('operation') ?? undefined,
        });
        return ok({ count: requests.length, requests });
      }
      case 'GET /counts':
        return ok(controls.counts());
      case 'DELETE /requests':
        controls.clearLog();
        return ok({ cleared: true });
      case 'PUT /latency': {
        const body = object(rawBody);
        const target = body.service === 'all' || body.service === undefined ? 'all' : service(body.service);
        controls.setLatency(target, {
          fixedMs: number(body.fixedMs, 'fixedMs'),
          jitterMs: number(body.jitterMs ?? 0, 'jitterMs'),
        });
        return ok({ latency: { service: target, fixedMs: body.fixedMs, jitterMs: body.jitterMs ?? 0 } });
      }
      case 'POST /faults':
        return ok({ id: controls.injectFault(faultRule(object(rawBody))) });
      case 'DELETE /faults':
        controls.clearFaults();
        return ok({ cleared: true });
      case 'PUT /rate-limits': {
        const body = object(rawBody);
        controls.setRateLimit(service(body.service), String(body.dimension), limitSpec(body.spec));
        return ok({ updated: true });
      }
      case 'GET /variants':
        return ok(controls.variants);
      case 'PUT /variants': {
        const body = object(rawBody);
        const problems = variantProblems(body);
        if (problems.length > 0) throw new ControlInputError(`${problems.join('; ')}.`);
        controls.setVariants(body as Partial<Variants>);
        return ok(controls.variants);
      }
      case 'POST /reset':
        controls.reset();
        return ok({ reset: true });
      default:
        return { status: 404, body: { error: `No sandbox control ${action}.` } };
    }
  } catch (error) {
    if (error instanceof ControlInputError) return { status: 400, body: { error: error.message } };
    throw error;
  }
}

function ok(body: unknown): Reply {
  return { status: 200, body };
}

function object(rawBody: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody || '{}');
  } catch {
    throw new ControlInputError('Body must be JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ControlInputError('Body must be a JSON object.');
  }
  return parsed as Record<string, unknown>;
}

function service(value: unknown): ServiceName {
  if (!SERVICE_NAMES.includes(value as ServiceName)) {
    throw new ControlInputError(`service must be one of ${SERVICE_NAMES.join(', ')}.`);
  }
  return value as ServiceName;
}

function optionalService(value: string | null): ServiceName | undefined {
  return value === null ? undefined : service(value);
}

function number(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new ControlInputError(`${name} must be a non-negative number.`);
  }
  return value;
}

function faultRule(body: Record<string, unknown>): FaultRule {
  if (!FAULT_KINDS.includes(body.kind as FaultKind)) {
    throw new ControlInputError(`kind must be one of ${FAULT_KINDS.join(', ')}.`);
  }
  return {
    service: service(body.service),
    kind: body.kind as FaultKind,
    ...(body.operation !== undefined && { operation: String(body.operation) }),
    ...(body.status !== undefined && { status: number(body.status, 'status') }),
    ...(body.code !== undefined && { code: String(body.code) }),
    ...(body.retryAfterSeconds !== undefined && {
      retryAfterSeconds: number(body.retryAfterSeconds, 'retryAfterSeconds'),
    }),
    ...(body.times !== undefined && { times: number(body.times, 'times') }),
    ...(body.echoRequest === true && { echoRequest: true }),
  };
}

function limitSpec(value: unknown): LimitSpec {
  const spec = (value ?? {}) as Record<string, unknown>;
  if (spec.kind === 'window') {
    return {
      kind: 'window',
      limit: number(spec.limit, 'spec.limit'),
      windowMs: number(spec.windowMs, 'spec.windowMs'),
    };
  }
  if (spec.kind === 'bucket') {
    return {
      kind: 'bucket',
      ratePerSecond: number(spec.ratePerSecond, 'spec.ratePerSecond'),
      burst: number(spec.burst, 'spec.burst'),
    };
  }
  throw new ControlInputError('spec.kind must be window or bucket.');
}
