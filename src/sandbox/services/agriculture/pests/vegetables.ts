import { everywhere, inZones, NORTH, SOUTH, type CropPest, type Pest } from './types';

/** Tomato, pepper and dried onion: pests and diseases in Nigeria (IITA, FAO, CABI and NARI literature). */

const tomatoLeafMiner: Pest = {
  common: 'Tomato leaf miner',
  scientific: 'Tuta absoluta',
  favouredBy: ['high_temperature', 'dry_spell'],
  control:
    'set pheromone traps, remove mined leaves and rotate approved insecticides (e.g. spinosad, chlorantraniliprole)',
};

const bacterialWilt: Pest = {
  common: 'Bacterial wilt',
  scientific: 'Ralstonia solanacearum',
  favouredBy: ['high_temperature', 'waterlogged_soil'],
  control: 'rotate away from tomato, pepper and eggplant for three seasons and uproot wilted plants',
};

const earlyBlight: Pest = {
  common: 'Early blight',
  scientific: 'Alternaria solani',
  favouredBy: ['high_humidity'],
  control: 'stake and prune plants, remove lower leaves and spray mancozeb at first spots',
};

const lateBlight: Pest = {
  common: 'Late blight',
  scientific: 'Phytophthora infestans',
  favouredBy: ['high_humidity', 'heavy_rainfall'],
  control: 'spray a protective fungicide before wet spells and destroy infected plants',
};

const whitefly: Pest = {
  common: 'Whitefly',
  scientific: 'Bemisia tabaci',
  favouredBy: ['dry_spell', 'high_temperature'],
  control: 'use yellow sticky traps, raise seedlings under net and remove curled plants',
};

const rootKnotNematode: Pest = {
  common: 'Root-knot nematode',
  scientific: 'Meloidogyne incognita',
  favouredBy: ['high_temperature'],
  control: 'rotate with cereals or marigold and solarise nursery beds',
};

const pepperVeinalMottle: Pest = {
  common: 'Pepper veinal mottle disease',
  scientific: 'Pepper veinal mottle virus',
  favouredBy: ['dry_spell'],
  control: 'control aphids early and remove infected plants',
};

const pepperAnthracnose: Pest = {
  common: 'Pepper anthracnose',
  scientific: 'Colletotrichum capsici',
  favouredBy: ['high_humidity', 'heavy_rainfall'],
  control: 'use clean seed, avoid overhead watering and spray a copper fungicide at fruiting',
};

const broadMite: Pest = {
  common: 'Broad mite',
  scientific: 'Polyphagotarsonemus latus',
  favouredBy: ['dry_spell', 'high_temperature'],
  control: 'spray sulphur or a miticide at first leaf curling',
};

const phytophthoraBlight: Pest = {
  common: 'Phytophthora blight',
  scientific: 'Phytophthora capsici',
  favouredBy: ['waterlogged_soil', 'heavy_rainfall'],
  control: 'plant on raised beds and improve drainage',
};

const onionThrips: Pest = {
  common: 'Onion thrips',
  scientific: 'Thrips tabaci',
  favouredBy: ['dry_spell', 'high_temperature'],
  control: 'irrigate by sprinkler to wash off thrips and spray when counts pass 30 per plant',
};

const purpleBlotch: Pest = {
  common: 'Purple blotch',
  scientific: 'Alternaria porri',
  favouredBy: ['high_humidity'],
  control: 'rotate fields and spray mancozeb at first lesions',
};

const onionDownyMildew: Pest = {
  common: 'Onion downy mildew',
  scientific: 'Peronospora destructor',
  favouredBy: ['high_humidity'],
  control: 'plant in well-aired beds and destroy infected plants',
};

const blackMould: Pest = {
  common: 'Onion black mould',
  scientific: 'Aspergillus niger',
  favouredBy: ['high_temperature', 'high_humidity'],
  control: 'cure bulbs well and store in ventilated onion houses',
};

export const VEGETABLE_PESTS: Record<'tomato' | 'pepper' | 'onion_dried', readonly CropPest[]> = {
  tomato: [
    everywhere(tomatoLeafMiner),
    inZones(['north-central', ...SOUTH], bacterialWilt),
    everywhere(earlyBlight),
    // Late blight needs cool nights: in Nigeria it is a disease of the Jos Plateau.
    inZones(['north-central'], lateBlight),
    everywhere(whitefly),
    everywhere(rootKnotNematode),
  ],
  pepper: [
    everywhere(pepperVeinalMottle),
    everywhere(pepperAnthracnose),
    everywhere(whitefly),
    everywhere(broadMite),
    everywhere(phytophthoraBlight),
  ],
  onion_dried: [
    everywhere(onionThrips),
    everywhere(purpleBlotch),
    inZones(NORTH, onionDownyMildew),
    everywhere(blackMould),
  ],
};
