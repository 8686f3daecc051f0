import {
  assessHumidity,
  assessRainfall,
  assessSoilMoisture,
  assessSoilTemperature,
  assessTemperature,
  type Assessment,
} from './assessments';
import type { ClimateReading } from './reading';

export type Outlook = 'Challenging' | 'Favourable' | 'Moderate';

export interface FarmerInterpretation {
  temperature: string;
  humidity: string;
  rainfall: string;
  soil_moisture: string;
  soil_temperature: string;
  overall_outlook: Outlook;
  outlook_summary: string;
}

/** Spec farmer_interpretation: display-ready text per measurement, an outlook and the most urgent action. */
export function interpretClimate(reading: ClimateReading): FarmerInterpretation {
  // Listed most urgent first: water problems cost a season, heat a week.
  const assessments = {
    rainfall: assessRainfall(reading.precipitationMm, reading.soilMoistureTopsoil),
    soil_moisture: assessSoilMoisture(reading.soilMoistureTopsoil),
    temperature: assessTemperature(reading.airTemperatureC),
    humidity: assessHumidity(reading.relativeHumidityPct, reading.season === 'harmattan'),
    soil_temperature: assessSoilTemperature(reading.soilTemperatureSurfaceC),
  };
  const all = Object.values(assessments);
  const urgent = [...all].sort((a, b) => b.severity - a.severity)[0]!;
  return {
    temperature: assessments.temperature.text,
    humidity: assessments.humidity.text,
    rainfall: assessments.rainfall.text,
    soil_moisture: assessments.soil_moisture.text,
    soil_temperature: assessments.soil_temperature.text,
    overall_outlook: outlook(all),
    outlook_summary:
      urgent.severity > 0
        ? urgent.action
        : 'Conditions are good for field work: go ahead with planting, weeding and fertiliser as planned.',
  };
}

/** Challenging: anything needing action now, or three things to watch; Moderate: one or two to watch. */
function outlook(assessments: Assessment[]): Outlook {
  const watch = assessments.filter((a) => a.severity === 1).length;
  if (assessments.some((a) => a.severity === 2) || watch >= 3) return 'Challenging';
  return watch > 0 ? 'Moderate' : 'Favourable';
}
