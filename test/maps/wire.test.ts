import { spacedLoccode } from '../../datasources/maps/mapping';
import { routeFromWire } from '../../datasources/maps/route-mapping';
import { envelope, resolveData, routeData, type RouteWire } from '../../datasources/maps/wire';
import { UpstreamError } from '../../src/kernel/errors';
import { encodeReference } from '../support/polyline';
import { ZOO_ROAD_RESOLVE } from './support';

/** Fixtures for what the sandbox never sends: the boundary's checks on malformed answers. */
const route: RouteWire = {
  shareUrl: 'https://maps.example.invalid/share/route/1',
  code: 'Ok',
  routes: [
    {
      distance: 120,
      duration: 12,
      geometry: encodeReference([
        { latitude: 12, longitude: 8.5 },
        { latitude: 12.001, longitude: 8.501 },
      ]),
      legs: [],
    },
  ],
  waypoints: [],
};

function failureOf(make: () => unknown): UpstreamError {
  try {
    make();
  } catch (error) {
    if (error instanceof UpstreamError) return error;
  }
  throw new Error('expected an UpstreamError');
}

describe('maps boundary: envelope and mapping', () => {
  it('accepts only the JSON boolean true as a success status (spec, Envelope)', () => {
    const schema = envelope(routeData);
    expect(schema.safeParse({ status: true, message: '', data: route }).success).toBe(true);
    expect(schema.safeParse({ status: 'true', message: '', data: route }).success).toBe(false);
    expect(schema.safeParse({ status: 1, message: '', data: route }).success).toBe(false);
  });

  it('drops unknown keys and refuses a route answer without any route', () => {
    const parsed = envelope(routeData).parse({
      status: true,
      data: { ...route, engine_version: '5' },
      request_id: 'r',
    });
    expect(parsed.data).not.toHaveProperty('engine_version');
    expect(routeData.safeParse({ ...route, routes: [] }).success).toBe(false);
  });

  it('refuses resolve data whose geometry is not [lng, lat] pairs', () => {
    const line = (coordinates: unknown) => ({
      ...ZOO_ROAD_RESOLVE,
      geometry: { type: 'LineString', coordinates },
    });
    expect(
      resolveData.safeParse(
        line([
          [8.5, 12],
          [8.51, 12.01],
        ]),
      ).success,
    ).toBe(true);
    expect(
      resolveData.safeParse(
        line([
          { lat: 12, lon: 8.5 },
          { lat: 12.01, lon: 8.51 },
        ]),
      ).success,
    ).toBe(false);
  });

  it('decodes the polyline, and reports one that is not valid as UPSTREAM_BAD_RESPONSE', () => {
    expect(routeFromWire(route).geometry.coordinates).toEqual([
      { latitude: 12, longitude: 8.5 },
      { latitude: 12.001, longitude: 8.501 },
    ]);
    const broken = { ...route, routes: [{ ...route.routes[0], geometry: '_p~iF~ps|' }] } as RouteWire;
    expect(failureOf(() => routeFromWire(broken)).code).toBe('UPSTREAM_BAD_RESPONSE');
  });

  it('reports an engine status other than Ok as ROUTING_FAILED', () => {
    expect(failureOf(() => routeFromWire({ ...route, code: 'NoRoute' })).code).toBe('ROUTING_FAILED');
  });

  it('links loccodes in their spaced wire form whichever form the service wrote', () => {
    expect(spacedLoccode('KN3A7QP')).toBe('KN3A 7QP');
    expect(spacedLoccode('KN3A 7QP')).toBe('KN3A 7QP');
  });
});
