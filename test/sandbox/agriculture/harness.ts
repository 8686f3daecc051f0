import type { Sandbox } from '../../../src/sandbox';
import type { Area, Street } from '../../../src/sandbox/dataset/types';
import { TestHttp, type HttpResponse } from '../../support/http';
import { useSuiteSandbox } from '../../support/sandbox';
import { shapeErrors } from '../../support/shape';
import { ERROR_BODY } from './shapes';

export interface AgricultureHarness {
  sandbox: Sandbox;
  /** GET a path under /api/v1 with a query, sent with the agriculture key and a JSON content type. */
  get(path: string, query: Record<string, string>, headers?: Record<string, string>): Promise<HttpResponse>;
  /** GET a path and query under /api/v1 exactly as written (no encoding added). */
  getRaw(pathAndQuery: string, headers?: Record<string, string>): Promise<HttpResponse>;
  /** POST a body (serialised unless a string) to a path under /api/v1. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<HttpResponse>;
  send(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    pathAndQuery: string,
    headers?: Record<string, string>,
  ): Promise<HttpResponse>;
}

/**
 * Starts a sandbox (fixed clock) for the suite and closes it after. Each test starts with
 * a fresh rate-limit allowance and no faults, so the documented 60 per minute stays in force.
 */
export function useAgricultureSandbox(): AgricultureHarness {
  const http = new TestHttp();
  const base = (): string => `${harness.sandbox.urls.agriculture}/api/v1`;
  const harness: AgricultureHarness = {
    sandbox: undefined as unknown as Sandbox,
    get: (path, query, headers) => harness.getRaw(`${path}?${new URLSearchParams(query)}`, headers),
    getRaw: (pathAndQuery, headers = agricultureHeaders(harness.sandbox)) =>
      http.get(`${base()}${pathAndQuery}`, headers),
    post: (path, body, headers = agricultureHeaders(harness.sandbox)) =>
      http.post(`${base()}${path}`, body, headers),
    send: (method, pathAndQuery, headers = agricultureHeaders(harness.sandbox)) =>
      http.send(method, `${base()}${pathAndQuery}`, headers),
  };
  useSuiteSandbox(harness, http);
  return harness;
}

/** Spec "Endpoints": every request carries the bearer key and a JSON content type, GET included. */
export function agricultureHeaders(sandbox: Sandbox): Record<string, string> {
  return { authorization: `Bearer ${sandbox.keys.agriculture}`, 'content-type': 'application/json' };
}

export const PATHS = {
  climate: '/data/climate/by-loccode',
  pests: '/monitoring/pests/by-loccode',
  yield: '/predict/yield/by-loccode',
  supply: '/logistics/supply',
} as const;

/** Asserts a spec error: status, code and the `{error: {code, message, details?}}` body. */
export function expectError(res: HttpResponse, status: number, code: string): void {
  expect({ status: res.status, code: res.json?.error?.code }).toEqual({ status, code });
  expect(shapeErrors(res.json, ERROR_BODY)).toEqual([]);
  expect(res.json.error.message).not.toBe('');
}

/** The display form the service echoes in some places (spec: hyphen instead of the space). */
export function displayForm(code: string): string {
  return code.replace(' ', '-');
}

export function areaOf(sandbox: Sandbox, state: string): Area {
  const area = sandbox.dataset.areas.find((candidate) => candidate.state === state);
  if (!area) throw new Error(`no area loccode for ${state} in the dataset`);
  return area;
}

/** A street in the same state and LGA as the area: "the same area" for supply. */
export function streetInAreaOf(sandbox: Sandbox, area: Area): Street {
  const street = sandbox.dataset.streets.find((s) => s.state === area.state && s.lga === area.lga);
  if (!street) throw new Error(`no street in ${area.lga}, ${area.state}`);
  return street;
}

/** A street of the state outside the area's LGA. */
export function streetOutsideAreaOf(sandbox: Sandbox, area: Area): Street {
  const street = sandbox.dataset.streets.find((s) => s.state === area.state && s.lga !== area.lga);
  if (!street) throw new Error(`no street outside ${area.lga}, ${area.state}`);
  return street;
}
