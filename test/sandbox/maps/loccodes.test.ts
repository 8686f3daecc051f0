import { roundPoint } from '../../../src/sandbox/geo/point';
import type { Street } from '../../../src/sandbox/dataset/types';
import { shapeErrors } from '../../support/shape';
import {
  ACCRA,
  eastOf,
  expectFailure,
  expectSuccess,
  KANO_STREET,
  UNISSUED_LOCCODE,
  useMapsSandbox,
} from './harness';
import { envelope, RESOLVE_DATA } from './shapes';

describe('maps service: loccode resolve and nearest', () => {
  const maps = useMapsSandbox();
  const kano = (): Street => maps.street(KANO_STREET);
  const resolve = (code: string) => maps.get(`loccode/${encodeURIComponent(code)}`);

  /** Spec, Loccode resolve data, checked against the street the dataset holds. */
  const expectResolvesTo = (data: unknown, street: Street) => {
    expect(shapeErrors(data, RESOLVE_DATA)).toEqual([]);
    expect(data).toMatchObject({
      loccode: street.key,
      formatted: street.code,
      street_name: street.name,
      highway_type: street.highwayType,
      state: street.state,
      lga: street.lga,
      country: 'Nigeria',
      valid: true,
      coverage: true,
      representative_point: roundPoint(street.point),
    });
    const { geometry, street_length } = data as {
      geometry: { coordinates: number[][] };
      street_length: number;
    };
    expect(geometry.coordinates).toEqual(
      street.geometry.map((p) => [roundPoint(p).longitude, roundPoint(p).latitude]),
    );
    expect(street_length).toBeCloseTo(street.lengthMeters, 0);
  };

  describe('GET /sdk/v1/loccode/{code}', () => {
    it('resolves the spaced code (space sent as %20) to the unspaced key, the spaced form and the street', async () => {
      const res = await maps.get('loccode/KN3A%207QP');
      expectSuccess(res);
      expect(shapeErrors(res.json, envelope(RESOLVE_DATA))).toEqual([]);
      expectResolvesTo(res.json.data, kano());
      expect(res.json.data.loccode).toBe('KN3A7QP');
      expect(res.json.data.formatted).toBe('KN3A 7QP');
    });

    it('resolves the unspaced key to the same street', async () => {
      const spaced = await resolve(KANO_STREET);
      const unspaced = await resolve('KN3A7QP');
      expectSuccess(unspaced);
      expect(unspaced.json.data).toEqual(spaced.json.data);
    });

    it('resolves every street of the dataset', async () => {
      for (const street of maps.sandbox.dataset.streets.filter((_, i) => i % 25 === 0)) {
        const res = await resolve(street.code);
        expectSuccess(res);
        expectResolvesTo(res.json.data, street);
      }
    });

    it.each([
      ['an unissued code', UNISSUED_LOCCODE],
      ['lower case', 'kn3a 7qp'],
      ['the hyphenated display form', 'KN3A-7QP'],
      ['an area loccode (another format)', 'KAN 700001'],
      ['a plus for the space', 'KN3A+7QP'],
      ['a short code', 'KN3A 7Q'],
    ])('returns 404 NOT_FOUND for %s', async (_label, code) => {
      expectFailure(await resolve(code), 404, 'NOT_FOUND');
    });
  });

  describe('GET /sdk/v1/loccodes/nearest', () => {
    it('finds the street a point lies on', async () => {
      const onStreet = kano().geometry[1]!;
      const res = await maps.get('loccodes/nearest', {
        latitude: onStreet.latitude,
        longitude: onStreet.longitude,
      });
      expectSuccess(res);
      expectResolvesTo(res.json.data, kano());
    });

    it('finds the nearest street for a point off every street', async () => {
      const near = eastOf(kano().point, 60);
      const res = await maps.get('loccodes/nearest', { latitude: near.latitude, longitude: near.longitude });
      expectSuccess(res);
      expectResolvesTo(res.json.data, maps.sandbox.dataset.nearestStreet(near).street);
    });

    it('returns 404 NOT_FOUND outside coverage', async () => {
      expectFailure(await maps.get('loccodes/nearest', { ...ACCRA }), 404, 'NOT_FOUND');
    });

    it.each([
      ['longitude is missing', { latitude: 12 }],
      ['latitude is not a number', { latitude: 'x', longitude: 8.5 }],
    ])('returns 400 INVALID_PARAMS when %s', async (_label, query) => {
      expectFailure(await maps.get('loccodes/nearest', query), 400, 'INVALID_PARAMS');
    });
  });
});
