import { ACCRA, eastOf, expectFailure, expectSuccess, KANO_STREET, metersBetween } from './harness';
import { expectRouteThrough, routeQuery, useRouteSandbox } from './route-checks';

describe('maps service: routing by GET /sdk/v1/route (coordinates only)', () => {
  const { maps, kano, farKano } = useRouteSandbox();
  const query = routeQuery;

  it('drives from origin to destination along an encoded polyline as long as the route distance', async () => {
    const [origin, destination] = [kano().point, farKano().point];
    const res = await maps.get('route', query(origin, destination));
    expectSuccess(res);
    expectRouteThrough(res.json.data, [origin, destination], maps.sandbox.dataset);
    const route = res.json.data.routes[0];
    expect(route.distance).toBeGreaterThan(metersBetween(origin, destination));
    const kmPerHour = route.distance / 1000 / (route.duration / 3600);
    // 35 to 60 km/h, give or take the rounding of distance and duration to 0.1.
    expect(kmPerHour).toBeGreaterThan(34.9);
    expect(kmPerHour).toBeLessThan(60.1);
    const modes = new Set(route.legs[0].steps.map((step: { mode: string }) => step.mode));
    expect([...modes]).toEqual(['driving']);
  });

  it('walks at about 1.3 m/s with mode=walk', async () => {
    const [origin, destination] = [kano().point, eastOf(kano().point, 1200)];
    const res = await maps.get('route', query(origin, destination, { mode: 'walk' }));
    expectSuccess(res);
    expectRouteThrough(res.json.data, [origin, destination], maps.sandbox.dataset);
    const route = res.json.data.routes[0];
    expect(route.distance / route.duration).toBeCloseTo(1.3, 1);
    expect(route.legs[0].steps.every((step: { mode: string }) => step.mode === 'walking')).toBe(true);
  });

  it('drives by default', async () => {
    const [origin, destination] = [kano().point, farKano().point];
    const implicit = await maps.get('route', query(origin, destination));
    const explicit = await maps.get('route', query(origin, destination, { mode: 'drive' }));
    expect(implicit.json.data).toEqual(explicit.json.data);
  });

  it.each([
    ['dest_lng is missing', { dest_lng: undefined }],
    ['origin_lat is not a number', { origin_lat: 'twelve' }],
    ['origin_lat uses a decimal comma', { origin_lat: '12,0' }],
    ['dest_lat is out of range', { dest_lat: '91' }],
    [
      'only loccodes are given (GET takes coordinates only)',
      { origin_lat: undefined, origin_lng: undefined, origin_loccode: KANO_STREET },
    ],
  ])('returns 400 INVALID_PARAMS when %s', async (_label, change) => {
    const params: Record<string, string | number> = { ...query(kano().point, farKano().point) };
    for (const [name, value] of Object.entries(change)) {
      if (value === undefined) delete params[name];
      else params[name] = value;
    }
    expectFailure(await maps.get('route', params), 400, 'INVALID_PARAMS');
  });

  it('returns 400 VALIDATION_ERROR naming mode when mode is neither drive nor walk', async () => {
    const res = await maps.get('route', query(kano().point, farKano().point, { mode: 'fly' }));
    expectFailure(res, 400, 'VALIDATION_ERROR');
    expect(res.json.message).toContain('mode');
  });

  it('returns 422 ROUTING_FAILED when the destination is outside Nigeria', async () => {
    expectFailure(await maps.get('route', query(kano().point, ACCRA)), 422, 'ROUTING_FAILED');
  });
});
