import { round } from '../../geo/point';
import { Random } from '../../dataset/random';
import type { GeoZone, Locality } from '../../dataset/types';

type Trend = 'increasing' | 'stable' | 'decreasing';

interface Disease {
  source: string;
  /** Cases per 1,000 people, by geopolitical zone, before the LGA's own variation. */
  perThousand: Record<GeoZone, number>;
  /** Chances of each trend, summing to 1. */
  trendOdds: Record<Trend, number>;
}

/**
 * Plausible zone levels: malaria highest in the north-central and the south,
 * diarrhoea and respiratory infections higher in the north, non-communicable
 * diseases higher in the urban south.
 */
const DISEASES: Record<string, Disease> = {
  malaria: {
    source: 'National Malaria Indicator Survey (NMIS) 2021',
    perThousand: {
      'north-central': 300,
      'south-south': 280,
      'south-east': 260,
      southwest: 240,
      'north-west': 220,
      'north-east': 200,
    },
    trendOdds: { increasing: 0.15, stable: 0.35, decreasing: 0.5 },
  },
  hypertension: {
    source: 'WHO STEPS survey, Nigeria',
    perThousand: {
      'south-east': 310,
      southwest: 300,
      'south-south': 290,
      'north-central': 260,
      'north-west': 220,
      'north-east': 210,
    },
    trendOdds: { increasing: 0.6, stable: 0.35, decreasing: 0.05 },
  },
  diabetes_mellitus: {
    source: 'IDF Diabetes Atlas, Nigeria estimates',
    perThousand: {
      'south-south': 62,
      southwest: 58,
      'south-east': 55,
      'north-central': 45,
      'north-west': 40,
      'north-east': 38,
    },
    trendOdds: { increasing: 0.65, stable: 0.3, decreasing: 0.05 },
  },
  respiratory_infections: {
    source: 'NHMIS (DHIS2) facility returns',
    perThousand: {
      'north-west': 130,
      'north-east': 125,
      'north-central': 105,
      'south-east': 88,
      'south-south': 85,
      southwest: 84,
    },
    trendOdds: { increasing: 0.25, stable: 0.5, decreasing: 0.25 },
  },
  diarrheal_diseases: {
    source: 'Nigeria Demographic and Health Survey (NDHS) 2018',
    perThousand: {
      'north-west': 110,
      'north-east': 105,
      'north-central': 80,
      'south-south': 60,
      'south-east': 55,
      southwest: 50,
    },
    trendOdds: { increasing: 0.15, stable: 0.4, decreasing: 0.45 },
  },
  musculoskeletal_conditions: {
    source: 'Global Burden of Disease 2021, Nigeria',
    perThousand: {
      southwest: 74,
      'south-south': 72,
      'south-east': 73,
      'north-central': 70,
      'north-west': 68,
      'north-east': 67,
    },
    trendOdds: { increasing: 0.3, stable: 0.6, decreasing: 0.1 },
  },
};

/** Prevalence of each tracked disease around the locality; stable per LGA, trends stable per state. */
export function diseasePrevalence(locality: Locality): Record<string, object> {
  return Object.fromEntries(
    Object.entries(DISEASES).map(([key, disease]) => {
      const variation = new Random(`prevalence:${locality.state}:${locality.lga}:${key}`).between(0.85, 1.15);
      return [
        key,
        {
          source: disease.source,
          trend: trend(disease.trendOdds, new Random(`trend:${locality.state}:${key}`).next()),
          prevalence_per_1000: round(disease.perThousand[locality.zone] * variation, 1),
        },
      ];
    }),
  );
}

function trend(odds: Record<Trend, number>, draw: number): Trend {
  if (draw < odds.increasing) return 'increasing';
  if (draw < odds.increasing + odds.stable) return 'stable';
  return 'decreasing';
}
