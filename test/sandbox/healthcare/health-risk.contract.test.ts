import { shapeErrors } from '../../support/shape';
import { KANO_STREET, facilitiesAround, useHealthcareSandbox } from './harness';
import { HEALTH_RISK_DATA, wrappedBody } from './shapes';

/** The sandbox's documented risk levels on health_risk_index. */
function expectedLevel(index: number): string {
  if (index >= 55) return 'Very High';
  if (index >= 45) return 'High';
  if (index >= 35) return 'Moderate';
  return 'Low';
}

describe('healthcare /health-risk', () => {
  const health = useHealthcareSandbox();
  const assess = async (loccode: string) => (await health.get('health-risk', { loccode })).json;

  it('returns every spec field with the spec types, wrapped', async () => {
    const body = await assess(KANO_STREET);
    expect(shapeErrors(body, wrappedBody(HEALTH_RISK_DATA))).toEqual([]);
    expect(body.data.loccode).toBe('KN3A-7QP');
  });

  it('builds the index from the 35/35/30 breakdown and names its level, for every street of Lagos and Borno', async () => {
    const levels = new Set<string>();
    for (const street of health.sandbox.dataset.streets.filter((s) => ['Lagos', 'Borno'].includes(s.state))) {
      const {
        health_risk_index,
        risk_level,
        computation_breakdown: parts,
      } = (await assess(street.code)).data;
      expect(parts.urban_density_stress_35pct).toBeLessThanOrEqual(35);
      expect(parts.infrastructure_deficit_35pct).toBeLessThanOrEqual(35);
      expect(parts.socio_economic_vulnerability_30pct).toBeLessThanOrEqual(30);
      const sum =
        parts.urban_density_stress_35pct +
        parts.infrastructure_deficit_35pct +
        parts.socio_economic_vulnerability_30pct;
      expect(Math.abs(health_risk_index - sum)).toBeLessThanOrEqual(0.05);
      expect(risk_level).toBe(expectedLevel(health_risk_index));
      levels.add(risk_level);
    }
    expect(levels.size).toBeGreaterThan(1);
  });

  it('counts the facilities within 10 km as the dataset has them', async () => {
    const count = facilitiesAround(health, KANO_STREET, 10).length;
    expect((await assess(KANO_STREET)).data.environmental_vitals.nearby_facilities_10km).toBe(count);
  });

  it('puts more malaria in the north-central than in the north-east, and more diarrhoea in the north-west than the south-west', async () => {
    const areaIn = (state: string) => health.sandbox.dataset.areas.find((a) => a.state === state)!.code;
    const prevalence = async (state: string) => (await assess(areaIn(state))).data.disease_prevalence;
    const [benue, borno, sokoto, oyo] = await Promise.all(
      ['Benue', 'Borno', 'Sokoto', 'Oyo'].map(prevalence),
    );
    expect(benue.malaria.prevalence_per_1000).toBeGreaterThan(borno.malaria.prevalence_per_1000);
    expect(sokoto.diarrheal_diseases.prevalence_per_1000).toBeGreaterThan(
      oyo.diarrheal_diseases.prevalence_per_1000,
    );
  });
});
