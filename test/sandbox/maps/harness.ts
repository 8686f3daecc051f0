import { distanceMeters, type Point } from '../../../src/sandbox/geo/point';
import type { Sandbox } from '../../../src/sandbox';
import type { Street } from '../../../src/sandbox/dataset/types';
import { TestHttp, type HttpResponse } from '../../support/http';
import { useSuiteSandbox } from '../../support/sandbox';
import { shapeErrors } from '../../support/shape';
import { FAILURE_BODY } from './shapes';

/** The spec's example street loccode (Kano Municipal). */
export const KANO_STREET = 'KN3A 7QP';
/** Well-formed (4 + space + 3) but issued to no street. */
export const UNISSUED_LOCCODE = 'ZZ9Z 9ZZ';
/** Spec, Map display: bottom-left by default; the other corners allowed; never removed. */
export const WORDMARK_POSITIONS = ['bottom-left', 'top-left', 'top-right', 'bottom-right'];
/** Accra, Ghana: a real place outside the coverage area. */
export const ACCRA: Point = { latitude: 5.6037, longitude: -0.187 };

export interface BinaryResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface MapsHarness {
  sandbox: Sandbox;
  /** GET `{api_base_url}/sdk/v1/<path>` with the TEST key in X-Api-Key unless `headers` is given. */
  get(
    path: string,
    query?: Record<string, string | number>,
    headers?: Record<string, string>,
  ): Promise<HttpResponse>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<HttpResponse>;
  /** GET an absolute URL exactly as written (display resources put the key in it themselves). */
  getUrl(url: string, headers?: Record<string, string>): Promise<HttpResponse>;
  /** GET an absolute URL and keep the body as bytes (tiles, sprites, glyphs). */
  getBytes(url: string): Promise<BinaryResponse>;
  /** `{map_host}<path>?key=<TEST key>` (plus `&extra`). */
  mapUrl(path: string, extra?: string): string;
  street(code: string): Street;
}

/** Starts a sandbox for the suite (closed after it); switches are reset after every test. */
export function useMapsSandbox(): MapsHarness {
  const http = new TestHttp();
  const keyHeader = (): Record<string, string> => ({ 'x-api-key': harness.sandbox.keys.maps });
  const harness: MapsHarness = {
    sandbox: undefined as unknown as Sandbox,
    get: (path, query = {}, headers = keyHeader()) => {
      const search = new URLSearchParams(
        Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
      );
      const suffix = search.size > 0 ? `?${search}` : '';
      return http.get(`${harness.sandbox.urls.maps}/sdk/v1/${path}${suffix}`, headers);
    },
    post: (path, body, headers = keyHeader()) =>
      http.post(`${harness.sandbox.urls.maps}/sdk/v1/${path}`, body, headers),
    getUrl: (url, headers = {}) => http.get(url, headers),
    getBytes: async (url) => {
      const { status, headers, bytes } = await http.get(url);
      return { status, headers, body: bytes };
    },
    mapUrl: (path, extra) =>
      `${harness.sandbox.urls.mapHost}${path}?key=${harness.sandbox.keys.maps}${extra === undefined ? '' : `&${extra}`}`,
    street: (code) => {
      const street = harness.sandbox.dataset.streetByCode.get(code);
      if (!street) throw new Error(`the dataset has no street ${code}`);
      return street;
    },
  };
  useSuiteSandbox(harness, http);
  return harness;
}

/** Spec, Errors: `{status: false, code, message}` and the HTTP status of the table. */
export function expectFailure(res: HttpResponse, status: number, code: string): void {
  expect({ status: res.status, code: res.json?.code }).toEqual({ status, code });
  expect(shapeErrors(res.json, FAILURE_BODY)).toEqual([]);
  expect(res.json.status).toBe(false);
  expect(res.json.message).not.toBe('');
}

/** Spec, Envelope: `status` is the JSON boolean true, `message` is empty on success. */
export function expectSuccess(res: HttpResponse): void {
  expect({ status: res.status, body: res.status === 200 ? 'ok' : res.text }).toEqual({
    status: 200,
    body: 'ok',
  });
  expect(res.json.status).toBe(true);
  expect(res.json.message).toBe('');
  expect('data' in res.json).toBe(true);
}

/** `[lng, lat]` (response convention) as a point. */
export function fromLngLat([longitude, latitude]: [number, number]): Point {
  return { latitude, longitude };
}

export function metersBetween(a: Point, b: Point): number {
  return distanceMeters(a, b);
}

/** A point `meters` east of `from`, close enough for tests that need points near one another. */
export function eastOf(from: Point, meters: number): Point {
  const degrees = meters / (111_320 * Math.cos((from.latitude * Math.PI) / 180));
  return { latitude: from.latitude, longitude: from.longitude + degrees };
}

/** The style document of a family (and mode), fetched from the map host: a 200. */
export async function styleDocument(maps: MapsHarness, family: string, mode?: string): Promise<HttpResponse> {
  const res = await maps.getUrl(maps.mapUrl(`/sdk/styles/${family}/style.json`, mode && `mode=${mode}`));
  expect(res.status).toBe(200);
  return res;
}
