import type { Point } from '../../src/kernel/point';
import type { LoccodeModel } from '../../src/kernel/loccode';
import type {
  PlaceCategoryModel,
  PlaceModel,
  PointDetailsAnswer,
  ReverseGeocodeModel,
  StreetModel,
} from './models';
import type {
  PointDetailsWire,
  PointPlaceWire,
  ResolveWire,
  ReverseGeocodeWire,
  SearchResultWire,
} from './wire';

/** Spec, Loccode: the wire format is `XXXX XXX`; resolve's unspaced key is the same seven characters. */
const UNSPACED_KEY = /^([A-Za-z0-9]{4})([A-Za-z0-9]{3})$/;

/** A loccode in its wire (spaced) form, the one every service accepts, whichever form the service wrote. */
export function spacedLoccode(code: string): string {
  const match = UNSPACED_KEY.exec(code);
  return match ? `${match[1]} ${match[2]}` : code;
}

export function loccodeLink(code: string | null | undefined): LoccodeModel | null {
  return code ? { code: spacedLoccode(code) } : null;
}

/** Spec, Coordinate conventions: response positions are `[longitude, latitude]`. */
export function fromLngLat([longitude, latitude]: readonly number[]): Point {
  return { latitude: latitude!, longitude: longitude! };
}

type StreetWire = Omit<ResolveWire, 'loccode' | 'formatted' | 'valid' | 'coverage'>;

function street(wire: StreetWire, formattedCode: string): StreetModel {
  return {
    name: wire.street_name,
    highwayType: wire.highway_type,
    lengthMeters: wire.street_length,
    state: wire.state,
    lga: wire.lga,
    country: wire.country,
    formattedCode,
    unspacedCode: formattedCode.replace(' ', ''),
    geometry: { coordinates: wire.geometry.coordinates.map(fromLngLat) },
    representativePoint: {
      latitude: wire.representative_point.latitude,
      longitude: wire.representative_point.longitude,
    },
    // Spec: only resolve data carries these; point details' `loccode` object does not.
    valid: null,
    coverage: null,
  };
}

/** Spec, Loccode resolve data: `loccode` is the unspaced key and `formatted` the spaced form. */
export function streetFromResolve(wire: ResolveWire): StreetModel {
  return {
    ...street(wire, wire.formatted),
    unspacedCode: wire.loccode,
    valid: wire.valid,
    coverage: wire.coverage,
  };
}

export function reverseGeocodeFromWire(wire: ReverseGeocodeWire): ReverseGeocodeModel {
  return {
    name: wire.name,
    address: wire.address,
    streetName: wire.street ?? null,
    // The service sends an empty string when the street has no known house numbers.
    houseNumber: wire.house_number || null,
    city: wire.city ?? null,
    state: wire.state ?? null,
    country: wire.country ?? null,
    loccode: loccodeLink(wire.loccode),
    location: { latitude: wire.latitude, longitude: wire.longitude },
  };
}

/** The point's street comes back too, keyed by its spaced code, so `loccode { street }` costs no call. */
export function pointDetailsFromWire(wire: PointDetailsWire): PointDetailsAnswer {
  const streetWire = wire.loccode ?? null;
  const code = streetWire ? spacedLoccode(streetWire.loccode) : null;
  return {
    details: {
      location: { latitude: wire.latitude, longitude: wire.longitude },
      searchName: wire.search_name ?? null,
      searchAddress: wire.search_address ?? null,
      shareUrl: wire.share_url ?? null,
      loccode: code === null ? null : { code },
      place: wire.place ? placeFromPointDetails(wire.place) : null,
    },
    street: streetWire && code !== null ? street(streetWire, code) : null,
  };
}

/** A place as point details give it; search results are read the same way (see wire.ts). */
function place(wire: SearchResultWire | PointPlaceWire): Omit<PlaceModel, 'distanceKm'> {
  return {
    name: wire.name ?? null,
    address: wire.address ?? null,
    categoryKey: wire.category ?? null,
    type: wire.type ?? null,
    location: positionOf(wire.latitude, wire.longitude),
    loccode: loccodeLink(wire.loccode),
    osmId: wire.osm_id ?? null,
    streetName: wire.street ?? null,
    city: wire.city ?? null,
    state: wire.state ?? null,
    country: wire.country ?? null,
    countryCode: wire.country_code ?? null,
    resultType: wire.result_type ?? null,
    entityType: wire.entity_type ?? null,
    maiaddyId: wire.maiaddy_id ?? null,
  };
}

function positionOf(latitude?: number | null, longitude?: number | null): Point | null {
  return typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : null;
}

export function placeFromSearch(wire: SearchResultWire): PlaceModel {
  return { ...place(wire), distanceKm: wire.distance_km };
}

function placeFromPointDetails(wire: PointPlaceWire): PlaceModel {
  return { ...place(wire), distanceKm: null };
}

export function placeCategoryFromWire(wire: {
  key: string;
  label: string;
  parentKey?: string | null;
  status?: string | null;
}): PlaceCategoryModel {
  return { key: wire.key, label: wire.label, parentKey: wire.parentKey ?? null, status: wire.status ?? null };
}
