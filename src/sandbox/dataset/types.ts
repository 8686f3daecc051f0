import type { Point } from '../geo/point';

/** Geopolitical zone, in the agriculture service's spelling. */
export type GeoZone =
  'north-central' | 'north-east' | 'north-west' | 'south-east' | 'south-south' | 'southwest';

/** Agro-ecological zone: drives climate, pests and yields. */
export type EcoZone =
  'sahel' | 'sudan-savanna' | 'guinea-savanna' | 'derived-savanna' | 'rainforest' | 'mangrove';

export interface Town {
  name: string;
  lga: string;
  point: Point;
}

export interface Lga {
  name: string;
  state: string;
  /** Main town of the LGA: a real coordinate where the table has one, otherwise placed inside the state. */
  town: Town;
}

export interface State {
  name: string;
  /** Two letters, the start of the state's street loccodes (e.g. `KN` for Kano). */
  code2: string;
  /** Three letters, the start of its area loccodes (e.g. `KAN 700001`). */
  code3: string;
  capital: Town;
  zone: GeoZone;
  ecoZone: EcoZone;
  /** First postcode of the state, six digits. */
  postcode: string;
  lgas: Lga[];
}

/** What every loccode resolves to, whatever its shape. */
export interface Locality {
  /** The loccode exactly as issued (spaced). */
  code: string;
  state: string;
  lga: string;
  /** City or LGA town name. */
  city: string;
  /** Representative point: a street's midpoint, an area's centre. */
  point: Point;
  zone: GeoZone;
  ecoZone: EcoZone;
}

export type HighwayType = 'primary' | 'secondary' | 'tertiary' | 'residential' | 'trunk';

/** A street loccode, `XXXX XXX`: known to all four services. */
export interface Street extends Locality {
  kind: 'street';
  /** Unspaced key, as maps resolve reports it. */
  key: string;
  name: string;
  highwayType: HighwayType;
  /** Ordered points of the street's LineString. */
  geometry: Point[];
  lengthMeters: number;
  /** OpenStreetMap way id of the street. */
  osmWayId: number;
  /** House numbers with verified addresses on the street. */
  houseNumbers: number[];
  /** Neighbourhood or district the street runs through. */
  district: string;
}

/** A postcode-area loccode, `AAA 999999`: known to agriculture and healthcare only. */
export interface Area extends Locality {
  kind: 'area';
}

export type FacilityLevel = 'Primary' | 'Secondary' | 'Tertiary';

export interface Facility {
  id: string;
  name: string;
  category: string;
  ownership: 'Public' | 'Private' | 'Faith-based' | 'NGO';
  level: FacilityLevel;
  functionalStatus: 'Functional' | 'Unknown';
  state: string;
  lga: string;
  ward: string;
  address: string;
  /** Nigeria Health Facility Registry code. */
  nhfrCode: string;
  point: Point;
  specialties: string[];
  accreditations: Array<{ body: string; status: string }>;
  emergencyServices: boolean;
  insurancePlans: string[];
  phone: string | null;
  /** Patient satisfaction, 0 to 1 (feeds the ranking score). */
  satisfaction: number;
}

export interface PlaceCategory {
  key: string;
  label: string;
  parentKey?: string;
  status: 'active';
}

/** A point of interest, for search and point details. */
export interface Place {
  /** Type-prefixed OSM id, e.g. `N4839201`. */
  osmId: string;
  osmType: 'n' | 'w';
  name: string;
  /** A {@link PlaceCategory} key. */
  category: string;
  /** Finer type, e.g. `hospital`, `marketplace`. */
  type: string;
  point: Point;
  /** The street the place stands on. */
  street: Street;
  houseNumber: number;
}

export interface Dataset {
  states: State[];
  /** Street loccodes, in a stable order. */
  streets: Street[];
  /** Area loccodes, in a stable order. */
  areas: Area[];
  facilities: Facility[];
  places: Place[];
  categories: PlaceCategory[];
  /** Exact spaced code to street. */
  streetByCode: ReadonlyMap<string, Street>;
  /** Exact spaced code to street or area. */
  localityByCode: ReadonlyMap<string, Street | Area>;
  /** The street whose geometry passes closest to the point, with that distance. */
  nearestStreet(point: Point): { street: Street; distanceMeters: number };
}
