import type { Point } from '../../../src/sandbox/geo/point';
import { decodeReference } from '../../support/polyline';
import {
  ACCRA,
  eastOf,
  expectFailure,
  expectSuccess,
  KANO_STREET,
  metersBetween,
  UNISSUED_LOCCODE,
} from './harness';
import { expectRouteThrough, routeQuery, useRouteSandbox } from './route-checks';

describe('maps service: routing by POST /sdk/v1/route (coordinates or loccode per endpoint)', () => {
  const { maps, kano, farKano } = useRouteSandbox();
  const query = routeQuery;
  const body = (origin: Point, destination: Point, extra: Record<string, unknown> = {}) => ({
    origin_lat: origin.latitude,
    origin_lng: origin.longitude,
    dest_lat: destination.latitude,
    dest_lng: destination.longitude,
    ...extra,
  });

  it('answers coordinates exactly like GET', async () => {
    const [origin, destination] = [kano().point, farKano().point];
    const viaGet = await maps.get('route', query(origin, destination));
    const viaPost = await maps.post('route', body(origin, destination));
    expectSuccess(viaPost);
    expect(viaPost.json.data).toEqual(viaGet.json.data);
  });

  it('routes loccode endpoints to the midpoints of their streets and names them after the streets', async () => {
    const res = await maps.post('route', { origin_loccode: KANO_STREET, dest_loccode: farKano().code });
    expectSuccess(res);
    expectRouteThrough(res.json.data, [kano().point, farKano().point], maps.sandbox.dataset);
    expect(res.json.data.waypoints.map((w: { name: string }) => w.name)).toEqual([
      kano().name,
      farKano().name,
    ]);
  });

  it('mixes a loccode origin with a coordinate destination', async () => {
    const destination = eastOf(kano().point, 900);
    const res = await maps.post('route', {
      origin_loccode: KANO_STREET,
      dest_lat: destination.latitude,
      dest_lng: destination.longitude,
    });
    expectSuccess(res);
    expectRouteThrough(res.json.data, [kano().point, destination], maps.sandbox.dataset);
  });

  it('visits waypoints in ascending order, whatever their order in the array, one leg each', async () => {
    const origin = kano().point;
    const destination = farKano().point;
    const nearFirst = eastOf(origin, 2000);
    const nearSecond = eastOf(origin, 4000);
    const waypoints = [
      { order: 7, latitude: nearSecond.latitude, longitude: nearSecond.longitude },
      { order: 2, latitude: nearFirst.latitude, longitude: nearFirst.longitude },
    ];
    const res = await maps.post('route', body(origin, destination, { waypoints }));
    expectSuccess(res);
    expectRouteThrough(res.json.data, [origin, nearFirst, nearSecond, destination], maps.sandbox.dataset);
    const path = decodeReference(res.json.data.routes[0].geometry);
    const closestIndex = (target: Point) =>
      path.reduce(
        (best, point, index) =>
          metersBetween(point, target) < metersBetween(path[best]!, target) ? index : best,
        0,
      );
    expect(closestIndex(nearFirst)).toBeLessThan(closestIndex(nearSecond));

    const reversed = await maps.post(
      'route',
      body(origin, destination, { waypoints: [...waypoints].reverse() }),
    );
    expect(reversed.json.data).toEqual(res.json.data);
  });

  it.each([
    ['no space', 'KN3A7QP'],
    ['a hyphen', 'KN3A-7QP'],
    ['two spaces', 'KN3A  7QP'],
    ['3 + 4 characters', 'KN3 A7QP'],
    ['a trailing space', 'KN3A 7QP '],
    ['punctuation', 'KN3A 7Q!'],
    ['a number', 12345],
  ])('returns 400 INVALID_PARAMS for a loccode with %s', async (_label, loccode) => {
    const destination = farKano().point;
    const res = await maps.post('route', {
      origin_loccode: loccode,
      dest_lat: destination.latitude,
      dest_lng: destination.longitude,
    });
    expectFailure(res, 400, 'INVALID_PARAMS');
  });

  it.each([
    ['the destination is missing', { dest_lat: undefined, dest_lng: undefined }],
    ['the origin has only a latitude', { origin_lng: undefined }],
    ['a coordinate is a string', { origin_lat: '12.0' }],
    ['an endpoint has both coordinates and a loccode', { origin_loccode: KANO_STREET }],
  ])('returns 400 INVALID_PARAMS when %s', async (_label, change) => {
    const request: Record<string, unknown> = { ...body(kano().point, farKano().point), ...change };
    expectFailure(await maps.post('route', JSON.parse(JSON.stringify(request))), 400, 'INVALID_PARAMS');
  });

  it('returns 400 VALIDATION_ERROR listing every offending field', async () => {
    const waypoints = [
      { order: 1.5, latitude: 12, longitude: 8.5 },
      { order: 2, latitude: 'north', longitude: 8.5 },
    ];
    const res = await maps.post('route', body(kano().point, farKano().point, { mode: 'bicycle', waypoints }));
    expectFailure(res, 400, 'VALIDATION_ERROR');
    for (const field of ['mode', 'waypoints[0].order', 'waypoints[1].latitude']) {
      expect(res.json.message).toContain(field);
    }
  });

  it.each([
    ['waypoints is not an array', { waypoints: { order: 1, latitude: 12, longitude: 8.5 } }],
    ['a waypoint is not an object', { waypoints: [[12, 8.5]] }],
    [
      'two waypoints share an order',
      {
        waypoints: [
          { order: 1, latitude: 12, longitude: 8.5 },
          { order: 1, latitude: 12.1, longitude: 8.5 },
        ],
      },
    ],
    ['the body is an array', null],
  ])('returns 400 VALIDATION_ERROR when %s', async (_label, extra) => {
    const request =
      extra === null ? [body(kano().point, farKano().point)] : body(kano().point, farKano().point, extra);
    expectFailure(await maps.post('route', request), 400, 'VALIDATION_ERROR');
  });

  it('returns 502 ENGINE_UNAVAILABLE when a well-formed loccode endpoint does not resolve', async () => {
    expect(maps.sandbox.dataset.streetByCode.has(UNISSUED_LOCCODE)).toBe(false);
    expectFailure(
      await maps.post('route', { origin_loccode: KANO_STREET, dest_loccode: UNISSUED_LOCCODE }),
      502,
      'ENGINE_UNAVAILABLE',
    );
    expectFailure(
      await maps.post('route', { origin_loccode: 'kn3a 7qp', dest_loccode: KANO_STREET }),
      502,
      'ENGINE_UNAVAILABLE',
    );
  });

  it('returns 422 ROUTING_FAILED when a waypoint is outside Nigeria', async () => {
    const waypoints = [{ order: 1, latitude: ACCRA.latitude, longitude: ACCRA.longitude }];
    const res = await maps.post('route', {
      origin_loccode: KANO_STREET,
      dest_loccode: farKano().code,
      waypoints,
    });
    expectFailure(res, 422, 'ROUTING_FAILED');
  });
});
