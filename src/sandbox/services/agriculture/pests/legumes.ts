import { everywhere, FAR_NORTH, inZones, NORTH, type CropPest, type Pest } from './types';

/** Cowpea, groundnut and Bambara groundnut: pests and diseases in Nigeria (IITA, FAO, CABI and NARI literature). */

const podBorer: Pest = {
  common: 'Legume pod borer',
  scientific: 'Maruca vitrata',
  favouredBy: ['high_humidity'],
  control: 'spray neem extract or an approved insecticide at flower-bud stage and again at podding',
};

const flowerThrips: Pest = {
  common: 'Flower bud thrips',
  scientific: 'Megalurothrips sjostedti',
  favouredBy: ['dry_spell', 'high_temperature'],
  control: 'scout flower buds from 30 days after sowing and spray at the bud stage',
};

const cowpeaAphid: Pest = {
  common: 'Cowpea aphid',
  scientific: 'Aphis craccivora',
  favouredBy: ['dry_spell'],
  control: 'use aphid-resistant varieties and spray neem or soap solution on colonies',
};

const podSuckingBug: Pest = {
  common: 'Pod-sucking bug',
  scientific: 'Clavigralla tomentosicollis',
  favouredBy: ['high_temperature'],
  control: 'spray at early podding and harvest dry pods promptly',
};

const cowpeaBruchid: Pest = {
  common: 'Cowpea bruchid',
  scientific: 'Callosobruchus maculatus',
  favouredBy: ['high_temperature'],
  control: 'store dry grain in hermetic triple-layer (PICS) bags',
};

const cowpeaWitchweed: Pest = {
  common: 'Cowpea witchweed',
  scientific: 'Striga gesnerioides',
  favouredBy: ['dry_spell'],
  control: 'grow Striga-resistant cowpea varieties and hand-pull before the weed sets seed',
};

const groundnutRosette: Pest = {
  common: 'Groundnut rosette disease',
  scientific: 'Groundnut rosette virus',
  favouredBy: ['dry_spell'],
  control:
    'sow early at close spacing, which discourages the aphid vector Aphis craccivora, and grow rosette-resistant varieties (e.g. SAMNUT 23)',
};

const earlyLeafSpot: Pest = {
  common: 'Early leaf spot',
  scientific: 'Passalora arachidicola',
  favouredBy: ['high_humidity'],
  control: 'rotate with cereals and spray a recommended fungicide when spots appear',
};

const lateLeafSpot: Pest = {
  common: 'Late leaf spot',
  scientific: 'Nothopassalora personata',
  favouredBy: ['high_humidity', 'heavy_rainfall'],
  control: 'grow tolerant varieties and remove volunteer groundnut plants',
};

const aflatoxinMould: Pest = {
  common: 'Aflatoxin mould',
  scientific: 'Aspergillus flavus',
  favouredBy: ['high_temperature', 'dry_spell'],
  control: 'apply the Aflasafe biocontrol before flowering, harvest on time and dry pods fast on tarpaulins',
};

const termites: Pest = {
  common: 'Termites',
  scientific: 'Microtermes spp.',
  favouredBy: ['dry_spell'],
  control: 'remove crop debris, harvest promptly and avoid plant stress from drought',
};

const bambaraLeafSpot: Pest = {
  common: 'Cercospora leaf spot',
  scientific: 'Cercospora canescens',
  favouredBy: ['high_humidity'],
  control: 'rotate with cereals and remove infected debris',
};

const bambaraWilt: Pest = {
  common: 'Fusarium wilt',
  scientific: 'Fusarium oxysporum',
  favouredBy: ['high_temperature', 'waterlogged_soil'],
  control: 'rotate fields and avoid waterlogged sites',
};

const javaneseRootKnot: Pest = {
  common: 'Root-knot nematode',
  scientific: 'Meloidogyne javanica',
  favouredBy: ['high_temperature'],
  control: 'rotate with cereals and add organic matter',
};

export const LEGUME_PESTS: Record<'cowpea' | 'groundnut' | 'bambara_groundnut', readonly CropPest[]> = {
  cowpea: [
    everywhere(podBorer),
    everywhere(flowerThrips),
    everywhere(cowpeaAphid),
    inZones(NORTH, podSuckingBug),
    everywhere(cowpeaBruchid),
    inZones(FAR_NORTH, cowpeaWitchweed),
  ],
  groundnut: [
    inZones(NORTH, groundnutRosette),
    everywhere(earlyLeafSpot),
    everywhere(lateLeafSpot),
    everywhere(aflatoxinMould),
    inZones(NORTH, termites),
  ],
  bambara_groundnut: [
    everywhere(cowpeaAphid),
    everywhere(bambaraLeafSpot),
    everywhere(cowpeaBruchid),
    everywhere(bambaraWilt),
    everywhere(javaneseRootKnot),
  ],
};
