import { expectOkShape } from '../../support/shape';
import { areaOf, displayForm, expectError, PATHS, useAgricultureSandbox } from './harness';
import { YIELD_BODY } from './shapes';

describe('agriculture Get Crop Yield (/predict/yield/by-loccode)', () => {
  const agri = useAgricultureSandbox();
  const getYield = (query: Record<string, string>) => agri.get(PATHS.yield, query);
  const predict = async (state: string, crop: string) =>
    (await getYield({ loccode: areaOf(agri.sandbox, state).code, crop })).json;

  it('returns the spec shape with the crop lowercased, whatever case was sent', async () => {
    const area = areaOf(agri.sandbox, 'Benue');
    const res = await getYield({ loccode: area.code, crop: 'CaSsAvA' });
    expectOkShape(res, YIELD_BODY);
    expect(res.json).toMatchObject({
      loccode: displayForm(area.code),
      crop: 'cassava',
      land_size_ha: 1,
      location: `${area.city}, Benue State`,
      model_version: 'yield-gbm-2026.1',
    });
  });

  it('keeps bags, kilograms and tonnes consistent for 50 kg bags on 1.0 ha', async () => {
    for (const crop of ['yam', 'maize', 'cowpea', 'cocoa', 'tomato']) {
      const body = await predict('Ondo', crop);
      const figures = body.yield_prediction;
      expect(figures.unit).toBe('50kg bag');
      expect(figures.total_count * 50).toBeCloseTo(figures.total_kg, 6);
      expect(figures.total_tonnes * 1000).toBeCloseTo(figures.total_kg, 6);
      expect(figures.tonnes_per_hectare).toBe(figures.total_tonnes / body.land_size_ha);
      expect(figures.total_yield).toBe(
        `${figures.total_count} bags of 50 kg (${figures.total_kg.toLocaleString('en-US')} kg) from 1.0 ha`,
      );
      expect(figures.per_hectare).toContain(`${figures.tonnes_per_hectare.toFixed(2)} tonnes per hectare`);
    }
  });

  it.each([
    ['cassava', 'Benue', 8, 14],
    ['yam', 'Benue', 8, 13],
    ['maize', 'Kaduna', 1.5, 3.2],
    ['rice', 'Kebbi', 2, 3.1],
    ['cowpea', 'Kano', 0.5, 1],
    ['cocoa', 'Ondo', 0.3, 0.5],
  ])('predicts a realistic %s yield in %s (%d to %d t/ha)', async (crop, state, min, max) => {
    const tonnes = (await predict(state, crop)).yield_prediction.tonnes_per_hectare;
    expect(tonnes).toBeGreaterThanOrEqual(min);
    expect(tonnes).toBeLessThanOrEqual(max);
  });

  it('is honest about a crop the zone does not suit: cocoa in the Sahel', async () => {
    const sahel = await predict('Borno', 'cocoa');
    const forest = await predict('Ondo', 'cocoa');
    expect(sahel.yield_prediction.tonnes_per_hectare).toBeLessThan(
      forest.yield_prediction.tonnes_per_hectare / 4,
    );
    expect(sahel.seasonal_note).toContain('not grown as a field crop in the Sahel savanna');
    expect(sahel.growing_advice).toContain('Crops better suited to this area');
  });

  it('says whether July is in the crop season and gives advice for the place', async () => {
    const area = areaOf(agri.sandbox, 'Kano');
    const maize = await predict('Kano', 'maize');
    const onion = await predict('Kano', 'onion_dried');
    expect(maize.seasonal_note).toMatch(/^July is within the maize season in the Sudan savanna/);
    expect(onion.seasonal_note).toMatch(/^July is outside the dried onion season/);
    expect(maize.growing_advice).toMatch(new RegExp(`^In ${area.city}, Kano State \\(Sudan savanna\\)`));
  });

  describe('errors, checked in the order loccode required, crop, loccode lookup', () => {
    it('returns 400 LOCCODE_REQUIRED when loccode is missing', async () => {
      expectError(await getYield({ crop: 'maize' }), 400, 'LOCCODE_REQUIRED');
      expectError(await getYield({ loccode: '', crop: 'maize' }), 400, 'LOCCODE_REQUIRED');
    });

    it('returns 400 CROP_REQUIRED when crop is missing or empty', async () => {
      const loccode = areaOf(agri.sandbox, 'Kano').code;
      expectError(await getYield({ loccode }), 400, 'CROP_REQUIRED');
      expectError(await getYield({ loccode, crop: '' }), 400, 'CROP_REQUIRED');
    });

    it('returns 400 UNSUPPORTED_CROP for a crop outside the supported list', async () => {
      const res = await getYield({ loccode: areaOf(agri.sandbox, 'Kano').code, crop: 'cocoa_wet' });
      expectError(res, 400, 'UNSUPPORTED_CROP');
      expect(res.json.error.message).toContain('yam, cassava, maize');
    });

    it('checks the crop before looking the loccode up', async () => {
      expectError(await getYield({ loccode: 'ZZ9Z 9ZZ' }), 400, 'CROP_REQUIRED');
      expectError(await getYield({ loccode: 'ZZ9Z 9ZZ', crop: 'banana' }), 400, 'UNSUPPORTED_CROP');
    });

    it('returns 404 LOCCODE_NOT_FOUND for an unregistered or lowercase loccode', async () => {
      expectError(await getYield({ loccode: 'ZZ9Z 9ZZ', crop: 'maize' }), 404, 'LOCCODE_NOT_FOUND');
      const lowercase = areaOf(agri.sandbox, 'Kano').code.toLowerCase();
      expectError(await getYield({ loccode: lowercase, crop: 'maize' }), 404, 'LOCCODE_NOT_FOUND');
    });
  });
});
