import type { Point } from '../../src/kernel/point';
import type { LoccodeModel } from '../../src/kernel/loccode';
import type { Readable } from '../../src/kernel/unreadable';

/*
 * What the maps datasource hands to resolvers: our names and units, `Point` for every
 * position, `LoccodeModel` links for every loccode. Nothing upstream-shaped leaves it.
 */

export type TravelMode = 'drive' | 'walk';

export interface LineStringModel {
  coordinates: Point[];
}

export interface StreetModel {
  name: string;
  highwayType: string;
  lengthMeters: number;
  state: string;
  lga: string;
  country: string;
  formattedCode: string;
  unspacedCode: string;
  geometry: LineStringModel;
  representativePoint: Point;
  /** Resolve data's flags (spec, Loccode resolve data); null for a street point details carried. */
  valid: boolean | null;
  coverage: boolean | null;
}

export interface ReverseGeocodeModel {
  name: string;
  address: string;
  streetName: string | null;
  houseNumber: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  loccode: LoccodeModel | null;
  location: Point;
}

export interface PlaceModel {
  /** Null only for a search result without one (the search result shape is not shown). */
  name: string | null;
  address: string | null;
  /** Resolved against the taxonomy when `category` is asked for. */
  categoryKey: string | null;
  type: string | null;
  /** Null only for a search result without both coordinates. */
  location: Point | null;
  loccode: LoccodeModel | null;
  osmId: string | null;
  /** A search result's distance the service sent unreadable stays a marker (src/kernel/unreadable.ts). */
  distanceKm: Readable<number | null>;
  streetName: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  countryCode: string | null;
  resultType: string | null;
  entityType: string | null;
  maiaddyId: string | null;
}

export interface PointDetailsModel {
  location: Point;
  searchName: string | null;
  searchAddress: string | null;
  shareUrl: string | null;
  loccode: LoccodeModel | null;
  place: PlaceModel | null;
}

/** Point details carry the street of their loccode too, which answers `Loccode.street` for free. */
export interface PointDetailsAnswer {
  details: PointDetailsModel;
  street: StreetModel | null;
}

export interface PlaceCategoryModel {
  key: string;
  label: string;
  parentKey: string | null;
  status: string | null;
}

export interface ManeuverModel {
  location: Point;
  bearingBeforeDegrees: number;
  bearingAfterDegrees: number;
  type: string;
  modifier: string | null;
}

export interface RouteStepModel {
  distanceMeters: number;
  durationSeconds: number;
  name: string | null;
  travelMode: string | null;
  loccode: LoccodeModel | null;
  maneuver: ManeuverModel;
}

export interface RouteLegModel {
  distanceMeters: number;
  durationSeconds: number;
  summary: string | null;
  steps: RouteStepModel[];
}

export interface RouteModel {
  distanceMeters: number;
  durationSeconds: number;
  encodedPolyline: string;
  geometry: LineStringModel;
  legs: RouteLegModel[];
  waypoints: Array<{ location: Point; name: string | null }>;
  shareUrl: string | null;
  /** The service's `routes[]` after the first. */
  alternatives: RouteAlternativeModel[];
}

/** Another of `routes[]`: a route's own members; waypoints and share link belong to the request. */
export type RouteAlternativeModel = Pick<
  RouteModel,
  'distanceMeters' | 'durationSeconds' | 'encodedPolyline' | 'geometry' | 'legs'
>;

export interface TripStopModel {
  id: string;
  sequence: number;
  loccode: LoccodeModel | null;
  location: Point;
  name: string | null;
}

export interface TripLegModel {
  fromId: string;
  toId: string;
  distanceMeters: number;
  durationSeconds: number;
  encodedPolyline: string;
  geometry: LineStringModel;
}

export interface OptimizedTripModel {
  totalDistanceMeters: number;
  totalDurationSeconds: number;
  orderedStops: TripStopModel[];
  optimizedOrderIds: string[];
  legs: TripLegModel[];
  encodedPolyline: string;
  geometry: LineStringModel;
}

/** What `mapDisplay` and its `wordmark` are built from: the gateway's public origin, e.g. `https://api.example.com`. */
export interface MapDisplayModel {
  origin: string;
  colorMode: 'LIGHT' | 'DARK';
}

export interface WordmarkModel {
  origin: string;
}

/* Requests, already checked against the client's mistakes (resolvers/maps/arguments.ts). */

/** A route or trip point: coordinates, or a loccode exactly as the client sent it. */
export type LocationRequest = { coordinates: Point } | { loccode: string };

export interface RouteRequest {
  origin: LocationRequest;
  destination: LocationRequest;
  waypoints: Point[];
  mode: TravelMode;
}

/** Spec, POST /sdk/v1/optimize body: stops have ids; `origin_id` and `dest_id` are optional. */
export interface TripPointRequest {
  id?: string;
  location: LocationRequest;
}

/** A loccode a billed request names, with the argument it came from, e.g. `stops[2].loccode`. */
export interface NamedLoccode {
  code: string;
  argument: string;
}

/** A billed request and its loccodes, resolved (never billed) alongside it to name any that is unknown. */
export interface WithLoccodes<R> {
  request: R;
  loccodes: NamedLoccode[];
}

export interface OptimizeRequest {
  origin: TripPointRequest;
  destination: TripPointRequest;
  stops: Array<Required<TripPointRequest>>;
  mode: TravelMode;
}

export interface PointDetailsRequest {
  location: Point;
  osmId?: string;
  osmType?: 'n' | 'w' | 'r';
  searchName?: string;
  searchAddress?: string;
}

/** At least one of `query` and `category` (checked in resolvers/maps/arguments.ts). */
export interface SearchRequest {
  query?: string;
  near?: Point;
  category?: string;
}
