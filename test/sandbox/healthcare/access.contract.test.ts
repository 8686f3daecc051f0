import { FIXED_NOW } from '../../support/sandbox';
import { expectOkShape } from '../../support/shape';
import { KANO_STREET, distanceKm, facilitiesAround, useHealthcareSandbox } from './harness';
import { ACCESS_BODY } from './shapes';

/** The sandbox's documented coverage bands on access_score. */
function expectedBand(score: number): string {
  if (score >= 80) return 'Excellent';
  if (score >= 60) return 'Strong';
  if (score >= 40) return 'Adequate';
  return 'Poor';
}

describe('healthcare /access', () => {
  const health = useHealthcareSandbox();

  it('returns every spec field with the spec types, unwrapped', async () => {
    const res = await health.get('access', { loccode: KANO_STREET });
    expectOkShape(res, ACCESS_BODY);
    expect(res.json).toMatchObject({ loccode: 'KN3A-7QP', generated_at: FIXED_NOW.toISOString() });
  });

  it('scores 0 to 100 with the documented band, for every area loccode', async () => {
    const bands = new Set<string>();
    for (const area of health.sandbox.dataset.areas) {
      const { access_score, coverage_band } = (await health.get('access', { loccode: area.code })).json;
      expect(access_score).toBeGreaterThanOrEqual(0);
      expect(access_score).toBeLessThanOrEqual(100);
      expect(coverage_band).toBe(expectedBand(access_score));
      bands.add(coverage_band);
    }
    expect(bands.size).toBeGreaterThan(1);
  });

  it('counts the facilities around the loccode as the dataset has them', async () => {
    const within10km = facilitiesAround(health, KANO_STREET, 10);
    const nhia = within10km.filter((f) =>
      f.accreditations.some((a) => a.body === 'NHIA' && a.status === 'active'),
    );
    const body = (await health.get('access', { loccode: KANO_STREET })).json;
    expect(body.facility_counts).toEqual({
      within_5km: facilitiesAround(health, KANO_STREET, 5).length,
      within_10km: within10km.length,
      functional_within_10km: within10km.filter((f) => f.functionalStatus === 'Functional').length,
      nhia_accredited_within_10km: nhia.length,
    });
    expect(body.nhia_accreditation_rate_10km).toBeCloseTo(nhia.length / within10km.length, 3);
  });

  it('names the nearest facility of each type', async () => {
    const street = health.sandbox.dataset.streetByCode.get(KANO_STREET)!;
    const nearestTertiary = [...health.sandbox.dataset.facilities]
      .filter((f) => f.level === 'Tertiary')
      .sort((a, b) => distanceKm(street.point, a.point) - distanceKm(street.point, b.point))[0]!;
    const { nearest_by_type } = (await health.get('access', { loccode: KANO_STREET })).json;
    expect(nearest_by_type.tertiary_care).toMatchObject({
      name: nearestTertiary.name,
      category: nearestTertiary.category,
    });
    expect(nearest_by_type.tertiary_care.distance_km).toBeCloseTo(
      distanceKm(street.point, nearestTertiary.point),
      1,
    );
  });

  it('reports a coverage gap for a key specialty with no provider within 10 km', async () => {
    const { streets, facilities } = health.sandbox.dataset;
    const nearestPsychiatryKm = (point: (typeof streets)[number]['point']) =>
      Math.min(
        ...facilities
          .filter((f) => f.specialties.includes('Psychiatry'))
          .map((f) => distanceKm(point, f.point)),
      );
    const remote = streets.find((s) => nearestPsychiatryKm(s.point) > 10)!;
    const { coverage_gaps } = (await health.get('access', { loccode: remote.code })).json;
    const gap = coverage_gaps.find((g: { specialty: string }) => g.specialty === 'Psychiatry');
    expect(gap).toMatchObject({ gap_severity: expect.stringMatching(/^(moderate|high|critical)$/) });
    expect(gap.nearest_km).toBeCloseTo(nearestPsychiatryKm(remote.point), 1);
  });
});
