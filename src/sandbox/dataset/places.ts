import { destinationPoint, roundPoint } from '../geo/point';
import { Random } from './random';
import type { Place, PlaceCategory, Street } from './types';

/** The category taxonomy: parents first, then their children. */
export const PLACE_CATEGORIES: PlaceCategory[] = [
  ['food', 'Food & Drink'],
  ['shopping', 'Shopping'],
  ['health', 'Health'],
  ['education', 'Education'],
  ['finance', 'Finance'],
  ['transport', 'Transport'],
  ['public_service', 'Public Service'],
  ['worship', 'Worship'],
  ['lodging', 'Lodging'],
  ['restaurant', 'Restaurant', 'food'],
  ['buka', 'Buka (local eatery)', 'food'],
  ['marketplace', 'Market', 'shopping'],
  ['supermarket', 'Supermarket', 'shopping'],
  ['hospital', 'Hospital', 'health'],
  ['pharmacy', 'Pharmacy', 'health'],
  ['school', 'School', 'education'],
  ['university', 'University', 'education'],
  ['bank', 'Bank', 'finance'],
  ['fuel', 'Filling Station', 'transport'],
  ['bus_station', 'Motor Park', 'transport'],
  ['police', 'Police Station', 'public_service'],
  ['government', 'Government Office', 'public_service'],
  ['mosque', 'Mosque', 'worship'],
  ['church', 'Church', 'worship'],
  ['hotel', 'Hotel', 'lodging'],
].map(([key, label, parentKey]) => ({
  key: key!,
  label: label!,
  ...(parentKey && { parentKey }),
  status: 'active' as const,
}));

/** Names a place of each category may take; `{town}` and `{district}` are filled in. */
const NAMES: Record<string, string[]> = {
  restaurant: ['Chicken Republic {district}', 'Mr Biggs {town}', 'Kilimanjaro {district}'],
  buka: ['Mama Put {district}', 'Iya Basira Buka', 'Suya Spot {district}'],
  marketplace: ['{town} Central Market', '{district} Market', 'New Market {town}'],
  supermarket: ['Shoprite {town}', 'Spar {district}', 'Justrite {town}'],
  hospital: ['{district} Clinic', 'Cottage Hospital {town}'],
  pharmacy: ['HealthPlus Pharmacy {district}', 'MedPlus {town}', 'Alpha Pharmacy {district}'],
  school: [
    'Government Secondary School {town}',
    'Community Primary School {district}',
    'Federal Government College {town}',
  ],
  university: ['{town} Polytechnic', 'College of Education {town}'],
  bank: [
    'First Bank {district}',
    'GTBank {town}',
    'Access Bank {district}',
    'Zenith Bank {town}',
    'UBA {district}',
  ],
  fuel: ['NNPC Filling Station {district}', 'TotalEnergies {town}', 'Conoil {district}', 'MRS {town}'],
  bus_station: ['{town} Motor Park', '{district} Park'],
  police: ['{district} Police Division', 'Police Station {town}'],
  government: ['{town} Local Government Secretariat', 'State Secretariat {town}'],
  mosque: ['{town} Central Mosque', "{district} Juma'at Mosque"],
  church: [
    "St. Paul's Anglican Church {district}",
    'Redeemed Christian Church {district}',
    'Catholic Church of the Assumption {town}',
  ],
  hotel: ['{town} Hotel and Suites', 'Royal Guest House {district}', 'Transcorp Hilton {town}'],
};

/** Two or three places of interest on every street. */
export function buildPlaces(streets: Street[]): Place[] {
  const childKeys = PLACE_CATEGORIES.filter((c) => c.parentKey).map((c) => c.key);
  return streets.flatMap((street) => {
    const random = new Random(`places:${street.code}`);
    return random.sample(childKeys, random.int(2, 3)).map((category): Place => {
      const vertex = random.pick(street.geometry);
      const osmType = random.chance(0.8) ? 'n' : 'w';
      return {
        osmId: `${osmType.toUpperCase()}${random.int(100_000_000, 9_999_999_999)}`,
        osmType,
        name: random
          .pick(NAMES[category]!)
          .replace('{town}', street.city)
          .replace('{district}', street.district),
        category,
        type: category,
        point: roundPoint(destinationPoint(vertex, random.between(0, 360), random.between(5, 40))),
        street,
        houseNumber: random.pick(street.houseNumbers),
      };
    });
  });
}
