import type { EcoZone, GeoZone, Locality } from '../../../src/sandbox/dataset/types';
import { seasonPhase } from '../../../src/sandbox/services/agriculture/climate/climatology';
import { interpretClimate } from '../../../src/sandbox/services/agriculture/climate/interpretation';
import { readClimate, type ClimateReading } from '../../../src/sandbox/services/agriculture/climate/reading';
import { parseCrop, SUPPORTED_CROPS } from '../../../src/sandbox/services/agriculture/crops';
import { pestsOf } from '../../../src/sandbox/services/agriculture/pests/crop-pests';
import { transitOutlook } from '../../../src/sandbox/services/agriculture/supply/transit';
import { predictYield } from '../../../src/sandbox/services/agriculture/yields/prediction';

const ECO_ZONES = 'sahel sudan-savanna guinea-savanna derived-savanna rainforest mangrove'.split(
  ' ',
) as EcoZone[];
const GEO_ZONES = 'north-central north-east north-west south-east south-south southwest'.split(
  ' ',
) as GeoZone[];

/** A made-up locality in an eco zone; only the fields the models read matter. */
function placeIn(ecoZone: EcoZone, code = `TEST ${ecoZone}`): Locality {
  return {
    code,
    state: 'Test',
    lga: ecoZone,
    city: 'Testville',
    point: { latitude: 9, longitude: 8 },
    zone: 'north-central',
    ecoZone,
  };
}

/** 15:00 West Africa Time on the given day of 2026. */
const afternoon = (month: number, day: number) => new Date(Date.UTC(2026, month, day, 14));

describe('agriculture models', () => {
  describe('climate', () => {
    it('keeps every reading in physical ranges for every zone, month and hour', () => {
      for (const ecoZone of ECO_ZONES) {
        for (let month = 0; month < 12; month++) {
          for (const hourUtc of [2, 8, 14, 20]) {
            const reading = readClimate(placeIn(ecoZone), new Date(Date.UTC(2026, month, 10, hourUtc)));
            expect(reading.relativeHumidityPct).toBeGreaterThanOrEqual(4);
            expect(reading.relativeHumidityPct).toBeLessThanOrEqual(100);
            expect(reading.airTemperatureC).toBeGreaterThan(8);
            expect(reading.airTemperatureC).toBeLessThan(46);
            expect(reading.soilMoistureTopsoil).toBeGreaterThanOrEqual(0.05);
            expect(reading.soilMoistureSubsoil).toBeLessThanOrEqual(0.45);
            expect(reading.precipitationMm).toBeGreaterThanOrEqual(0);
          }
        }
      }
    });

    it('makes the Sahel harmattan rainless and dry, and the coast wet in July', () => {
      for (let day = 1; day <= 31; day++) {
        const january = readClimate(placeIn('sahel'), afternoon(0, day));
        expect(january.precipitationMm).toBe(0);
        expect(january.relativeHumidityPct).toBeLessThan(35);
        expect(january.season).toBe('harmattan');
      }
      const julyDays = Array.from({ length: 31 }, (_, i) =>
        readClimate(placeIn('mangrove'), afternoon(6, i + 1)),
      );
      expect(julyDays.filter((reading) => reading.precipitationMm > 0).length).toBeGreaterThan(12);
      expect(Math.min(...julyDays.map((reading) => reading.soilMoistureTopsoil))).toBeGreaterThan(0.25);
    });

    it('follows the seasons by zone: long rains in the south, short in the far north, the August break', () => {
      expect(seasonPhase('rainforest', 3)).toBe('rainy season');
      expect(seasonPhase('sahel', 3)).toBe('dry season');
      expect(seasonPhase('sahel', 7)).toBe('rainy season');
      expect(seasonPhase('derived-savanna', 7)).toBe('August break');
      expect(seasonPhase('sudan-savanna', 11)).toBe('harmattan');
      expect(seasonPhase('mangrove', 0)).toBe('dry season');
    });

    it('is warmer by day than before dawn, and the soil surface swings more than the air', () => {
      const dawn = readClimate(placeIn('sudan-savanna'), new Date(Date.UTC(2026, 3, 10, 4)));
      const day = readClimate(placeIn('sudan-savanna'), new Date(Date.UTC(2026, 3, 10, 14)));
      expect(day.airTemperatureC - dawn.airTemperatureC).toBeGreaterThan(8);
      expect(day.soilTemperatureSurfaceC - dawn.soilTemperatureSurfaceC).toBeGreaterThan(
        day.airTemperatureC - dawn.airTemperatureC,
      );
    });
  });

  describe('farmer interpretation', () => {
    const reading = (overrides: Partial<ClimateReading>): ClimateReading => ({
      airTemperatureC: 26,
      relativeHumidityPct: 60,
      precipitationMm: 12,
      soilMoistureTopsoil: 0.28,
      soilMoistureSubsoil: 0.3,
      soilTemperatureSurfaceC: 28,
      soilTemperature6cmC: 26,
      month: 6,
      season: 'rainy season',
      ...overrides,
    });

    it('calls good conditions Favourable and says so', () => {
      const text = interpretClimate(reading({}));
      expect(text.overall_outlook).toBe('Favourable');
      expect(text.outlook_summary).toMatch(/^Conditions are good for field work/);
    });

    it('calls one thing to watch Moderate', () => {
      expect(interpretClimate(reading({ relativeHumidityPct: 90 })).overall_outlook).toBe('Moderate');
    });

    it('calls flooding rain Challenging and puts drainage first', () => {
      const text = interpretClimate(reading({ precipitationMm: 72.4, airTemperatureC: 31 }));
      expect(text.overall_outlook).toBe('Challenging');
      expect(text.rainfall).toBe('Very heavy rain (72.4 mm): risk of flooding and soil erosion.');
      expect(text.outlook_summary).toMatch(/^Clear drainage channels/);
    });

    it('names the harmattan for very dry air only in the harmattan', () => {
      expect(interpretClimate(reading({ relativeHumidityPct: 15, season: 'harmattan' })).humidity).toBe(
        'Very dry, dusty harmattan air (15%): evaporation is very high.',
      );
      expect(interpretClimate(reading({ relativeHumidityPct: 15, season: 'dry season' })).humidity).toBe(
        'Very dry air (15%): evaporation is very high.',
      );
    });

    it('says 0.0 mm when no rain was recorded', () => {
      expect(interpretClimate(reading({ precipitationMm: 0 })).rainfall).toContain('(0.0 mm)');
    });
  });

  describe('crops and pests', () => {
    it('matches crop names case-insensitively and nothing else', () => {
      expect(parseCrop('KOLA_NUT')).toBe('kola_nut');
      expect(parseCrop('kola nut')).toBeUndefined();
      expect(parseCrop(' maize')).toBeUndefined();
    });

    it('has at least two pests for every crop in every geopolitical zone', () => {
      for (const crop of SUPPORTED_CROPS) {
        for (const zone of GEO_ZONES)
          expect({ crop, zone, pests: pestsOf(crop, zone).length >= 2 }).toEqual({ crop, zone, pests: true });
      }
    });

    it('keeps cocoa swollen shoot to the south-west and Striga to the north', () => {
      const names = (crop: 'cocoa' | 'sorghum', zone: GeoZone) =>
        pestsOf(crop, zone).map((pest) => pest.scientific);
      expect(names('cocoa', 'southwest')).toContain('Cacao swollen shoot virus');
      expect(names('cocoa', 'south-south')).not.toContain('Cacao swollen shoot virus');
      expect(names('sorghum', 'north-west')).toContain('Striga hermonthica');
      expect(names('sorghum', 'south-east')).not.toContain('Striga hermonthica');
    });
  });

  describe('yields', () => {
    it('keeps bags, kilograms and tonnes exactly consistent for every crop and zone', () => {
      for (const crop of SUPPORTED_CROPS) {
        for (const ecoZone of ECO_ZONES) {
          const prediction = predictYield(crop, placeIn(ecoZone), afternoon(6, 15));
          expect(Number.isInteger(prediction.totalKg)).toBe(true);
          expect(prediction.bags * 50).toBeCloseTo(prediction.totalKg, 9);
          expect(prediction.totalTonnes).toBe(prediction.tonnesPerHectare);
          expect(prediction.tonnesPerHectare).toBeGreaterThan(0);
        }
      }
    });

    it('gives an off-season crop less than an in-season one in the same place', () => {
      const place = placeIn('sudan-savanna');
      const inSeason = predictYield('onion_dried', place, afternoon(0, 15));
      const offSeason = predictYield('onion_dried', place, afternoon(6, 15));
      expect(offSeason.tonnesPerHectare).toBeLessThan(inSeason.tonnesPerHectare);
    });
  });

  describe('transit', () => {
    it('spoils leafy vegetables after six hours on the road but keeps yam for weeks', () => {
      expect(transitOutlook(6).survive).toContain('leafy_veg');
      expect(transitOutlook(6.1).spoil).toContain('leafy_veg');
      expect(transitOutlook(500).survive).toContain('yam');
    });
  });
});
