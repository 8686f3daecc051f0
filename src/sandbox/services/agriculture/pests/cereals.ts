import { everywhere, FAR_NORTH, inZones, NORTH, SOUTH, type CropPest, type Pest } from './types';

/** Maize, rice, sorghum and millet: pests and diseases in Nigeria (IITA, FAO, CABI and NARI literature). */

const fallArmyworm: Pest = {
  common: 'Fall armyworm',
  scientific: 'Spodoptera frugiperda',
  favouredBy: ['high_temperature', 'dry_spell'],
  control:
    'scout twice a week for window-pane feeding in the whorl, crush egg masses and, above 20% infested plants, apply a Bt or emamectin benzoate spray into the whorl early in the morning',
};

const maizeStalkBorer: Pest = {
  common: 'Maize stalk borer',
  scientific: 'Busseola fusca',
  favouredBy: ['high_humidity'],
  control: 'plant early, destroy old stalks after harvest and intercrop with cowpea or Desmodium',
};

const pinkStemBorer: Pest = {
  common: 'Pink stem borer',
  scientific: 'Sesamia calamistis',
  favouredBy: ['high_humidity'],
  control: 'remove and burn crop residues and avoid staggered planting next to old maize fields',
};

const sugarcaneBorer: Pest = {
  common: 'African sugarcane borer',
  scientific: 'Eldana saccharina',
  favouredBy: ['high_humidity'],
  control: 'harvest promptly, destroy stubble and keep fields free of wild grass hosts',
};

const maizeStreak: Pest = {
  common: 'Maize streak disease',
  scientific: 'Maize streak virus',
  favouredBy: ['dry_spell', 'high_temperature'],
  control:
    'grow streak-resistant varieties and avoid late planting next to older cereal fields, where the Cicadulina leafhoppers that spread it build up',
};

const northernLeafBlight: Pest = {
  common: 'Northern leaf blight',
  scientific: 'Exserohilum turcicum',
  favouredBy: ['high_humidity'],
  control: 'grow tolerant hybrids and rotate maize with legumes',
};

const witchweed: Pest = {
  common: 'Witchweed',
  scientific: 'Striga hermonthica',
  favouredBy: ['dry_spell'],
  control: 'use Striga-tolerant varieties, rotate with soybean or cowpea and hand-pull before flowering',
};

const riceBlast: Pest = {
  common: 'Rice blast',
  scientific: 'Magnaporthe oryzae',
  favouredBy: ['high_humidity'],
  control:
    'grow blast-resistant varieties (e.g. FARO 66, FARO 67), avoid excess nitrogen and drain fields periodically',
};

const riceGallMidge: Pest = {
  common: 'African rice gall midge',
  scientific: 'Orseolia oryzivora',
  favouredBy: ['heavy_rainfall', 'high_humidity'],
  control: 'transplant early, remove ratoons and wild rice near the field and use tolerant varieties',
};

const riceYellowMottle: Pest = {
  common: 'Rice yellow mottle disease',
  scientific: 'Rice yellow mottle virus',
  favouredBy: ['high_temperature'],
  control: 'plough in stubble, control beetle vectors and grow resistant varieties',
};

const stalkEyedFly: Pest = {
  common: 'Stalk-eyed fly',
  scientific: 'Diopsis longicornis',
  favouredBy: ['high_humidity'],
  control: 'keep a balanced fertiliser rate and remove dead hearts early',
};

const brownSpot: Pest = {
  common: 'Brown spot',
  scientific: 'Bipolaris oryzae',
  favouredBy: ['high_humidity'],
  control: 'correct potassium and silicon deficiency and use treated seed',
};

const queleaBird: Pest = {
  common: 'Red-billed quelea',
  scientific: 'Quelea quelea',
  favouredBy: ['dry_spell'],
  control: 'guard fields at grain filling, harvest promptly and report large flocks to the state ADP',
};

const sorghumMidge: Pest = {
  common: 'Sorghum midge',
  scientific: 'Stenodiplosis sorghicola',
  favouredBy: ['high_humidity'],
  control: 'plant in a short window across the village so flowering is uniform',
};

const sorghumHeadBug: Pest = {
  common: 'Sorghum head bug',
  scientific: 'Eurystylus oldi',
  favouredBy: ['high_humidity'],
  control: 'grow compact-panicle varieties and harvest as soon as grain matures',
};

const grainMould: Pest = {
  common: 'Grain mould',
  scientific: 'Fusarium and Curvularia spp.',
  favouredBy: ['heavy_rainfall', 'high_humidity'],
  control: 'choose varieties that mature after the rains end and dry grain quickly after harvest',
};

const sorghumAnthracnose: Pest = {
  common: 'Sorghum anthracnose',
  scientific: 'Colletotrichum sublineola',
  favouredBy: ['high_humidity'],
  control: 'grow resistant varieties and rotate with legumes',
};

const milletHeadMiner: Pest = {
  common: 'Millet head miner',
  scientific: 'Heliocheilus albipunctella',
  favouredBy: ['high_temperature'],
  control: 'release the parasitoid Habrobracon hebetor and shake larvae from heads',
};

const downyMildew: Pest = {
  common: 'Millet downy mildew',
  scientific: 'Sclerospora graminicola',
  favouredBy: ['high_humidity'],
  control: 'treat seed with metalaxyl and rogue infected plants',
};

const milletSmut: Pest = {
  common: 'Millet smut',
  scientific: 'Moesziomyces penicillariae',
  favouredBy: ['high_humidity', 'heavy_rainfall'],
  control: 'grow smut-tolerant varieties and avoid flowering in the wettest weeks by timing the sowing',
};

const milletStemBorer: Pest = {
  common: 'Millet stem borer',
  scientific: 'Coniesta ignefusalis',
  favouredBy: ['high_humidity'],
  control: 'burn or bury old stems before the rains',
};

export const CEREAL_PESTS: Record<'maize' | 'rice' | 'sorghum' | 'millet', readonly CropPest[]> = {
  maize: [
    everywhere(fallArmyworm),
    inZones(NORTH, maizeStalkBorer),
    everywhere(pinkStemBorer),
    inZones(SOUTH, sugarcaneBorer),
    everywhere(maizeStreak),
    inZones(['north-central', ...SOUTH], northernLeafBlight),
    inZones(NORTH, witchweed),
  ],
  rice: [
    everywhere(riceBlast),
    everywhere(riceGallMidge),
    everywhere(riceYellowMottle),
    inZones(['north-central', ...SOUTH], stalkEyedFly),
    everywhere(brownSpot),
    inZones(FAR_NORTH, queleaBird),
  ],
  sorghum: [
    inZones(NORTH, sorghumMidge),
    inZones(NORTH, maizeStalkBorer),
    inZones(NORTH, witchweed),
    inZones(NORTH, sorghumHeadBug),
    everywhere(grainMould),
    everywhere(sorghumAnthracnose),
    inZones(FAR_NORTH, queleaBird),
  ],
  millet: [
    inZones(FAR_NORTH, milletHeadMiner),
    everywhere(downyMildew),
    everywhere(milletSmut),
    inZones(NORTH, milletStemBorer),
    inZones(NORTH, witchweed),
    inZones(FAR_NORTH, queleaBird),
  ],
};
