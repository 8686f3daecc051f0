import { distanceMeters } from '../../../src/sandbox/geo/point';
import { is, shapeErrors } from '../../support/shape';
import { expectFailure, expectSuccess, KANO_STREET, useMapsSandbox } from './harness';
import { envelope, PLACE_CATEGORY, SEARCH_RESULT } from './shapes';

interface Result {
  name: string;
  category: string;
  latitude: number;
  longitude: number;
  osm_id: string;
  loccode: string;
  distance_km: number | null;
}

describe('maps service: search and place categories', () => {
  const maps = useMapsSandbox();
  const search = async (query: Record<string, string | number>): Promise<Result[]> => {
    const res = await maps.get('search', query);
    expectSuccess(res);
    expect(shapeErrors(res.json, envelope(is.arrayOf(SEARCH_RESULT)))).toEqual([]);
    return res.json.data;
  };

  describe('GET /sdk/v1/search', () => {
    it('matches q case-insensitively in place names, nearest first with distance_km in kilometres', async () => {
      const from = maps.street(KANO_STREET).point;
      const results = await search({ q: 'MARKET', latitude: from.latitude, longitude: from.longitude });
      expect(results.length).toBeGreaterThan(1);
      expect(await search({ q: 'market', latitude: from.latitude, longitude: from.longitude })).toEqual(
        results,
      );
      for (const result of results) {
        const place = maps.sandbox.dataset.places.find((p) => p.osmId === result.osm_id)!;
        const haystack = `${place.name} ${place.street.name} ${place.street.city}`.toLowerCase();
        expect(haystack).toContain('market');
        expect(result.loccode).toBe(place.street.code);
        expect(result.distance_km).toBeCloseTo(distanceMeters(from, result) / 1000, 2);
      }
      const distances = results.map((r) => r.distance_km!);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
    });

    it('answers distance_km null without a location, best name match first', async () => {
      const results = await search({ q: 'market' });
      expect(results.every((r) => r.distance_km === null)).toBe(true);
      const startsWith = results.map((r) => r.name.toLowerCase().startsWith('market'));
      expect(startsWith).toEqual([...startsWith].sort((a, b) => Number(b) - Number(a)));
    });

    it('finds places by street name and by city', async () => {
      const street = maps.street(KANO_STREET);
      const byStreet = await search({ q: street.name.toLowerCase() });
      expect(byStreet.length).toBeGreaterThan(0);
      const byCity = await search({ q: street.city });
      expect(byCity.length).toBeGreaterThan(0);
    });

    it('returns at most 20 results', async () => {
      expect(await search({ q: 'a' })).toHaveLength(20);
    });

    it('keeps to a category and its child categories', async () => {
      const { categories } = maps.sandbox.dataset;
      const parent = categories.find((c) => categories.some((child) => child.parentKey === c.key))!;
      const allowed = new Set([
        parent.key,
        ...categories.filter((c) => c.parentKey === parent.key).map((c) => c.key),
      ]);
      const results = await search({ q: 'a', category: parent.key });
      expect(results.length).toBeGreaterThan(0);
      expect(results.filter((r) => !allowed.has(r.category))).toEqual([]);
    });

    it('takes a category without q: places of that category and its children, best name first', async () => {
      const { categories, places } = maps.sandbox.dataset;
      const allowed = new Set([
        'health',
        ...categories.filter((c) => c.parentKey === 'health').map((c) => c.key),
      ]);
      const results = await search({ category: 'health' });
      expect(results).toHaveLength(20);
      expect(results.filter((r) => !allowed.has(r.category))).toEqual([]);
      expect(places.filter((place) => allowed.has(place.category)).length).toBeGreaterThan(20);
      const names = results.map((r) => r.name);
      expect(names).toEqual([...names].sort());
    });

    it.each([
      ['q is missing', {}],
      ['q is blank beside a category', { q: ' ', category: 'health' }],
      ['q is blank', { q: '   ' }],
      ['category is not a category key', { q: 'market', category: 'spaceport' }],
    ])('returns 400 VALIDATION_ERROR when %s', async (_label, query) => {
      expectFailure(await maps.get('search', query), 400, 'VALIDATION_ERROR');
    });

    it('returns 400 INVALID_PARAMS for a latitude without a longitude', async () => {
      expectFailure(await maps.get('search', { q: 'market', latitude: 12 }), 400, 'INVALID_PARAMS');
    });
  });

  describe('GET /sdk/v1/place-categories', () => {
    it('lists the taxonomy: key, label, optional parentKey naming another key, status active', async () => {
      const res = await maps.get('place-categories');
      expectSuccess(res);
      expect(shapeErrors(res.json, envelope(is.arrayOf(PLACE_CATEGORY, 1)))).toEqual([]);
      const keys = new Set(res.json.data.map((c: { key: string }) => c.key));
      for (const category of res.json.data) {
        if ('parentKey' in category) expect(keys.has(category.parentKey)).toBe(true);
      }
      expect(res.json.data.some((c: object) => 'parentKey' in c)).toBe(true);
    });

    it('lists only keys the search category filter accepts', async () => {
      const res = await maps.get('place-categories');
      // More categories than the documented search burst; this test is about keys, not limits.
      maps.sandbox.controls.setRateLimit('maps', 'search', {
        kind: 'bucket',
        ratePerSecond: 1000,
        burst: 1000,
      });
      for (const { key } of res.json.data) expectSuccess(await maps.get('search', { q: 'a', category: key }));
    });
  });
});
