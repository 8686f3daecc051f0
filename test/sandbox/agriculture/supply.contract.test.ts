import { failWithStatus } from '../../support/sandbox';
import { distanceMeters, roundPoint } from '../../../src/sandbox/geo/point';
import type { Locality } from '../../../src/sandbox/dataset/types';
import { expectOkShape } from '../../support/shape';
import {
  areaOf,
  expectError,
  PATHS,
  streetInAreaOf,
  streetOutsideAreaOf,
  useAgricultureSandbox,
} from './harness';
import { SUPPLY_BODY } from './shapes';

describe('agriculture Supply Farm Produce (POST /logistics/supply)', () => {
  const agri = useAgricultureSandbox();
  const supply = (body: unknown) => agri.post(PATHS.supply, body);
  const route = (origin: Locality, destination: Locality) =>
    supply({ origin_loccode: origin.code, destination_loccode: destination.code });
  const greatCircleKm = (a: Locality, b: Locality) => distanceMeters(a.point, b.point) / 1000;
  /** A short haul within Kano State, and Lagos to Maiduguri (about 1,600 km by road). */
  const shortTrip = () =>
    [areaOf(agri.sandbox, 'Kano'), streetOutsideAreaOf(agri.sandbox, areaOf(agri.sandbox, 'Kano'))] as const;
  const longTrip = () => [areaOf(agri.sandbox, 'Lagos'), areaOf(agri.sandbox, 'Borno')] as const;

  it('returns the spec shape, echoing both loccodes as submitted', async () => {
    const [origin, destination] = longTrip();
    const res = await route(origin, destination);
    expectOkShape(res, SUPPLY_BODY);
    expect(res.json).toMatchObject({
      origin_loccode: origin.code,
      destination_loccode: destination.code,
      origin: { state: 'Lagos', city: origin.city, ...roundPoint(origin.point) },
      destination: { state: 'Borno', city: destination.city, ...roundPoint(destination.point) },
      route: { data_source: 'OpenStreetMap road network (OSRM)' },
    });
  });

  it.each([
    ['a short', shortTrip],
    ['a long', longTrip],
  ])(
    'gives %s route a road distance 25–35% above the great circle and a plausible truck speed',
    async (_name, trip) => {
      const [origin, destination] = trip();
      const { distance_km: km, estimated_transit_hours: hours } = (await route(origin, destination)).json
        .route;
      expect(km / greatCircleKm(origin, destination)).toBeGreaterThanOrEqual(1.24);
      expect(km / greatCircleKm(origin, destination)).toBeLessThanOrEqual(1.36);
      expect(km / hours).toBeGreaterThanOrEqual(35);
      expect(km / hours).toBeLessThanOrEqual(60);
    },
  );

  it('measures the same road distance in both directions', async () => {
    const [a, b] = longTrip();
    const there = (await route(a, b)).json.route;
    const back = (await route(b, a)).json.route;
    expect(back.distance_km).toBe(there.distance_km);
    expect(back.estimated_transit_hours).toBe(there.estimated_transit_hours);
  });

  it('splits the same crop vocabulary, with cocoa_wet and leafy_veg, by transit time', async () => {
    const short = (await route(...shortTrip())).json;
    const long = (await route(...longTrip())).json;
    const vocabulary = (body: typeof short) =>
      [...body.crops_that_survive_transit, ...body.crops_that_will_spoil].sort();
    expect(vocabulary(short)).toEqual(vocabulary(long));
    expect(vocabulary(short)).toEqual(expect.arrayContaining(['cocoa_wet', 'leafy_veg', 'yam', 'tomato']));
    expect(new Set(vocabulary(short)).size).toBe(vocabulary(short).length);
    expect(short.crops_that_survive_transit).toEqual(
      expect.arrayContaining(['leafy_veg', 'cocoa_wet', 'tomato']),
    );
    expect(long.crops_that_will_spoil).toEqual(expect.arrayContaining(['leafy_veg', 'cocoa_wet', 'tomato']));
    expect(long.crops_that_survive_transit).toEqual(expect.arrayContaining(['yam', 'maize', 'onion_dried']));
  });

  it.each([
    ['Port', 'Rivers', /^Rivers Port, Port Harcourt: seaport/],
    ['Market', 'Kano', /^Dawanau International Grains Market, Kano: wholesale produce market of Kano State/],
  ])('names a %s hub at a destination in %s', async (hubType, state, description) => {
    const res = await route(areaOf(agri.sandbox, 'Oyo'), areaOf(agri.sandbox, state));
    expect(res.json.route.hub_type).toBe(hubType);
    expect(res.json.route.hub_description).toMatch(description);
  });

  it('names a Warehouse hub at a destination far from ports and the state capital', async () => {
    const kano = areaOf(agri.sandbox, 'Kano');
    const outlying = agri.sandbox.dataset.streets.find(
      (s) => s.state === 'Kano' && distanceMeters(s.point, kano.point) > 40_000,
    )!;
    const res = await route(kano, outlying);
    expect(res.json.route.hub_type).toBe('Warehouse');
    expect(res.json.route.hub_description).toContain(`Aggregation warehouse in ${outlying.city}, Kano State`);
  });

  describe('errors', () => {
    it('returns 400 LOCCODE_REQUIRED naming the missing field', async () => {
      const kano = areaOf(agri.sandbox, 'Kano').code;
      const onlyDestination = await supply({ destination_loccode: kano });
      expectError(onlyDestination, 400, 'LOCCODE_REQUIRED');
      expect(onlyDestination.json.error.details).toBe('origin_loccode');
      const emptyDestination = await supply({ origin_loccode: kano, destination_loccode: '' });
      expect(emptyDestination.json.error.details).toBe('destination_loccode');
    });

    it('returns 400 LOCCODE_REQUIRED naming both fields when both are missing', async () => {
      for (const body of [{}, '', '[]']) {
        const res = await supply(body);
        expectError(res, 400, 'LOCCODE_REQUIRED');
        expect(res.json.error.details).toBe('origin_loccode, destination_loccode');
      }
    });

    it('returns 400 INVALID_JSON when the body is not JSON', async () => {
      expectError(await supply("{origin_loccode: 'KAN 700001'"), 400, 'INVALID_JSON');
    });

    it('returns 404 ORIGIN_NOT_FOUND for an unregistered or hyphenated origin, checked first', async () => {
      const kano = areaOf(agri.sandbox, 'Kano').code;
      expectError(
        await supply({ origin_loccode: 'ZZ9Z 9ZZ', destination_loccode: kano }),
        404,
        'ORIGIN_NOT_FOUND',
      );
      expectError(
        await supply({ origin_loccode: kano.replace(' ', '-'), destination_loccode: kano }),
        404,
        'ORIGIN_NOT_FOUND',
      );
      expectError(
        await supply({ origin_loccode: 'ZZ9Z 9ZZ', destination_loccode: 'ZZ9Z 9ZY' }),
        404,
        'ORIGIN_NOT_FOUND',
      );
    });

    it('returns 404 DESTINATION_NOT_FOUND for an unregistered or lowercase destination', async () => {
      const kano = areaOf(agri.sandbox, 'Kano').code;
      expectError(
        await supply({ origin_loccode: kano, destination_loccode: 'ZZ9Z 9ZZ' }),
        404,
        'DESTINATION_NOT_FOUND',
      );
      expectError(
        await supply({ origin_loccode: kano, destination_loccode: kano.toLowerCase() }),
        404,
        'DESTINATION_NOT_FOUND',
      );
    });

    it('returns 400 SAME_LOCATION when both loccodes resolve to the same area', async () => {
      const area = areaOf(agri.sandbox, 'Kano');
      const sameCode = await route(area, area);
      expectError(sameCode, 400, 'SAME_LOCATION');
      expectError(await route(area, streetInAreaOf(agri.sandbox, area)), 400, 'SAME_LOCATION');
    });

    it('returns 503 SERVICE_UNAVAILABLE when the routing data source is down (fault switch)', async () => {
      failWithStatus(agri.sandbox.controls, 'agriculture', 'supply', { status: 503 });
      expectError(await route(...longTrip()), 503, 'SERVICE_UNAVAILABLE');
    });
  });
});
