import { FIXED_NOW } from '../../support/sandbox';
import { expectOkShape, shapeErrors } from '../../support/shape';
import {
  KANO_STREET,
  distanceKm,
  facilitiesAround,
  facilityByNhfrCode,
  pointOf,
  useHealthcareSandbox,
} from './harness';
import { ERROR_BODY, FACILITIES_DATA, wrappedBody } from './shapes';

/** The spec's fixed ranking weights, factor by factor. */
const WEIGHTS = Object.fromEntries(
  Object.entries({
    distance: 0.35,
    travel_time: 0.25,
    accreditation: 0.2,
    capacity: 0.1,
    satisfaction: 0.05,
    wait_time: 0.05,
  }).map(([factor, weight]) => [`${factor}_weight`, weight]),
);

describe('healthcare /facilities', () => {
  const health = useHealthcareSandbox();
  const search = (query: Record<string, string>) =>
    health.get('facilities', { loccode: KANO_STREET, ...query });
  /** Dataset facilities of a level within a radius of the Kano street, for counts the answer must match. */
  const inDataset = (level: string, radiusKm: number) =>
    facilitiesAround(health, KANO_STREET, radiusKm).filter((f) => f.level === level);

  it('returns every spec field with the spec types', async () => {
    const res = await search({ facility_level: 'Secondary' });
    expectOkShape(res, wrappedBody(FACILITIES_DATA));
    expect(res.json.data).toMatchObject({
      loccode: 'KN3A-7QP',
      location: { state: 'Kano', lga: 'Kano Municipal' },
      filters: { facility_level: 'Secondary' },
      generated_at: FIXED_NOW.toISOString(),
    });
  });

  it('ranks by ranking_score, highest first, with rank 1..n and the fixed weights summing to 1', async () => {
    const { facilities, count } = (
      await search({ facility_level: 'Secondary', limit: '50', radius_km: '100' })
    ).json.data;
    expect(facilities.length).toBeGreaterThan(3);
    expect(count).toBe(facilities.length);
    expect(facilities.map((f: { rank: number }) => f.rank)).toEqual(
      facilities.map((_: unknown, i: number) => i + 1),
    );
    const scores = facilities.map((f: { ranking_score: number }) => f.ranking_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const facility of facilities) {
      expect(facility.score_breakdown).toEqual(WEIGHTS);
      expect(facility.ranking_score).toBeGreaterThan(0);
      expect(facility.ranking_score).toBeLessThanOrEqual(1);
    }
    expect(Object.values(WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
  });

  it('states the weighted formula in scoring', async () => {
    const { scoring } = (await search({ facility_level: 'Tertiary' })).json.data;
    for (const weight of ['0.35', '0.25', '0.20', '0.10', '0.05']) expect(scoring).toContain(weight);
  });

  it('returns only facilities of the level, inside the radius, at their true distance from the loccode', async () => {
    const { data } = (await search({ facility_level: 'Tertiary', radius_km: '60', limit: '50' })).json;
    expect(data.radius_km).toBe(60);
    expect(data.count).toBeGreaterThan(0);
    expect(data.count).toBe(inDataset('Tertiary', 60).length);
    for (const facility of data.facilities) {
      const recorded = facilityByNhfrCode(health.sandbox, facility.nhfr_code);
      expect(facility).toMatchObject({
        name: recorded.name,
        facility_level: 'Tertiary',
        beds_capacity: null,
      });
      expect(facility.distance_km).toBeCloseTo(distanceKm(pointOf(data.location), recorded.point), 1);
      expect(facility.distance_km).toBeLessThanOrEqual(60);
      expect(facility.travel_time_minutes).toBeGreaterThan(facility.distance_km); // slower than 60 km/h
    }
  });

  it('applies a 25 km radius and a limit of 10 by default, and honours a smaller limit', async () => {
    const byDefault = (await search({ facility_level: 'Primary' })).json.data;
    expect(byDefault.radius_km).toBe(25);
    expect(byDefault.count).toBe(Math.min(10, inDataset('Primary', 25).length));
    const limited = (await search({ facility_level: 'Secondary', limit: '2', radius_km: '100' })).json.data;
    expect(limited.count).toBe(2);
    expect(limited.facilities).toHaveLength(2);
  });

  it('answers 200 with an empty list when no facility is in the radius', async () => {
    const res = await search({ facility_level: 'Tertiary', radius_km: '0.05' });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ count: 0, facilities: [], radius_km: 0.05 });
  });

  describe('parameter errors', () => {
    const expectError = async (query: Record<string, string>, code: string) => {
      const res = await search(query);
      expect(res.status).toBe(400);
      expect(shapeErrors(res.json, ERROR_BODY)).toEqual([]);
      expect(res.json.error.code).toBe(code);
    };

    it('is 400 FACILITY_LEVEL_REQUIRED without facility_level, or with a blank one', async () => {
      await expectError({}, 'FACILITY_LEVEL_REQUIRED');
      await expectError({ facility_level: ' ' }, 'FACILITY_LEVEL_REQUIRED');
    });

    it.each(['primary', 'TERTIARY', 'Quaternary', 'Primary,Secondary'])(
      'is 400 INVALID_FACILITY_LEVEL for %p (exact Primary, Secondary or Tertiary only)',
      async (level) => expectError({ facility_level: level }, 'INVALID_FACILITY_LEVEL'),
    );

    it.each(['abc', '0', '-5', '100.5', '', '1e2'])(
      'is 400 INVALID_RADIUS for radius_km=%p',
      async (radius) => expectError({ facility_level: 'Primary', radius_km: radius }, 'INVALID_RADIUS'),
    );

    it.each(['0', '51', '2.5', 'ten', '-1', ''])('is 400 INVALID_LIMIT for limit=%p', async (limit) =>
      expectError({ facility_level: 'Primary', limit }, 'INVALID_LIMIT'),
    );

    it('accepts the largest radius (100 km) and limit (50)', async () => {
      expect((await search({ facility_level: 'Primary', radius_km: '100', limit: '50' })).status).toBe(200);
    });
  });
});
