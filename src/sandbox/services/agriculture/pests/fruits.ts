import { everywhere, inZones, SOUTH, type CropPest, type Pest } from './types';

/** Green mango, watermelon and pineapple: pests and diseases in Nigeria (IITA, FAO, CABI and NARI literature). */

const orientalFruitFly: Pest = {
  common: 'Oriental fruit fly',
  scientific: 'Bactrocera dorsalis',
  favouredBy: ['high_temperature', 'high_humidity'],
  control: 'hang methyl eugenol traps and collect and bury fallen fruit',
};

const mangoSeedWeevil: Pest = {
  common: 'Mango seed weevil',
  scientific: 'Sternochetus mangiferae',
  favouredBy: ['high_temperature'],
  control: 'collect and destroy fallen fruit and seeds',
};

const mangoAnthracnose: Pest = {
  common: 'Mango anthracnose',
  scientific: 'Colletotrichum gloeosporioides',
  favouredBy: ['high_humidity', 'heavy_rainfall'],
  control: 'spray a copper fungicide from flowering and prune for air flow',
};

const mangoMealybug: Pest = {
  common: 'Mango mealybug',
  scientific: 'Rastrococcus invadens',
  favouredBy: ['dry_spell'],
  control: 'protect its parasitoid Gyranusoidea tebygi by avoiding broad-spectrum sprays',
};

const bacterialBlackSpot: Pest = {
  common: 'Bacterial black spot',
  scientific: 'Xanthomonas campestris pv. mangiferaeindicae',
  favouredBy: ['high_humidity'],
  control: 'plant windbreaks, prune infected twigs and spray copper',
};

const melonFly: Pest = {
  common: 'Melon fly',
  scientific: 'Zeugodacus cucurbitae',
  favouredBy: ['high_temperature'],
  control: 'use cue-lure traps and bury damaged fruit',
};

const cucurbitDownyMildew: Pest = {
  common: 'Cucurbit downy mildew',
  scientific: 'Pseudoperonospora cubensis',
  favouredBy: ['high_humidity'],
  control: 'avoid overhead irrigation and spray mancozeb at first symptoms',
};

const powderyMildew: Pest = {
  common: 'Powdery mildew',
  scientific: 'Podosphaera xanthii',
  favouredBy: ['dry_spell'],
  control: 'spray sulphur and remove old infected leaves',
};

const melonAphid: Pest = {
  common: 'Melon aphid',
  scientific: 'Aphis gossypii',
  favouredBy: ['dry_spell'],
  control: 'spray neem or soap solution and encourage ladybirds',
};

const gummyStemBlight: Pest = {
  common: 'Gummy stem blight',
  scientific: 'Stagonosporopsis cucurbitacearum',
  favouredBy: ['high_humidity', 'heavy_rainfall'],
  control: 'rotate fields for two years and use treated seed',
};

const pineappleMealybug: Pest = {
  common: 'Pineapple mealybug wilt',
  scientific: 'Dysmicoccus brevipes',
  favouredBy: ['dry_spell'],
  control: 'treat suckers before planting and control the ants that tend mealybugs',
};

const heartRot: Pest = {
  common: 'Heart and root rot',
  scientific: 'Phytophthora nicotianae',
  favouredBy: ['waterlogged_soil', 'heavy_rainfall'],
  control: 'plant on raised beds and dip suckers in fungicide',
};

const fruitletCoreRot: Pest = {
  common: 'Fruitlet core rot',
  scientific: 'Fusarium ananatum',
  favouredBy: ['high_humidity'],
  control: 'time flower induction so fruit matures outside the wettest months',
};

export const FRUIT_PESTS: Record<'mango_green' | 'watermelon' | 'pineapple', readonly CropPest[]> = {
  mango_green: [
    everywhere(orientalFruitFly),
    everywhere(mangoSeedWeevil),
    everywhere(mangoAnthracnose),
    everywhere(mangoMealybug),
    everywhere(bacterialBlackSpot),
  ],
  watermelon: [
    everywhere(melonFly),
    everywhere(cucurbitDownyMildew),
    everywhere(powderyMildew),
    everywhere(melonAphid),
    inZones(SOUTH, gummyStemBlight),
  ],
  pineapple: [everywhere(pineappleMealybug), everywhere(heartRot), everywhere(fruitletCoreRot)],
};
