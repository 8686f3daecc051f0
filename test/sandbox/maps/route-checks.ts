import { isInNigeria, pathLengthMeters, type Point } from '../../../src/sandbox/geo/point';
import { decodeReference } from '../../support/polyline';
import type { Dataset, Street } from '../../../src/sandbox/dataset/types';
import { shapeErrors } from '../../support/shape';
import { fromLngLat, KANO_STREET, metersBetween, useMapsSandbox, type MapsHarness } from './harness';
import { ROUTE_DATA } from './shapes';

/** Polylines carry 5 decimals (about 1.1 m), so an end may be this far from the point it stands for. */
export const POLYLINE_SLACK_METERS = 2;
export const LOCCODE_WIRE_FORMAT = /^[A-Z0-9]{4} [A-Z0-9]{3}$/;

/** Another Kano street than {@link KANO_STREET}, in another LGA: a route of some kilometres. */
export function farKanoStreet(maps: MapsHarness): Street {
  const kano = maps.street(KANO_STREET);
  return maps.sandbox.dataset.streets.find((s) => s.state === 'Kano' && s.lga !== kano.lga)!;
}

/** A maps sandbox for route suites, with the two Kano streets they route between. */
export function useRouteSandbox() {
  const maps = useMapsSandbox();
  return {
    maps,
    kano: (): Street => maps.street(KANO_STREET),
    farKano: (): Street => farKanoStreet(maps),
  };
}

/** Origin and destination by coordinates, as GET /sdk/v1/route's query and the optimize body name them. */
export function routeQuery(origin: Point, destination: Point, extra: Record<string, string> = {}) {
  return {
    origin_lat: origin.latitude,
    origin_lng: origin.longitude,
    dest_lat: destination.latitude,
    dest_lng: destination.longitude,
    ...extra,
  };
}

/* eslint-disable @typescript-eslint/no-explicit-any -- bodies are checked against their shape first */

/** The decoded polyline: inside Nigeria, from the first point to the last, as long as `meters` says. */
export function expectPolylineBetween(encoded: string, from: Point, to: Point, meters: number): Point[] {
  const path = decodeReference(encoded);
  expect(path.length).toBeGreaterThanOrEqual(2);
  expect(path.filter((point) => !isInNigeria(point))).toEqual([]);
  expect(metersBetween(path[0]!, from)).toBeLessThan(POLYLINE_SLACK_METERS);
  expect(metersBetween(path[path.length - 1]!, to)).toBeLessThan(POLYLINE_SLACK_METERS);
  expect(Math.abs(pathLengthMeters(path) - meters)).toBeLessThan(1);
  return path;
}

/**
 * Everything the spec's Route data promises, for a route through `points` (origin,
 * waypoints in visiting order, destination): one leg per pair, lengths that add up,
 * [lng, lat] locations, and steps that name real streets by loccode.
 */
export function expectRouteThrough(data: any, points: readonly Point[], dataset: Dataset): void {
  expect(shapeErrors(data, ROUTE_DATA)).toEqual([]);
  const route = data.routes[0];
  expectPolylineBetween(route.geometry, points[0]!, points[points.length - 1]!, route.distance);
  expect(route.legs).toHaveLength(points.length - 1);
  expect(data.waypoints).toHaveLength(points.length);
  data.waypoints.forEach((waypoint: any, index: number) => {
    expect(metersBetween(fromLngLat(waypoint.location), points[index]!)).toBeLessThan(0.5);
  });
  expect(route.distance).toBeCloseTo(sum(route.legs.map((leg: any) => leg.distance)), 0);
  expect(route.duration).toBeCloseTo(sum(route.legs.map((leg: any) => leg.duration)), 0);
  route.legs.forEach((leg: any, index: number) => {
    const steps: any[] = leg.steps;
    expect(Math.abs(leg.distance - sum(steps.map((step) => step.distance)))).toBeLessThan(
      0.05 * steps.length + 0.1,
    );
    expect(Math.abs(leg.duration - sum(steps.map((step) => step.duration)))).toBeLessThan(
      0.05 * steps.length + 0.1,
    );
    expect(steps[0].maneuver.type).toBe('depart');
    expect(steps[steps.length - 1].maneuver.type).toBe('arrive');
    expect(metersBetween(fromLngLat(steps[0].maneuver.location), points[index]!)).toBeLessThan(
      POLYLINE_SLACK_METERS,
    );
    expect(
      metersBetween(fromLngLat(steps[steps.length - 1].maneuver.location), points[index + 1]!),
    ).toBeLessThan(POLYLINE_SLACK_METERS);
    for (const step of steps) {
      expect(step.loccode).toMatch(LOCCODE_WIRE_FORMAT);
      expect(dataset.streetByCode.get(step.loccode)?.name).toBe(step.name);
      expect(step.maneuver.bearing_before).toBeGreaterThanOrEqual(0);
      expect(step.maneuver.bearing_after).toBeLessThan(360);
    }
  });
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
