import { distanceMeters, roundPoint } from '../../../src/sandbox/geo/point';
import type { Place } from '../../../src/sandbox/dataset/types';
import { shapeErrors } from '../../support/shape';
import { ACCRA, eastOf, expectFailure, expectSuccess, KANO_STREET, useMapsSandbox } from './harness';
import { LOCCODE_WIRE_FORMAT } from './route-checks';
import { POINT_DETAILS_DATA, REVERSE_GEOCODE_DATA } from './shapes';

describe('maps service: reverse geocode and point details', () => {
  const maps = useMapsSandbox();
  const places = (): Place[] => maps.sandbox.dataset.places;
  /** A place with no other place within 300 m, so a tap on it can only mean it. */
  const lonePlace = (): Place =>
    places().find((p) => places().every((q) => q === p || distanceMeters(p.point, q.point) > 300))!;

  describe('GET /sdk/v1/reverse-geocode', () => {
    it('names the place at the point, with its address parts as strings', async () => {
      const place = lonePlace();
      const res = await maps.get('reverse-geocode', { ...place.point });
      expectSuccess(res);
      expect(shapeErrors(res.json.data, REVERSE_GEOCODE_DATA)).toEqual([]);
      expect(res.json.data).toMatchObject({
        name: place.name,
        street: place.street.name,
        house_number: String(place.houseNumber),
        city: place.street.city,
        state: place.street.state,
        country: 'Nigeria',
        loccode: place.street.code,
      });
      expect(res.json.data.address).toContain(place.street.name);
    });

    it('answers a point away from places with the nearest street address', async () => {
      const street = maps.street(KANO_STREET);
      const point = eastOf(street.point, 30);
      const res = await maps.get('reverse-geocode', { ...point });
      expectSuccess(res);
      expect(shapeErrors(res.json.data, REVERSE_GEOCODE_DATA)).toEqual([]);
      expect(res.json.data.street).toBe(maps.sandbox.dataset.nearestStreet(point).street.name);
      expect(res.json.data.loccode).toMatch(LOCCODE_WIRE_FORMAT);
      expect(distanceMeters(res.json.data, point)).toBeLessThan(100);
    });

    it('returns 404 NOT_FOUND outside coverage', async () => {
      expectFailure(await maps.get('reverse-geocode', { ...ACCRA }), 404, 'NOT_FOUND');
    });

    it.each([
      ['latitude is missing', { longitude: 8.5 }],
      ['longitude is out of range', { latitude: 12, longitude: 181 }],
    ])('returns 400 INVALID_PARAMS when %s', async (_label, query) => {
      expectFailure(await maps.get('reverse-geocode', query), 400, 'INVALID_PARAMS');
    });
  });

  describe('GET /sdk/v1/point-details', () => {
    it('returns the tapped place and its street loccode, and search_name/search_address as null when not sent', async () => {
      const place = lonePlace();
      const res = await maps.get('point-details', { ...place.point });
      expectSuccess(res);
      const data = res.json.data;
      expect(shapeErrors(data, POINT_DETAILS_DATA)).toEqual([]);
      expect(data.search_name).toBeNull();
      expect(data.search_address).toBeNull();
      expect(data).toMatchObject(roundPoint(place.point));
      expect(data.place).toMatchObject({
        name: place.name,
        osm_id: place.osmId,
        loccode: place.street.code,
        category: place.category,
        type: place.type,
        country: 'Nigeria',
        ...roundPoint(place.point),
      });
      expect(data.loccode).toMatchObject({ loccode: place.street.code, street_name: place.street.name });
    });

    it('echoes search_name and search_address verbatim', async () => {
      const place = lonePlace();
      const searchName = "  Mama Ngozi's Kitchen & Bar (Ikeja) ";
      const searchAddress = '12, Allen Avenue — Ikeja/Lagos';
      const res = await maps.get('point-details', {
        ...place.point,
        search_name: searchName,
        search_address: searchAddress,
      });
      expectSuccess(res);
      expect(res.json.data.search_name).toBe(searchName);
      expect(res.json.data.search_address).toBe(searchAddress);
      const empty = await maps.get('point-details', { ...place.point, search_name: '' });
      expect(empty.json.data.search_name).toBe('');
    });

    it('lets osm_id pin the place, wherever the tap was', async () => {
      const [tapped, pinned] = [
        lonePlace(),
        places().find((p) => p.street.state !== lonePlace().street.state)!,
      ];
      const res = await maps.get('point-details', {
        ...tapped.point,
        osm_id: pinned.osmId,
        osm_type: pinned.osmType,
      });
      expectSuccess(res);
      expect(res.json.data.place.osm_id).toBe(pinned.osmId);
      expect(res.json.data.loccode.loccode).toBe(pinned.street.code);
    });

    it('returns place null for a tap far from every place', async () => {
      const street = maps.sandbox.dataset.streets.find((s) =>
        places().every((p) => distanceMeters(p.point, s.geometry[0]!) > 500),
      )!;
      const res = await maps.get('point-details', { ...street.geometry[0]! });
      expectSuccess(res);
      expect(res.json.data.place).toBeNull();
      expect(res.json.data.loccode.loccode).toBe(
        maps.sandbox.dataset.nearestStreet(street.geometry[0]!).street.code,
      );
    });

    it('returns 404 NOT_FOUND for an unknown osm_id', async () => {
      const res = await maps.get('point-details', { ...lonePlace().point, osm_id: 'N1' });
      expectFailure(res, 404, 'NOT_FOUND');
    });

    it.each([
      ['osm_type is not n, w or r', { osm_type: 'x' }],
      ['osm_id has no type prefix', { osm_id: '4839201' }],
      ['osm_type contradicts the osm_id prefix', { osm_id: 'N4839201', osm_type: 'w' }],
    ])('returns 400 VALIDATION_ERROR when %s', async (_label, extra) => {
      const res = await maps.get('point-details', { ...lonePlace().point, ...extra });
      expectFailure(res, 400, 'VALIDATION_ERROR');
      expect(res.json.message).toMatch(/osm_(type|id)/);
    });

    it('returns 404 NOT_FOUND outside coverage and 400 INVALID_PARAMS without coordinates', async () => {
      expectFailure(await maps.get('point-details', { ...ACCRA }), 404, 'NOT_FOUND');
      expectFailure(await maps.get('point-details', { search_name: 'x' }), 400, 'INVALID_PARAMS');
    });
  });
});
