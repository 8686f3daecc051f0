import { expectOkShape, shapeErrors } from '../../support/shape';
import { KANO_STREET, useHealthcareSandbox } from './harness';
import { ERROR_BODY, SPECIALIST_DATA, wrappedBody } from './shapes';

describe('healthcare /specialist', () => {
  const health = useHealthcareSandbox();
  const recommend = (condition: string) =>
    health.get('specialist', { loccode: KANO_STREET, health_condition: condition });

  it('returns every spec field with the spec types, wrapped', async () => {
    const res = await recommend('chest pain');
    expectOkShape(res, wrappedBody(SPECIALIST_DATA));
  });

  it.each([
    ['chest pain', 'Cardiology'],
    ['Pregnancy check-up', 'Obstetrics and Gynaecology'],
    ['my child has a fever', 'Paediatrics'],
    ['fractured arm after a fall', 'Orthopaedics'],
    ['blurred vision in one eye', 'Ophthalmology'],
    ['toothache', 'Dental Surgery'],
  ])('maps %p to %s first', async (condition, specialty) => {
    const { predicted_specialties } = (await recommend(condition)).json.data;
    expect(predicted_specialties[0].name).toBe(specialty);
    expect(predicted_specialties[0].confidence).toBeGreaterThan(0.5);
  });

  it('falls back to General Medicine with low confidence for an unknown condition', async () => {
    const { predicted_specialties } = (await recommend('feeling a bit odd')).json.data;
    expect(predicted_specialties).toEqual([{ name: 'General Medicine', confidence: expect.any(Number) }]);
    expect(predicted_specialties[0].confidence).toBeLessThan(0.5);
  });

  it('echoes the condition as interpreted: trimmed, lower case, single spaces', async () => {
    expect((await recommend('  Chest   PAIN ')).json.data.input_condition).toBe('chest pain');
  });

  it('recommends facilities offering a predicted specialty, by final_rank_score descending', async () => {
    const { predicted_specialties, recommended_specialists } = (await recommend('my child has a fever')).json
      .data;
    const scores = recommended_specialists.map((s: { final_rank_score: number }) => s.final_rank_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const specialist of recommended_specialists) {
      const predicted = predicted_specialties.find(
        (p: { name: string }) => p.name === specialist.specialty_matched,
      );
      expect(specialist.confidence_score).toBe(predicted.confidence);
      const recorded = health.sandbox.dataset.facilities.find(
        (f) => f.name === specialist.name && f.point.latitude === specialist.coordinates.lat,
      )!;
      expect(recorded.specialties).toContain(specialist.specialty_matched);
      expect(specialist.status).toBe(recorded.functionalStatus);
    }
  });

  it.each<Record<string, string>>([{}, { health_condition: '' }, { health_condition: '   ' }])(
    'is 400 HEALTH_CONDITION_REQUIRED for %p',
    async (query) => {
      const res = await health.get('specialist', { loccode: KANO_STREET, ...query });
      expect(res.status).toBe(400);
      expect(shapeErrors(res.json, ERROR_BODY)).toEqual([]);
      expect(res.json.error.code).toBe('HEALTH_CONDITION_REQUIRED');
    },
  );
});
