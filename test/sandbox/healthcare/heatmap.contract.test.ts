import { expectOkShape } from '../../support/shape';
import { KANO_STREET, distanceKm, useHealthcareSandbox } from './harness';
import { HEATMAP_BODY } from './shapes';

describe('healthcare /heatmap', () => {
  const health = useHealthcareSandbox();

  it('returns every spec field with the spec types, unwrapped', async () => {
    const res = await health.get('heatmap', { loccode: KANO_STREET });
    expectOkShape(res, HEATMAP_BODY);
    expect(res.json.loccode).toBe('KN3A-7QP');
  });

  it('centres on the loccode and summarises its points', async () => {
    const street = health.sandbox.dataset.streetByCode.get(KANO_STREET)!;
    const {
      center,
      radius_km,
      heatmap_points: points,
      summary,
    } = (await health.get('heatmap', { loccode: KANO_STREET })).json;
    expect(center).toEqual({ lat: street.point.latitude, lon: street.point.longitude });
    const strength = points.filter((p: { type: string }) => p.type === 'facility_strength');
    const risk = points.filter((p: { type: string }) => p.type === 'risk');
    expect(summary).toEqual({ facility_count: strength.length, risk_nodes: risk.length });
    expect(risk.length).toBeGreaterThan(0);
    const inRadius = health.sandbox.dataset.facilities.filter(
      (f) => distanceKm(street.point, f.point) <= radius_km,
    );
    expect(strength.map((p: { label: string }) => p.label).sort()).toEqual(
      inRadius.map((f) => f.name).sort(),
    );
    for (const point of points) {
      expect(point.intensity).toBeGreaterThanOrEqual(0);
      expect(point.intensity).toBeLessThanOrEqual(1);
    }
  });
});
