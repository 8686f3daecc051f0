import { round } from '../../../geo/point';
import { Random } from '../../../dataset/random';
import type { Locality } from '../../../dataset/types';
import { nigerianLocalTime } from '../local-time';
import { dayNormals, seasonPhase, soilWetness, type SeasonPhase } from './climatology';

/** One observation of a locality's weather and soil, the numbers behind every endpoint. */
export interface ClimateReading {
  airTemperatureC: number;
  relativeHumidityPct: number;
  /** Rainfall of the current local day so far, mm; 0 means none recorded. */
  precipitationMm: number;
  /** Volumetric water content, m³/m³. */
  soilMoistureTopsoil: number;
  soilMoistureSubsoil: number;
  soilTemperatureSurfaceC: number;
  soilTemperature6cmC: number;
  /** Local (WAT) calendar month, 0 = January. */
  month: number;
  season: SeasonPhase;
}

/** The Jos Plateau (about 1,200 m) is several degrees cooler than the savanna around it. */
const HIGHLAND_COOLING_C: Readonly<Record<string, number>> = { Plateau: 4 };
const SOIL_MOISTURE_RANGE = { min: 0.05, max: 0.45 } as const;
const RAINY_DAY_COOLING_C = 1.5;

interface DayWeather {
  rainMm: number;
  temperatureAnomalyC: number;
  humidityAnomalyPct: number;
}

/** Deterministic: the same locality and clock hour always give the same reading. */
export function readClimate(locality: Locality, at: Date): ClimateReading {
  const local = nigerianLocalTime(at);
  const month = local.getUTCMonth();
  const normals = dayNormals(locality.ecoZone, month, local.getUTCDate());
  const day = local.toISOString().slice(0, 10);
  // Rain falls on an LGA, not on one street: neighbours share the day's weather.
  const weather = dayWeather(new Random(`climate:${locality.state}:${locality.lga}:${day}`), normals);
  const site = new Random(`climate:${locality.code}:${day}`);

  // 1 at 15:00 local (the day's maximum), -1 at 03:00 (its minimum).
  const diurnal = Math.cos((2 * Math.PI * (local.getUTCHours() - 15)) / 24);
  // Dry air lets the day heat up and the night cool down: sahel ranges are 15 °C, the coast's 6 °C.
  const amplitude = 2 + 7 * (1 - normals.humidityPct / 100);
  const rainCooling = weather.rainMm > 0 ? RAINY_DAY_COOLING_C : 0;
  const dailyMean =
    normals.meanTempC - (HIGHLAND_COOLING_C[locality.state] ?? 0) + weather.temperatureAnomalyC - rainCooling;
  const airTemperature = dailyMean + amplitude * diurnal + site.between(-0.4, 0.4);

  const humidityMean = normals.humidityPct + weather.humidityAnomalyPct + (weather.rainMm > 0 ? 8 : 0);
  const humidity = clamp(humidityMean * (1 - 0.22 * diurnal), 4, 100);

  const topsoil = clampSoil(
    0.05 +
      0.3 * soilWetness(locality.ecoZone, month, 1) +
      Math.min(0.08, weather.rainMm * 0.003) +
      site.between(-0.02, 0.02),
  );
  const subsoil = clampSoil(
    0.08 + 0.3 * soilWetness(locality.ecoZone, month, 2) + site.between(-0.012, 0.012),
  );
  // Dry bare soil heats far above the air by day; wet soil stays close to it.
  const dryness = 1 - topsoil / SOIL_MOISTURE_RANGE.max;
  const surface = dailyMean + amplitude * 1.5 * diurnal + 3 * dryness;
  // Heat reaches 6 cm about two hours late and damped.
  const sixCm =
    dailyMean + amplitude * 0.7 * Math.cos((2 * Math.PI * (local.getUTCHours() - 17)) / 24) + 1.5 * dryness;

  return {
    airTemperatureC: round(airTemperature, 1),
    relativeHumidityPct: Math.round(humidity),
    precipitationMm: round(weather.rainMm, 1),
    soilMoistureTopsoil: round(topsoil, 3),
    soilMoistureSubsoil: round(subsoil, 3),
    soilTemperatureSurfaceC: round(surface, 1),
    soilTemperature6cmC: round(sixCm, 1),
    month,
    season: seasonPhase(locality.ecoZone, month),
  };
}

function dayWeather(random: Random, normals: { rainDays: number; wetDayRainMm: number }): DayWeather {
  const rains = random.chance(normals.rainDays / 30);
  // Daily rain totals are roughly exponential: many light showers, a few downpours.
  const amount = -normals.wetDayRainMm * Math.log(1 - random.next());
  return {
    rainMm: rains ? clamp(amount, 0.2, 150) : 0,
    temperatureAnomalyC: random.between(-1.5, 1.5),
    humidityAnomalyPct: random.between(-6, 6),
  };
}

function clampSoil(value: number): number {
  return clamp(value, SOIL_MOISTURE_RANGE.min, SOIL_MOISTURE_RANGE.max);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
