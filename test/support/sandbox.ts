import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox';
import type { FaultRule } from '../../src/sandbox/kit/controls';

/** A fixed clock: bodies with timestamps are the same in every run. */
export const FIXED_NOW = new Date('2026-07-15T10:00:00.000Z');

export function startTestSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ now: () => FIXED_NOW, ...options });
}

/**
 * Starts `harness.sandbox` for the suite and closes it (and `http`) after. Each test starts with
 * a fresh rate-limit allowance and no faults.
 */
export function useSuiteSandbox(harness: { sandbox: Sandbox }, http: { close(): Promise<void> }): void {
  beforeAll(async () => {
    harness.sandbox = await startTestSandbox();
  });
  afterEach(() => harness.sandbox.controls.reset());
  afterAll(async () => {
    await http.close();
    await harness.sandbox.close();
  });
}

/** Makes `operation` of `service` (every operation when undefined) answer an error status, as `fault` says. */
export function failWithStatus(
  controls: Sandbox['controls'],
  service: FaultRule['service'],
  operation: string | undefined,
  fault: Omit<FaultRule, 'service' | 'operation' | 'kind'>,
): number {
  return controls.injectFault({
    service,
    ...(operation === undefined ? {} : { operation }),
    kind: 'status',
    ...fault,
  });
}

/** None of an upstream's own error text reached `text`: not its key, not its URL, not the sandbox's failure message. */
export function expectNoUpstreamEcho(
  text: string,
  sandbox: Sandbox,
  service: keyof Sandbox['urls'] & keyof Sandbox['keys'],
): void {
  expect(text).not.toContain(sandbox.keys[service]);
  expect(text).not.toContain(sandbox.urls[service]);
  expect(text).not.toContain('Injected failure');
}
