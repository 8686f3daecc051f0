import type {
  CoordinatesInput,
  InputMaybe,
  OsmType,
  StopInput,
  TravelMode,
} from '../../src/graph/generated/graphql';
import type {
  LocationRequest,
  OptimizeRequest,
  PointDetailsRequest,
  TripPointRequest,
} from '../../datasources/maps/models';
import { badUserInput } from '../../src/kernel/errors';
import type { Point } from '../../src/kernel/point';
import { checkLoccodeShape } from '../../src/kernel/loccode';

/*
 * Client arguments checked before any call (API.md section 4) and turned into the
 * datasource's requests. Each problem names the argument and says how to fix it.
 */

/** Spec, Limits rule 7: optimize accepts 1 to 50 stops per request. */
const MAX_STOPS = 50;

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

export function loccode(code: string, argument: string): string {
  const problem = checkLoccodeShape(code, argument);
  if (problem) throw problem;
  return code;
}

export function travelMode(mode: InputMaybe<TravelMode> | undefined): 'drive' | 'walk' {
  return mode === 'WALK' ? 'walk' : 'drive';
}

/** Exactly one of coordinates or loccode; the @oneOf directive does this for endpoints, but not for stops. */
export function location(
  input: { coordinates?: InputMaybe<CoordinatesInput>; loccode?: InputMaybe<string> },
  argument: string,
): LocationRequest {
  const { coordinates, loccode: code } = input;
  if ((coordinates ? 1 : 0) + (typeof code === 'string' ? 1 : 0) !== 1) {
    throw badUserInput(
      `"${argument}" takes exactly one of "coordinates" or "loccode"; give one, not ${coordinates ? 'both' : 'neither'}.`,
      argument,
    );
  }
  if (coordinates) return { coordinates: point(coordinates, `${argument}.coordinates`) };
  return { loccode: loccode(code as string, `${argument}.loccode`) };
}

export function waypoints(input: InputMaybe<CoordinatesInput[]> | undefined): Point[] {
  return (input ?? []).map((waypoint, index) => point(waypoint, `waypoints[${index}]`));
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
 * Spec: `osm_id` is "type-prefixed" (the maps service and our docs write `N4839201`). The
 * prefix is taken in either case, or from `osmType` when only the number is given, and sent
 * upper-case, so every accepted form makes the same upstream request.
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
      '"osmId" must be an OpenStreetMap id with its type letter first, e.g. N4839201 (node), W… (way) or R… (relation); or give the number with osmType.',
      'osmId',
    );
  if (osmType && letter !== osmType)
    throw badUserInput(
      `"osmId" ${osmId.trim()} is a ${OSM_TYPE_NAMES[letter]}, but osmType says ${OSM_TYPE_NAMES[osmType]}; make them agree or leave osmType out.`,
      'osmType',
    );
  return `${letter.toUpperCase()}${match[2]}`;
}

const OSM_TYPE_NAMES: Record<string, string> = { n: 'node', w: 'way', r: 'relation' };

export function searchQuery(query: string): string {
  if (query.trim() === '') {
    throw badUserInput('"query" must not be blank; give a name, street or city to look for.', 'query');
  }
  return query;
}

function tripPoint(input: StopInput, argument: string): TripPointRequest {
  if (input.id.trim() === '') {
    throw badUserInput(`"${argument}.id" must not be blank; it names the point in the answer.`, argument);
  }
  return { id: input.id, location: location(input, argument) };
}

/** Ids come back in the solved order, so each stop's id must name it alone (the origin and destination may share one). */
export function optimizeRequest(args: {
  origin: StopInput;
  destination: StopInput;
  stops: StopInput[];
  mode?: InputMaybe<TravelMode>;
}): OptimizeRequest {
  if (args.stops.length < 1 || args.stops.length > MAX_STOPS) {
    throw badUserInput(
      `"stops" takes 1 to ${MAX_STOPS} stops; got ${args.stops.length}. Split a longer trip into several.`,
      'stops',
    );
  }
  const origin = tripPoint(args.origin, 'origin');
  const destination = tripPoint(args.destination, 'destination');
  const stops = args.stops.map((stop, index) => tripPoint(stop, `stops[${index}]`));
  const seen = new Set([origin.id, destination.id]);
  stops.forEach(({ id }, index) => {
    if (seen.has(id)) {
      throw badUserInput(
        `"stops[${index}].id" is "${id}", already used by another point; give every stop its own id.`,
        'stops',
      );
    }
    seen.add(id);
  });
  return { origin, destination, stops, mode: travelMode(args.mode) };
}
