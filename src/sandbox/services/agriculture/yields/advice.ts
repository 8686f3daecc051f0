import type { EcoZone, Locality } from '../../../dataset/types';
import { ECO_ZONE_LABELS } from '../climate/climatology';
import { SOIL_MOISTURE } from '../climate/assessments';
import type { ClimateReading } from '../climate/reading';
import { locationName } from '../loccodes';
import { CROP_LABELS, SUPPORTED_CROPS, type Crop } from '../crops';
import {
  describeSeason,
  growingSeason,
  isInSeason,
  monthName,
  POOR_SUITABILITY,
  suitability,
} from './crop-profiles';

/** Field practice per crop, after NAERLS, IITA and NARI production guides for Nigeria. */
const CROP_PRACTICE: Record<Crop, string> = {
  yam: 'plant 200–500 g setts or minisetts on mounds or ridges at 1 m × 1 m at the start of the rains, stake the vines and weed three times.',
  cassava:
    'plant 25 cm stem cuttings of improved varieties (e.g. TME 419) at 1 m × 1 m, weed at 3, 8 and 12 weeks and harvest from 12 months.',
  maize:
    'sow improved hybrids at 75 cm × 25 cm, apply NPK 15-15-15 at planting and top-dress with urea at four to five weeks.',
  rice: 'transplant 21-day seedlings of FARO varieties at 20 cm × 20 cm in bunded, levelled fields and keep 5 cm of water until grain filling.',
  groundnut:
    'sow SAMNUT varieties at 50 cm × 15 cm, apply single superphosphate at planting and lift when 70% of pods are mature.',
  sorghum:
    'sow improved SAMSORG varieties at 75 cm × 30 cm, thin to two plants per stand and apply nitrogen at four weeks.',
  cowpea:
    'sow improved varieties (e.g. SAMPEA 20-T) at 75 cm × 20 cm, spray at flower-bud and podding stages and store grain in hermetic bags.',
  millet:
    'sow early varieties such as SOSAT-C88 at 75 cm × 30 cm with the first rains and microdose NPK or manure in the planting hole.',
  tomato:
    'raise seedlings in a netted nursery, transplant at 60 cm × 45 cm, stake and mulch, and water at the base, not over the leaves.',
  pepper: 'transplant six-week seedlings at 60 cm × 45 cm, mulch, and side-dress with NPK at flowering.',
  cocoa:
    'keep 60–70% shade on young farms, plant CRIN hybrids at 3 m × 3 m and harvest ripe pods every two weeks.',
  palm: 'plant NIFOR tenera seedlings at 9 m triangular spacing, ring-weed the palms and harvest ripe bunches every 10 to 14 days.',
  plantain: 'plant pared suckers at 3 m × 2 m, mulch heavily and keep one follower sucker per mat.',
  cocoyam:
    'plant 150 g corms at 1 m × 0.5 m on well-drained ridges and keep the field weed-free for three months.',
  kola_nut:
    'plant seedlings at 6 m × 6 m under light shade and cure harvested nuts in leaves before storage.',
  mango_green:
    'grow grafted improved varieties (Julie, Peter, Ogbomoso), prune after harvest and pick mature-green fruit with the stalk on.',
  watermelon:
    'sow on raised beds at 2 m × 1 m, mulch with straw and irrigate evenly until the fruits size up.',
  pineapple:
    'plant suckers at 90 cm × 30 cm in double rows, induce flowering with ethephon and harvest five to six months later.',
  onion_dried:
    'transplant six-week seedlings at 15 cm × 10 cm on fadama beds, irrigate every four to five days and cure bulbs for two weeks before storage.',
  bambara_groundnut:
    'sow at 40 cm × 20 cm on ridges, earth up at flowering and dry the pods well before storage.',
  rubber_latex: 'plant budded clones at 6.7 m × 3.4 m and tap on a half spiral every third day.',
};

const ZONE_PRACTICE: Record<EcoZone, string> = {
  sahel:
    'Rains here are short and erratic: choose extra-early varieties, plant in zai pits or tied ridges to hold water and irrigate where you can.',
  'sudan-savanna':
    'The rainy season lasts about four months: sow with the first reliable rains, use early varieties and use fadama land for a dry-season crop.',
  'guinea-savanna':
    'The long single rainy season suits most crops: watch for Striga and acid soils and rotate cereals with legumes.',
  'derived-savanna':
    'Two rainy seasons allow two plantings: time the second after the August break and protect sloping land from erosion.',
  rainforest:
    'Heavy rain leaches nutrients: add organic matter, lime acid soils and keep drains open in the peak rains.',
  mangrove:
    'Soils flood and can be saline: plant on raised beds or mounds and choose flood-tolerant varieties.',
};

const ALTERNATIVES = 3;

/** Spec: location-specific cultivation advice. */
export function growingAdvice(crop: Crop, locality: Locality): string {
  const where = `In ${locationName(locality)} (${ECO_ZONE_LABELS[locality.ecoZone]})`;
  const advice = `${where}: ${CROP_PRACTICE[crop]} ${ZONE_PRACTICE[locality.ecoZone]}`;
  if (suitability(crop, locality.ecoZone) >= POOR_SUITABILITY) return advice;
  return `${advice} Crops better suited to this area: ${betterCrops(locality.ecoZone).join(', ')}.`;
}

function betterCrops(ecoZone: EcoZone): string[] {
  return [...SUPPORTED_CROPS]
    .sort((a, b) => suitability(b, ecoZone) - suitability(a, ecoZone))
    .slice(0, ALTERNATIVES)
    .map((crop) => CROP_LABELS[crop]);
}

/** Spec: whether current conditions suit the crop's growing season; honest about poorly suited zones. */
export function seasonalNote(crop: Crop, locality: Locality, reading: ClimateReading): string {
  const label = CROP_LABELS[crop];
  const zone = ECO_ZONE_LABELS[locality.ecoZone];
  const month = monthName(reading.month);
  const season = growingSeason(crop, locality.ecoZone);
  if (!season) {
    return `${capitalise(label)} is not grown as a field crop in the ${zone}: the climate does not suit it, so this is a low, theoretical estimate.`;
  }
  const poorFit =
    suitability(crop, locality.ecoZone) < POOR_SUITABILITY
      ? ` ${capitalise(label)} is poorly suited to the ${zone}: expect low yields even in a good season.`
      : '';
  if (!isInSeason(crop, locality.ecoZone, reading.month)) {
    return `${month} is outside the ${label} season in the ${zone} (${describeSeason(season)}): grow it now only with irrigation, and expect about a fifth less.${poorFit}`;
  }
  return `${month} is within the ${label} season in the ${zone} (${describeSeason(season)}); ${soilVerdict(reading)}${poorFit}`;
}

function soilVerdict(reading: ClimateReading): string {
  if (reading.soilMoistureTopsoil < SOIL_MOISTURE.dry)
    return 'but the topsoil is too dry for sowing now: irrigate or wait for steady rain.';
  if (reading.soilMoistureTopsoil >= SOIL_MOISTURE.waterlogged)
    return 'but the soil is waterlogged now: wait for it to drain before field work.';
  return 'current soil and weather conditions suit the crop.';
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
