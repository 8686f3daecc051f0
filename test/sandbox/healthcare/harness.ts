import { distanceMeters, type Point } from '../../../src/sandbox/geo/point';
import type { Sandbox } from '../../../src/sandbox';
import type { Facility } from '../../../src/sandbox/dataset/types';
import { TestHttp, type HttpResponse } from '../../support/http';
import { useSuiteSandbox } from '../../support/sandbox';

export const HEALTHCARE_ENDPOINTS = [
  'facilities',
  'access',
  'emergency-route',
  'specialist',
  'health-risk',
  'heatmap',
] as const;
export type HealthcareEndpoint = (typeof HEALTHCARE_ENDPOINTS)[number];

/** The query each endpoint needs besides `loccode` to succeed. */
export const REQUIRED_EXTRAS: Record<HealthcareEndpoint, Record<string, string>> = {
  facilities: { facility_level: 'Secondary' },
  access: {},
  'emergency-route': {},
  specialist: { health_condition: 'chest pain' },
  'health-risk': {},
  heatmap: {},
};

/** The spec's example street loccode (Kano Municipal). */
export const KANO_STREET = 'KN3A 7QP';

export interface HealthcareHarness {
  sandbox: Sandbox;
  get(
    endpoint: string,
    query: Record<string, string>,
    headers?: Record<string, string>,
  ): Promise<HttpResponse>;
  /** A path and query under /api/v1 exactly as written (no encoding added). */
  getPath(pathAndQuery: string, headers?: Record<string, string>): Promise<HttpResponse>;
}

/** Starts a sandbox for the suite (closed after it); every request sends the healthcare key unless told otherwise. */
export function useHealthcareSandbox(): HealthcareHarness {
  const http = new TestHttp();
  const harness: HealthcareHarness = {
    sandbox: undefined as unknown as Sandbox,
    get(endpoint, query, headers) {
      return harness.getPath(`${endpoint}?${new URLSearchParams(query)}`, headers);
    },
    getPath(pathAndQuery, headers = { authorization: `Bearer ${harness.sandbox.keys.healthcare}` }) {
      return http.get(`${harness.sandbox.urls.healthcare}/api/v1/${pathAndQuery}`, headers);
    },
  };
  useSuiteSandbox(harness, http);
  return harness;
}

export function distanceKm(a: Point, b: Point): number {
  return distanceMeters(a, b) / 1000;
}

/** The dataset's facilities within `radiusKm` of a street: what the service should count or list. */
export function facilitiesAround(harness: HealthcareHarness, code: string, radiusKm: number): Facility[] {
  const street = harness.sandbox.dataset.streetByCode.get(code)!;
  return harness.sandbox.dataset.facilities.filter((f) => distanceKm(street.point, f.point) <= radiusKm);
}

export function pointOf(location: { lat: number; lon: number }): Point {
  return { latitude: location.lat, longitude: location.lon };
}

export function facilityByNhfrCode(sandbox: Sandbox, nhfrCode: string): Facility {
  const facility = sandbox.dataset.facilities.find((f) => f.nhfrCode === nhfrCode);
  if (!facility) throw new Error(`no facility ${nhfrCode} in the dataset`);
  return facility;
}
