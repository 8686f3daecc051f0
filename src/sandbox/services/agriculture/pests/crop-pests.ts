import type { GeoZone } from '../../../dataset/types';
import type { Crop } from '../crops';
import { CEREAL_PESTS } from './cereals';
import { FRUIT_PESTS } from './fruits';
import { LEGUME_PESTS } from './legumes';
import { ROOT_TUBER_AND_PLANTAIN_PESTS } from './roots-tubers-plantain';
import { TREE_CROP_PESTS } from './tree-crops';
import type { CropPest, Pest } from './types';
import { VEGETABLE_PESTS } from './vegetables';

/** Every supported crop has its pest list (the type makes a missing crop a compile error). */
const CROP_PESTS: Record<Crop, readonly CropPest[]> = {
  ...CEREAL_PESTS,
  ...LEGUME_PESTS,
  ...ROOT_TUBER_AND_PLANTAIN_PESTS,
  ...TREE_CROP_PESTS,
  ...VEGETABLE_PESTS,
  ...FRUIT_PESTS,
};

/** The crop's pests that matter in a geopolitical zone, most important first. */
export function pestsOf(crop: Crop, zone: GeoZone): Pest[] {
  return CROP_PESTS[crop].filter((entry) => entry.zones.includes(zone)).map((entry) => entry.pest);
}
