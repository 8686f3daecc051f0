import type { GeoZone } from '../../../dataset/types';
import { SUPPORTED_CROPS, type Crop } from '../crops';
import catalogue from './catalogue.json';
import type { Pest } from './types';

/** The named groups of geopolitical zones the catalogue uses. */
const NORTH: readonly GeoZone[] = ['north-central', 'north-east', 'north-west'];
const SOUTH: readonly GeoZone[] = ['south-east', 'south-south', 'southwest'];
const ZONE_GROUPS: Record<string, readonly GeoZone[]> = {
  everywhere: [...NORTH, ...SOUTH],
  north: NORTH,
  'far-north': ['north-east', 'north-west'],
  south: SOUTH,
};

interface CropPest {
  pest: Pest;
  zones: readonly GeoZone[];
}

const PESTS = catalogue.pests as Record<string, Pest>;

function entry({ pest, zones }: { pest: string; zones: string | string[] }): CropPest {
  const found = PESTS[pest];
  const area = typeof zones === 'string' ? ZONE_GROUPS[zones] : (zones as GeoZone[]);
  if (!found || !area)
    throw new Error(`pest catalogue: unknown pest "${pest}" or zones ${JSON.stringify(zones)}`);
  return { pest: found, zones: area };
}

const CROPS = catalogue.crops as Record<string, Array<{ pest: string; zones: string | string[] }>>;

/** Every supported crop has its pest list, checked when the sandbox loads. */
const CROP_PESTS = new Map<Crop, readonly CropPest[]>(
  SUPPORTED_CROPS.map((crop) => {
    const list = CROPS[crop];
    if (!list) throw new Error(`pest catalogue: no pests for ${crop}`);
    return [crop, list.map(entry)];
  }),
);

/** The crop's pests that matter in a geopolitical zone, most important first. */
export function pestsOf(crop: Crop, zone: GeoZone): Pest[] {
  return CROP_PESTS.get(crop)!
    .filter((item) => item.zones.includes(zone))
    .map((item) => item.pest);
}
