import type { Point } from '../../src/sandbox/geo/point';
import type { Street } from '../../src/sandbox/dataset/types';
import type { GraphQLResult, TestStack } from '../support/gateway';

/** The spec's example street loccode (Kano Municipal). */
export const KANO_STREET = 'KN3A 7QP';
/** Well-formed for the maps wire format (4 + space + 3) but issued to no street. */
export const UNISSUED_LOCCODE = 'ZZ9Z 9ZZ';
/** An area loccode: a valid loccode shape that the maps service does not take. */
export const KANO_AREA = 'KAN 700001';
/** Accra, Ghana: a real place outside the coverage area. */
export const ACCRA: Point = { latitude: 5.6037, longitude: -0.187 };

export function street(stack: TestStack, code: string): Street {
  const found = stack.sandbox.dataset.streetByCode.get(code);
  if (!found) throw new Error(`the dataset has no street ${code}`);
  return found;
}

/** A street of another state than Kano's, for routes of some length. */
export function otherStreet(stack: TestStack, state: string): Street {
  const found = stack.sandbox.dataset.streets.find((candidate) => candidate.state === state);
  if (!found) throw new Error(`the dataset has no street in ${state}`);
  return found;
}

/**
 * The `data` the maps service itself answers for a REST call, fetched directly with the
 * sandbox key in `X-Api-Key`: what the gateway's fields must equal once converted.
 */
export async function upstreamData(
  stack: TestStack,
  path: string,
  request: { query?: Record<string, string | number>; body?: unknown } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<any> {
  const search = new URLSearchParams(
    Object.entries(request.query ?? {}).map(([name, value]): [string, string] => [name, String(value)]),
  );
  const url = `${stack.sandbox.urls.maps}/sdk/v1/${path}${search.size > 0 ? `?${search}` : ''}`;
  const headers = { 'x-api-key': stack.sandbox.keys.maps };
  const response =
    request.body === undefined
      ? await stack.http.get(url, headers)
      : await stack.http.post(url, request.body, headers);
  if (response.status !== 200) throw new Error(`the sandbox answered ${response.status}: ${response.text}`);
  return response.json.data;
}

/** `[lng, lat]`, the service's response order, as our coordinates. */
export function fromLngLat([longitude, latitude]: number[]): Point {
  return { latitude: latitude!, longitude: longitude! };
}

/** Upstream calls of one maps operation since the log was last cleared. */
export function mapsCalls(stack: TestStack, operation: string): number {
  return stack.sandbox.controls.count({ service: 'maps', operation });
}

/** The one error at `path`, as a client reads it. */
export function errorAt(result: GraphQLResult, path: Array<string | number>) {
  const matching = (result.errors ?? []).filter(
    (error) => JSON.stringify(error.path) === JSON.stringify(path),
  );
  expect(matching).toHaveLength(1);
  return matching[0]!;
}
