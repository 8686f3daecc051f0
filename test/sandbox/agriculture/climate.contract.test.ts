import { failWithStatus } from '../../support/sandbox';
import { roundPoint } from '../../../src/sandbox/geo/point';
import { FIXED_NOW } from '../../support/sandbox';
import { expectOkShape } from '../../support/shape';
import { areaOf, displayForm, expectError, PATHS, useAgricultureSandbox } from './harness';
import { CLIMATE_BODY } from './shapes';

describe('agriculture Get Climate (/data/climate/by-loccode)', () => {
  const agri = useAgricultureSandbox();
  const getClimate = (loccode: string) => agri.get(PATHS.climate, { loccode });
  const kanoStreet = () => agri.sandbox.dataset.streets.find((s) => s.state === 'Kano')!;

  it('answers a street loccode with one climate record of the spec types', async () => {
    const street = kanoStreet();
    const res = await getClimate(street.code);
    expectOkShape(res, CLIMATE_BODY);
    expect(res.json.climate_data).toHaveLength(1);
  });

  it('echoes the loccode exactly as sent at the top level and in display form in the record', async () => {
    const street = kanoStreet();
    const res = await getClimate(street.code);
    expect(res.json.loccode).toBe(street.code);
    expect(res.json.climate_data[0].loccode).toBe(displayForm(street.code));
    expect(res.json.climate_data[0].loccode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{3}$/);
  });

  it("carries the locality's state, city and coordinates and the clock's time", async () => {
    const area = areaOf(agri.sandbox, 'Kano');
    const record = (await getClimate(area.code)).json.climate_data[0];
    expect(record).toMatchObject({
      loccode: displayForm(area.code),
      state: 'Kano',
      city: area.city,
      ...roundPoint(area.point),
      event_timestamp: FIXED_NOW.toISOString(),
    });
  });

  it('keeps every measurement in its physical range', async () => {
    for (const state of ['Borno', 'Kano', 'Lagos', 'Rivers', 'Plateau']) {
      const record = (await getClimate(areaOf(agri.sandbox, state).code)).json.climate_data[0];
      expect(record.relative_humidity_2m).toBeGreaterThanOrEqual(0);
      expect(record.relative_humidity_2m).toBeLessThanOrEqual(100);
      expect(record.precipitation).toBeGreaterThanOrEqual(0);
      expect(record.temperature_2m).toBeGreaterThan(10);
      expect(record.temperature_2m).toBeLessThan(45);
      for (const depth of ['soil_moisture_0_10cm', 'soil_moisture_10_40cm']) {
        expect(record[depth]).toBeGreaterThanOrEqual(0.05);
        expect(record[depth]).toBeLessThanOrEqual(0.45);
      }
    }
  });

  it('writes farmer interpretations that quote the numbers they interpret', async () => {
    const record = (await getClimate(areaOf(agri.sandbox, 'Lagos').code)).json.climate_data[0];
    const text = record.farmer_interpretation;
    expect(text.temperature).toContain(`${record.temperature_2m.toFixed(1)} °C`);
    expect(text.humidity).toContain(`${record.relative_humidity_2m}%`);
    expect(text.rainfall).toContain(`${record.precipitation.toFixed(1)} mm`);
    expect(text.soil_moisture).toContain(record.soil_moisture_0_10cm.toFixed(3));
    expect(text.soil_temperature).toContain(`${record.soil_temperature_0cm.toFixed(1)} °C`);
    expect(text.outlook_summary).toMatch(/^[A-Z][^.]*\.$/);
  });

  it('adds an unlisted data_version key, which clients must ignore', async () => {
    expect((await getClimate(kanoStreet().code)).json.data_version).toBe('2026.3');
  });

  describe('both documented forms', () => {
    it('gives the same answer for GET ?loccode= and POST {loccode}', async () => {
      const area = areaOf(agri.sandbox, 'Rivers');
      const viaQuery = await getClimate(area.code);
      const viaBody = await agri.post(PATHS.climate, { loccode: area.code });
      expect(viaBody.status).toBe(200);
      expect(viaBody.text).toBe(viaQuery.text);
    });

    it('takes the loccode from the query string of a POST without a body', async () => {
      const area = areaOf(agri.sandbox, 'Rivers');
      const res = await agri.post(`${PATHS.climate}?loccode=${encodeURIComponent(area.code)}`, '');
      expect(res.status).toBe(200);
      expect(res.json.loccode).toBe(area.code);
    });
  });

  describe('errors', () => {
    it('returns 400 LOCCODE_REQUIRED when loccode is missing or empty (GET)', async () => {
      expectError(await agri.getRaw(PATHS.climate), 400, 'LOCCODE_REQUIRED');
      expectError(await getClimate(''), 400, 'LOCCODE_REQUIRED');
    });

    it('returns 400 LOCCODE_REQUIRED when the POST body has no loccode', async () => {
      expectError(await agri.post(PATHS.climate, {}), 400, 'LOCCODE_REQUIRED');
      expectError(await agri.post(PATHS.climate, { loccode: '' }), 400, 'LOCCODE_REQUIRED');
    });

    it('returns 400 INVALID_JSON when the POST body is not JSON', async () => {
      expectError(await agri.post(PATHS.climate, '{"loccode": '), 400, 'INVALID_JSON');
    });

    it.each([
      ['an unregistered loccode', 'ZZ9Z 9ZZ'],
      ['a lowercase loccode', 'kan 700001'],
      ['the hyphenated display form', 'KAN-700001'],
      ['a loccode with a double space', 'KAN  700001'],
      ['a padded loccode', ' KAN 700001 '],
    ])('returns 404 LOCCODE_NOT_FOUND for %s', async (_case, loccode) => {
      expectError(await getClimate(loccode), 404, 'LOCCODE_NOT_FOUND');
    });

    it('returns 404 LOCCODE_NOT_FOUND for a loccode that is not a string', async () => {
      expectError(await agri.post(PATHS.climate, { loccode: 700001 }), 404, 'LOCCODE_NOT_FOUND');
    });

    it('returns 503 SERVICE_UNAVAILABLE when the climate data source is down (fault switch)', async () => {
      const loccode = areaOf(agri.sandbox, 'Kano').code;
      failWithStatus(agri.sandbox.controls, 'agriculture', 'climate', { status: 503, times: 1 });
      expectError(await getClimate(loccode), 503, 'SERVICE_UNAVAILABLE');
      expect((await getClimate(loccode)).status).toBe(200);
    });
  });
});
