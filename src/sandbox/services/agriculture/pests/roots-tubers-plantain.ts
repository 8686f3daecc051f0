import { everywhere, inZones, SOUTH, type CropPest, type Pest } from './types';

/** Yam, cassava, cocoyam and plantain: pests and diseases in Nigeria (IITA, FAO, CABI and NARI literature). */

const yamBeetle: Pest = {
  common: 'Yam beetle',
  scientific: 'Heteroligus meles',
  favouredBy: ['high_humidity'],
  control: 'plant late enough to miss the beetle flight and treat setts before planting',
};

const yamAnthracnose: Pest = {
  common: 'Yam anthracnose',
  scientific: 'Colletotrichum gloeosporioides',
  favouredBy: ['high_humidity', 'heavy_rainfall'],
  control:
    'stake vines, plant tolerant varieties and spray a copper or mancozeb fungicide at first leaf spots',
};

const yamNematode: Pest = {
  common: 'Yam dry rot nematode',
  scientific: 'Scutellonema bradys',
  favouredBy: ['high_temperature'],
  control: 'plant clean or hot-water-treated setts and rotate with cereals',
};

const yamMosaic: Pest = {
  common: 'Yam mosaic disease',
  scientific: 'Yam mosaic virus',
  favouredBy: ['dry_spell'],
  control: 'select setts from healthy plants and rogue plants with mottled leaves',
};

const cassavaMosaic: Pest = {
  common: 'Cassava mosaic disease',
  scientific: 'African cassava mosaic virus',
  favouredBy: ['high_temperature', 'dry_spell'],
  control:
    'plant clean stems of resistant varieties, uproot and burn infected plants early and keep whitefly (Bemisia tabaci) numbers down',
};

const cassavaMealybug: Pest = {
  common: 'Cassava mealybug',
  scientific: 'Phenacoccus manihoti',
  favouredBy: ['dry_spell'],
  control:
    'plant clean cuttings; the released parasitoid Anagyrus lopezi keeps it down, so avoid broad-spectrum sprays',
};

const cassavaGreenMite: Pest = {
  common: 'Cassava green mite',
  scientific: 'Mononychellus tanajoa',
  favouredBy: ['dry_spell', 'high_temperature'],
  control:
    'plant early in the rains so plants are strong before the dry season, and spare the predatory mite Typhlodromalus aripo',
};

const cassavaBacterialBlight: Pest = {
  common: 'Cassava bacterial blight',
  scientific: 'Xanthomonas axonopodis pv. manihotis',
  favouredBy: ['high_humidity', 'heavy_rainfall'],
  control: 'use healthy cuttings, disinfect cutting tools and rotate fields',
};

const variegatedGrasshopper: Pest = {
  common: 'Variegated grasshopper',
  scientific: 'Zonocerus variegatus',
  favouredBy: ['dry_spell'],
  control: 'dig out egg pods in the rainy season and clear Chromolaena thickets where hoppers gather',
};

const cocoyamRootRot: Pest = {
  common: 'Cocoyam root rot blight',
  scientific: 'Pythium myriotylum',
  favouredBy: ['waterlogged_soil', 'heavy_rainfall'],
  control: 'plant on well-drained ridges and use healthy corms',
};

const taroLeafBlight: Pest = {
  common: 'Taro leaf blight',
  scientific: 'Phytophthora colocasiae',
  favouredBy: ['high_humidity', 'heavy_rainfall'],
  control: 'remove infected leaves, widen spacing and grow tolerant varieties',
};

const dasheenMosaic: Pest = {
  common: 'Dasheen mosaic disease',
  scientific: 'Dasheen mosaic virus',
  favouredBy: ['dry_spell'],
  control: 'plant virus-free corms and control aphids',
};

const blackSigatoka: Pest = {
  common: 'Black Sigatoka',
  scientific: 'Pseudocercospora fijiensis',
  favouredBy: ['high_humidity', 'heavy_rainfall'],
  control: 'remove and destroy spotted leaves every two weeks and grow tolerant hybrids (e.g. PITA 14)',
};

const bananaWeevil: Pest = {
  common: 'Banana weevil',
  scientific: 'Cosmopolites sordidus',
  favouredBy: ['high_humidity'],
  control: 'pare and hot-water-treat suckers and chop old pseudostems after harvest',
};

const burrowingNematode: Pest = {
  common: 'Burrowing nematode',
  scientific: 'Radopholus similis',
  favouredBy: ['high_temperature'],
  control: 'plant pared, hot-water-treated suckers and rotate fields',
};

const bunchyTop: Pest = {
  common: 'Banana bunchy top disease',
  scientific: 'Banana bunchy top virus',
  favouredBy: ['dry_spell'],
  control:
    'uproot and destroy infected mats, control the banana aphid Pentalonia nigronervosa and plant certified suckers only',
};

export const ROOT_TUBER_AND_PLANTAIN_PESTS: Record<
  'yam' | 'cassava' | 'cocoyam' | 'plantain',
  readonly CropPest[]
> = {
  yam: [
    inZones(['north-central', ...SOUTH], yamBeetle),
    everywhere(yamAnthracnose),
    everywhere(yamNematode),
    everywhere(yamMosaic),
  ],
  cassava: [
    everywhere(cassavaMosaic),
    everywhere(cassavaMealybug),
    everywhere(cassavaGreenMite),
    inZones(['north-central', ...SOUTH], cassavaBacterialBlight),
    inZones(SOUTH, variegatedGrasshopper),
  ],
  cocoyam: [everywhere(cocoyamRootRot), everywhere(taroLeafBlight), everywhere(dasheenMosaic)],
  // Bunchy top reached Nigeria in 2012 in Ogun, Oyo and Osun, and is still confined to the south-west.
  plantain: [
    everywhere(blackSigatoka),
    everywhere(bananaWeevil),
    everywhere(burrowingNematode),
    inZones(['southwest'], bunchyTop),
  ],
};
