import type { Area } from '../../../src/sandbox/dataset/types';
import { readClimate } from '../../../src/sandbox/services/agriculture/climate/reading';
import { activeConditions } from '../../../src/sandbox/services/agriculture/pests/conditions';
import { FIXED_NOW } from '../../support/sandbox';
import { expectOkShape } from '../../support/shape';
import { areaOf, displayForm, expectError, PATHS, useAgricultureSandbox } from './harness';
import { PEST_OVERVIEW, PEST_PROFILE } from './shapes';

describe('agriculture Get Pests (/monitoring/pests/by-loccode)', () => {
  const agri = useAgricultureSandbox();
  const getPests = (query: Record<string, string>) => agri.get(PATHS.pests, query);
  /** An area where, at the test clock, the weather favours no pest (and one where it does). */
  const areaWhere = (predicate: (active: string[]) => boolean): Area => {
    const area = agri.sandbox.dataset.areas.find((a) =>
      predicate(activeConditions(readClimate(a, FIXED_NOW))),
    );
    if (!area) throw new Error('no area with such weather at the test clock');
    return area;
  };
  const calmArea = () => areaWhere((active) => active.length === 0);
  const humidArea = () => areaWhere((active) => active.includes('high_humidity'));

  describe('location mode (crop absent)', () => {
    it('returns the overview shape with the display loccode, state and geopolitical zone', async () => {
      const area = areaOf(agri.sandbox, 'Kano');
      const res = await getPests({ loccode: area.code });
      expectOkShape(res, PEST_OVERVIEW);
      expect(res.json).toMatchObject({
        loccode: displayForm(area.code),
        location: `${area.city}, Kano State`,
        state: 'Kano',
        zone: 'north-west',
      });
      expect(res.json).not.toHaveProperty('dominant_pests');
    });

    it('names active conditions in identifier style, with one note citing a source for each', async () => {
      const res = await getPests({ loccode: humidArea().code });
      const { active_climate_conditions: active, climate_risk_notes: notes } = res.json;
      expect(active).toContain('high_humidity');
      for (const condition of active) expect(condition).toMatch(/^[a-z]+(_[a-z]+)+$/);
      expect(notes).toHaveLength(active.length);
      for (const note of notes) expect(note).toMatch(/\((IITA|FAO|FAO FAMEWS)\)\.$/);
      expect(res.json.risk_level).not.toBe('low');
      expect(res.json.crops_at_risk.length).toBeGreaterThan(0);
    });

    it('reports low risk, no conditions and no crops at risk when the weather favours no pest', async () => {
      const res = await getPests({ loccode: calmArea().code });
      expect(res.json).toMatchObject({
        risk_level: 'low',
        active_climate_conditions: [],
        climate_risk_notes: [],
        crops_at_risk: [],
      });
    });

    it('lists pests by scientific name and prompts for a crop', async () => {
      const res = await getPests({ loccode: areaOf(agri.sandbox, 'Kano').code });
      expect(res.json.dominant_pests_in_location.length).toBeGreaterThanOrEqual(3);
      for (const name of res.json.dominant_pests_in_location) expect(name).toMatch(/^[A-Z][a-z]+ [a-z]/);
      expect(res.json.seasonal_alert).toMatch(/^July, rainy season in Kano/);
      expect(res.json.data_sources).toContain('IITA');
      expect(res.json.tip).toContain('crop=');
    });
  });

  describe('crop mode (crop present)', () => {
    it('returns the profile shape, keeping the crop as submitted', async () => {
      const area = areaOf(agri.sandbox, 'Kano');
      const res = await getPests({ loccode: area.code, crop: 'MaIzE' });
      expectOkShape(res, PEST_PROFILE);
      expect(res.json).toMatchObject({
        loccode: displayForm(area.code),
        crop: 'MaIzE',
        location: `${area.city}, Kano State`,
      });
      expect(res.json).not.toHaveProperty('dominant_pests_in_location');
    });

    it.each([
      ['maize', 'Spodoptera frugiperda'],
      ['cassava', 'Phenacoccus manihoti'],
      ['cowpea', 'Maruca vitrata'],
      ['tomato', 'Tuta absoluta'],
    ])('names the literature pests of %s with scientific names', async (crop, scientific) => {
      const res = await getPests({ loccode: areaOf(agri.sandbox, 'Benue').code, crop });
      expect(res.json.dominant_pests.join('; ')).toContain(`(${scientific})`);
    });

    it('names black pod (Phytophthora megakarya) for cocoa in the humid south', async () => {
      const res = await getPests({ loccode: areaOf(agri.sandbox, 'Ondo').code, crop: 'cocoa' });
      expect(res.json.dominant_pests).toContain('Black pod disease (Phytophthora megakarya)');
    });

    it('lists a single "None detected" entry and low risk when the weather favours no pest', async () => {
      const res = await getPests({ loccode: calmArea().code, crop: 'maize' });
      expect(res.json.climate_conditions_affecting_pests).toEqual(['None detected']);
      expect(res.json.risk_level).toBe('low');
    });

    it('lists the measured humidity and raises the risk of a humidity-driven crop when the air is humid', async () => {
      const area = humidArea();
      const climate = await agri.get(PATHS.climate, { loccode: area.code });
      const humidity = climate.json.climate_data[0].relative_humidity_2m;
      const res = await getPests({ loccode: area.code, crop: 'rice' });
      expect(res.json.climate_conditions_affecting_pests).toContain(`High humidity (${humidity}%)`);
      expect(res.json.risk_level).toBe('high');
      expect(res.json.recommended_action).toMatch(/^High risk from /);
    });
  });

  describe('errors, checked in the order loccode required, crop, loccode lookup', () => {
    it('returns 400 LOCCODE_REQUIRED when loccode is missing, even with a bad crop', async () => {
      expectError(await getPests({}), 400, 'LOCCODE_REQUIRED');
      expectError(await getPests({ crop: 'banana' }), 400, 'LOCCODE_REQUIRED');
    });

    it('returns 400 CROP_REQUIRED when crop is present but empty', async () => {
      const res = await getPests({ loccode: areaOf(agri.sandbox, 'Kano').code, crop: '' });
      expectError(res, 400, 'CROP_REQUIRED');
      expect(res.json.error.details).toBe('crop');
    });

    it('returns 400 INVALID_CROP for a crop outside the supported list', async () => {
      expectError(
        await getPests({ loccode: areaOf(agri.sandbox, 'Kano').code, crop: 'banana' }),
        400,
        'INVALID_CROP',
      );
      expectError(
        await getPests({ loccode: areaOf(agri.sandbox, 'Kano').code, crop: 'kola nut' }),
        400,
        'INVALID_CROP',
      );
    });

    it('checks the crop before looking the loccode up', async () => {
      expectError(await getPests({ loccode: 'ZZ9Z 9ZZ', crop: 'banana' }), 400, 'INVALID_CROP');
    });

    it('returns 404 LOCCODE_NOT_FOUND for an unregistered or display-form loccode', async () => {
      expectError(await getPests({ loccode: 'ZZ9Z 9ZZ', crop: 'maize' }), 404, 'LOCCODE_NOT_FOUND');
      expectError(
        await getPests({ loccode: displayForm(areaOf(agri.sandbox, 'Kano').code) }),
        404,
        'LOCCODE_NOT_FOUND',
      );
    });
  });
});
