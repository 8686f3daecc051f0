import type { Sandbox } from '../../src/sandbox';
import type { Street } from '../../src/sandbox/dataset/types';
import type { GraphQLResult, TestStack } from '../support/gateway';
import type { HttpResponse } from '../support/http';
import { agricultureHeaders, PATHS } from '../sandbox/agriculture/harness';

export { areaOf, PATHS, streetInAreaOf } from '../sandbox/agriculture/harness';

/** The first street loccode of a state, e.g. `KN.. ...` for Kano. */
export function streetOf(sandbox: Sandbox, state: string): Street {
  const street = sandbox.dataset.streets.find((candidate) => candidate.state === state);
  if (!street) throw new Error(`no street in ${state}`);
  return street;
}

/** What the agriculture service itself answers to a GET, to compare the graph against. */
export function sandboxGet(
  stack: TestStack,
  path: (typeof PATHS)[keyof typeof PATHS],
  query: Record<string, string>,
): Promise<HttpResponse> {
  const url = `${stack.sandbox.urls.agriculture}/api/v1${path}?${new URLSearchParams(query)}`;
  return stack.http.get(url, agricultureHeaders(stack.sandbox));
}

export function sandboxPost(stack: TestStack, path: string, body: unknown): Promise<HttpResponse> {
  return stack.http.post(
    `${stack.sandbox.urls.agriculture}/api/v1${path}`,
    body,
    agricultureHeaders(stack.sandbox),
  );
}

/** Upstream calls of one agriculture operation since the log was last cleared. */
export function callsTo(stack: TestStack, operation: 'climate' | 'pests' | 'yield' | 'supply'): number {
  return stack.sandbox.controls.count({ service: 'agriculture', operation });
}

/** The one error at `path`, checked to be ours: the code given, from the agriculture service. */
export function expectFieldError(
  result: GraphQLResult,
  path: Array<string | number>,
  code: string,
): { message: string; extensions?: Record<string, unknown> } {
  const atPath = (result.errors ?? []).filter((error) => JSON.stringify(error.path) === JSON.stringify(path));
  expect(atPath).toHaveLength(1);
  const [error] = atPath;
  expect(error!.extensions).toMatchObject({ code, service: 'agriculture' });
  return error!;
}
