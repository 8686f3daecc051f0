import { everywhere, inZones, SOUTH, type CropPest, type Pest } from './types';

/** Cocoa, oil palm, kola nut and rubber: pests and diseases in Nigeria (IITA, FAO, CABI and NARI literature). */

const blackPodMegakarya: Pest = {
  common: 'Black pod disease',
  scientific: 'Phytophthora megakarya',
  favouredBy: ['high_humidity', 'heavy_rainfall'],
  control:
    'harvest every two weeks, remove black pods and spray a copper fungicide every three to four weeks in the rains',
};

const blackPodPalmivora: Pest = {
  common: 'Black pod disease',
  scientific: 'Phytophthora palmivora',
  favouredBy: ['high_humidity'],
  control: 'prune for air flow, reduce shade and remove infected pods',
};

const cocoaMirid: Pest = {
  common: 'Cocoa mirid',
  scientific: 'Sahlbergella singularis',
  favouredBy: ['dry_spell'],
  control: 'spray approved insecticides between August and December and fill canopy gaps',
};

const brownCocoaMirid: Pest = {
  common: 'Brown cocoa mirid',
  scientific: 'Distantiella theobroma',
  favouredBy: ['dry_spell'],
  control: 'spray approved insecticides in the mirid season and keep a closed canopy',
};

const swollenShoot: Pest = {
  common: 'Cocoa swollen shoot disease',
  scientific: 'Cacao swollen shoot virus',
  favouredBy: ['high_temperature'],
  control:
    'cut out infected trees and their neighbours, which harbour the mealybug vectors, and replant with tolerant hybrids',
};

const fusariumWiltPalm: Pest = {
  common: 'Oil palm vascular wilt',
  scientific: 'Fusarium oxysporum f. sp. elaeidis',
  favouredBy: ['dry_spell', 'high_temperature'],
  control: 'plant wilt-tolerant NIFOR seedlings and avoid replanting on infected sites',
};

const palmLeafMiner: Pest = {
  common: 'Oil palm leaf miner',
  scientific: 'Coelaenomenodera lameensis',
  favouredBy: ['dry_spell'],
  control: 'prune and burn heavily mined fronds',
};

const rhinocerosBeetle: Pest = {
  common: 'Rhinoceros beetle',
  scientific: 'Oryctes monoceros',
  favouredBy: ['high_humidity'],
  control: 'remove rotting trunks and heaps of empty bunches where larvae breed',
};

const palmWeevil: Pest = {
  common: 'African palm weevil',
  scientific: 'Rhynchophorus phoenicis',
  favouredBy: ['high_humidity'],
  control: 'avoid wounding trunks, trap adults and fell and destroy infested palms',
};

const ganodermaRot: Pest = {
  common: 'Basal stem rot',
  scientific: 'Ganoderma boninense',
  favouredBy: ['waterlogged_soil', 'high_humidity'],
  control: 'remove infected stumps at replanting and improve drainage',
};

const kolaWeevil: Pest = {
  common: 'Kola weevil',
  scientific: 'Balanogastris kolae',
  favouredBy: ['high_humidity'],
  control: 'harvest ripe pods promptly and store cured nuts in clean, sealed containers',
};

const kolaNutWeevil: Pest = {
  common: 'Kola nut weevil',
  scientific: 'Sophrorhinus insperatus',
  favouredBy: ['high_humidity'],
  control: 'collect fallen pods and cure nuts quickly',
};

const kolaStemBorer: Pest = {
  common: 'Kola stem borer',
  scientific: 'Phosphorus virescens',
  favouredBy: ['high_temperature'],
  control: 'cut out bored branches and seal wounds',
};

const podRot: Pest = {
  common: 'Pod rot',
  scientific: 'Lasiodiplodia theobromae',
  favouredBy: ['high_humidity', 'heavy_rainfall'],
  control: 'remove rotten pods and avoid wounding at harvest',
};

const whiteRootRot: Pest = {
  common: 'White root rot',
  scientific: 'Rigidoporus microporus',
  favouredBy: ['high_humidity', 'waterlogged_soil'],
  control: 'remove infected stumps and treat collars with fungicide paint',
};

const corynesporaLeafFall: Pest = {
  common: 'Corynespora leaf fall',
  scientific: 'Corynespora cassiicola',
  favouredBy: ['high_humidity'],
  control: 'grow tolerant clones and spray during refoliation',
};

const rubberLeafDisease: Pest = {
  common: 'Colletotrichum leaf disease',
  scientific: 'Colletotrichum gloeosporioides',
  favouredBy: ['high_humidity', 'heavy_rainfall'],
  control: 'spray copper during refoliation in wet weather',
};

const rubberPowderyMildew: Pest = {
  common: 'Powdery mildew',
  scientific: 'Erysiphe quercicola',
  favouredBy: ['dry_spell'],
  control: 'dust sulphur on new leaves after wintering',
};

const pinkDisease: Pest = {
  common: 'Pink disease',
  scientific: 'Erythricium salmonicolor',
  favouredBy: ['heavy_rainfall', 'high_humidity'],
  control: 'cut out infected branches and paint with fungicide',
};

export const TREE_CROP_PESTS: Record<'cocoa' | 'palm' | 'kola_nut' | 'rubber_latex', readonly CropPest[]> = {
  cocoa: [
    inZones(['north-central', ...SOUTH], blackPodMegakarya),
    everywhere(blackPodPalmivora),
    everywhere(cocoaMirid),
    inZones(SOUTH, brownCocoaMirid),
    // Swollen shoot has been found in Nigeria only in the south-west cocoa belt (Ogun, Oyo, Osun, Ondo).
    inZones(['southwest'], swollenShoot),
  ],
  palm: [
    everywhere(fusariumWiltPalm),
    everywhere(palmLeafMiner),
    everywhere(rhinocerosBeetle),
    everywhere(palmWeevil),
    inZones(SOUTH, ganodermaRot),
  ],
  kola_nut: [
    everywhere(kolaWeevil),
    everywhere(kolaNutWeevil),
    everywhere(kolaStemBorer),
    inZones(SOUTH, podRot),
  ],
  rubber_latex: [
    everywhere(whiteRootRot),
    everywhere(corynesporaLeafFall),
    everywhere(rubberLeafDisease),
    everywhere(rubberPowderyMildew),
    inZones(SOUTH, pinkDisease),
  ],
};
