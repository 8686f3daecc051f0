import type {
  CoordinatesInput,
  InputMaybe,
  OsmType,
  StopInput,
  TravelMode,
} from '../../src/graph/generated/graphql';
import type {
  LocationRequest,
  NamedLoccode,
  OptimizeRequest,
  PointDetailsRequest,
  WithLoccodes,
  RouteRequest,
  SearchRequest,
  TripPointRequest,
} from '../../datasources/maps/models';
import { badUserInput } from '../../src/kernel/errors';
import type { Point } from '../../src/kernel/point';
import { checkLoccodeShape } from '../../src/kernel/loccode';

/*
 * Client arguments checked before any call and turned into the
 * datasource's requests. Each problem names the argument and says how to fix it.
 */

/** Spec (maps), Limits rule 7: optimize accepts 1 to 50 stops per request. */
const MIN_STOPS = 1;
const MAX_STOPS = 50;

/**
 * Spec (maps), Loccode: the wire format is four characters, one space, three characters;
 * "anything else is rejected with 400 INVALID_PARAMS when supplied to route or optimize".
 */
const MAPS_WIRE_FORMAT = /^[A-Za-z0-9]{4} [A-Za-z0-9]{3}$/;

const OSM_TYPE_LETTERS: Record<OsmType, PointDetailsRequest['osmType']> = {
  NODE: 'n',
  WAY: 'w',
  RELATION: 'r',
};

export function point({ latitude, longitude }: CoordinatesInput, argument: string): Point {
  if (latitude < -90 || latitude > 90) {
    throw badUserInput(`"${argument}.latitude" must be from -90 to 90 degrees; got ${latitude}.`, argument);
  }
  if (longitude < -180 || longitude > 180) {
    throw badUserInput(
      `"${argument}.longitude" must be from -180 to 180 degrees; got ${longitude}.`,
      argument,
    );
  }
  return { latitude, longitude };
}

export function optionalPoint(
  input: InputMaybe<CoordinatesInput> | undefined,
  argument: string,
): Point | undefined {
  return input ? point(input, argument) : undefined;
}

function loccode(code: string, argument: string): string {
  const problem = checkLoccodeShape(code, argument);
  if (problem) throw problem;
  return code;
}

function travelMode(mode: InputMaybe<TravelMode> | undefined): 'drive' | 'walk' {
  return mode === 'WALK' ? 'walk' : 'drive';
}

/** A route endpoint or trip point as the client gave it. */
interface PlaceInput {
  coordinates?: InputMaybe<CoordinatesInput>;
  loccode?: InputMaybe<string>;
}

/** Exactly one of coordinates or loccode; the @oneOf directive does this for endpoints, but not for stops. */
function location(input: PlaceInput, argument: string): LocationRequest {
  const { coordinates, loccode: code } = input;
  if ((coordinates ? 1 : 0) + (typeof code === 'string' ? 1 : 0) !== 1) {
    throw badUserInput(
      `"${argument}" takes exactly one of "coordinates" or "loccode"; give one, not ${coordinates ? 'both' : 'neither'}.`,
      argument,
    );
  }
  if (coordinates) return { coordinates: point(coordinates, `${argument}.coordinates`) };
  return { loccode: routableLoccode(code as string, `${argument}.loccode`) };
}

/** A loccode routed to or visited: a loccode's shape, then the maps wire format, before any call. */
function routableLoccode(code: string, argument: string): string {
  loccode(code, argument);
  if (MAPS_WIRE_FORMAT.test(code)) return code;
  throw badUserInput(
    `"${argument}" is "${code}", which the maps service cannot route: it takes a street loccode of the form four letters or digits, a space, three (e.g. "KN3A 7QP"); area codes such as "KAN 700001" name no street. Give a street loccode or coordinates.`,
    argument,
  );
}

/**
 * The spec bounds no waypoint list, so neither does the gateway beyond its document limits;
 * a service that refuses a long list answers for itself (the sandbox: 25, src/sandbox/README.md).
 */
function waypoints(input: InputMaybe<CoordinatesInput[]> | undefined): Point[] {
  return (input ?? []).map((waypoint, index) => point(waypoint, `waypoints[${index}]`));
}

/** The loccodes among named points, each with the argument it came from. */
function namedLoccodes(points: ReadonlyArray<[argument: string, location: LocationRequest]>): NamedLoccode[] {
  return points.flatMap(([argument, location]) =>
    'loccode' in location ? [{ code: location.loccode, argument: `${argument}.loccode` }] : [],
  );
}

export function routeArguments(args: {
  origin: PlaceInput;
  destination: PlaceInput;
  waypoints?: InputMaybe<CoordinatesInput[]>;
  mode?: InputMaybe<TravelMode>;
}): WithLoccodes<RouteRequest> {
  const origin = location(args.origin, 'origin');
  const destination = location(args.destination, 'destination');
  return {
    request: { origin, destination, waypoints: waypoints(args.waypoints), mode: travelMode(args.mode) },
    loccodes: namedLoccodes([
      ['origin', origin],
      ['destination', destination],
    ]),
  };
}

/** `Loccode.routeTo`: from the parent loccode, which `loccode(code:)` checked for shape only. */
export function routeToArguments(
  origin: string,
  args: { destination: string; mode?: InputMaybe<TravelMode> },
): WithLoccodes<RouteRequest> {
  if (!MAPS_WIRE_FORMAT.test(origin)) {
    throw badUserInput(
      `This loccode, "${origin}", cannot start a route: the maps service routes only a street loccode of the form four letters or digits, a space, three (e.g. "KN3A 7QP"); area codes name no street.`,
    );
  }
  const destination = routableLoccode(args.destination, 'destination');
  return {
    request: {
      origin: { loccode: origin },
      destination: { loccode: destination },
      waypoints: [],
      mode: travelMode(args.mode),
    },
    loccodes: [
      { code: origin, argument: 'this loccode' },
      { code: destination, argument: 'destination' },
    ],
  };
}

export function pointDetailsRequest(args: {
  location: CoordinatesInput;
  osmId?: InputMaybe<string>;
  osmType?: InputMaybe<OsmType>;
  searchName?: InputMaybe<string>;
  searchAddress?: InputMaybe<string>;
}): PointDetailsRequest {
  const osmType = args.osmType ? OSM_TYPE_LETTERS[args.osmType] : undefined;
  return {
    location: point(args.location, 'location'),
    osmId: osmIdOf(args.osmId, osmType),
    osmType,
    searchName: args.searchName ?? undefined,
    searchAddress: args.searchAddress ?? undefined,
  };
}

/**
 * Spec: `osm_id` is "type-prefixed" and `osm_type` is `n`, `w` or `r`, so the prefix is sent
 * in that lower case. It is taken in either case (an id from any answer of ours works), or
 * from `osmType` when only the number is given, so every accepted form makes one request.
 */
function osmIdOf(
  osmId: InputMaybe<string> | undefined,
  osmType: PointDetailsRequest['osmType'],
): string | undefined {
  if (osmId === null || osmId === undefined) return undefined;
  const match = /^\s*([NWRnwr])?\s*([1-9][0-9]*)\s*$/.exec(osmId);
  const letter = match?.[1]?.toLowerCase() ?? osmType;
  if (!match || !letter)
    throw badUserInput(
      '"osmId" must be an OpenStreetMap id with its type letter first, e.g. n7350865734 (node), w… (way) or r… (relation), in either case; or give the number with osmType.',
      'osmId',
    );
  if (osmType && letter !== osmType)
    throw badUserInput(
      `"osmId" ${osmId.trim()} is a ${OSM_TYPE_NAMES[letter]}, but osmType says ${OSM_TYPE_NAMES[osmType]}; make them agree or leave osmType out.`,
      'osmType',
    );
  return `${letter}${match[2]}`;
}

const OSM_TYPE_NAMES: Record<string, string> = { n: 'node', w: 'way', r: 'relation' };

/**
 * Spec, Endpoints: search's parameters seen are q, latitude, longitude and category, and the
 * full list is not shown. A search needs something to look for: a text, a category, or both.
 */
export function searchRequest(args: {
  query?: InputMaybe<string>;
  near?: InputMaybe<CoordinatesInput>;
  category?: InputMaybe<string>;
}): SearchRequest {
  const query = args.query ?? undefined;
  const category = args.category ?? undefined;
  if (query === undefined && category === undefined) {
    throw badUserInput(
      'Give "query" (a name, street or town to look for), "category" (a key from placeCategories), or both.',
      'query',
    );
  }
  if (query?.trim() === '') {
    throw badUserInput(
      '"query" must not be blank; give a name, street or town to look for, or leave it out and give "category".',
      'query',
    );
  }
  if (category?.trim() === '') {
    throw badUserInput(
      '"category" must not be blank; give a key from placeCategories, e.g. "health".',
      'category',
    );
  }
  return { query, near: optionalPoint(args.near, 'near'), category };
}

/**
 * Spec, POST /sdk/v1/optimize body: `origin_id` and `dest_id` are optional; an id given
 * must not be blank, for it names the point in the answer.
 */
function tripPoint(input: StopInput, argument: string): TripPointRequest {
  const { id } = input;
  if (typeof id === 'string' && id.trim() === '') {
    throw badUserInput(
      `"${argument}.id" must not be blank; it names the point in the answer.`,
      `${argument}.id`,
    );
  }
  return { ...(typeof id === 'string' && { id }), location: location(input, argument) };
}

/** Spec: every stop is `{id, loccode}` or `{id, latitude, longitude}`. */
function stop(input: StopInput, argument: string): Required<TripPointRequest> {
  const { id, location: place } = tripPoint(input, argument);
  if (id === undefined) {
    throw badUserInput(
      `"${argument}.id" is missing: every stop needs an id of your choosing, which the answer uses to give the visiting order.`,
      `${argument}.id`,
    );
  }
  return { id, location: place };
}

/**
 * Spec, Limits rule 7: 1 to 50 stops. Ids come back in the solved order, so each stop's id
 * must name it alone; the origin and destination may share one (the spec forbids nothing
 * there, and the answer then shows it first and last).
 */
export function optimizeArguments(args: {
  origin: StopInput;
  destination: StopInput;
  stops: StopInput[];
  mode?: InputMaybe<TravelMode>;
}): WithLoccodes<OptimizeRequest> {
  const count = args.stops.length;
  if (count < MIN_STOPS || count > MAX_STOPS) {
    throw badUserInput(
      `"stops" takes ${MIN_STOPS} to ${MAX_STOPS} stops; got ${count} (maps spec, Limits rule 7). ${count === 0 ? 'Give at least one stop.' : 'Split a longer trip into several.'}`,
      'stops',
    );
  }
  const origin = tripPoint(args.origin, 'origin');
  const destination = tripPoint(args.destination, 'destination');
  const stops = args.stops.map((input, index) => stop(input, `stops[${index}]`));
  const owners = new Map<string, string>();
  if (origin.id !== undefined) owners.set(origin.id, 'origin');
  if (destination.id !== undefined && !owners.has(destination.id)) owners.set(destination.id, 'destination');
  stops.forEach(({ id }, index) => {
    const owner = owners.get(id);
    if (owner) {
      throw badUserInput(
        `"stops[${index}].id" is "${id}", already used by ${owner}; give every stop its own id, different from the origin's and destination's.`,
        `stops[${index}].id`,
      );
    }
    owners.set(id, `stops[${index}]`);
  });
  return {
    request: { origin, destination, stops, mode: travelMode(args.mode) },
    loccodes: namedLoccodes([
      ['origin', origin.location],
      ['destination', destination.location],
      ...stops.map(({ location }, index): [string, LocationRequest] => [`stops[${index}]`, location]),
    ]),
  };
}
