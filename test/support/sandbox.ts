import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox';

/** A fixed clock: bodies with timestamps are the same in every run. */
export const FIXED_NOW = new Date('2026-07-15T10:00:00.000Z');

export function startTestSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ now: () => FIXED_NOW, ...options });
}
