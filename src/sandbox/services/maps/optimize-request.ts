import { validationError } from './envelope';
import { bodyObject, isAbsent, readMode, type TravelMode } from './input';
import { endpointFields, readLocation, type LocationFields, type LocationInput } from './locations';

/** Spec, Limits rule 7: optimize accepts 1 to 50 stops per request. */
const MIN_STOPS = 1;
const MAX_STOPS = 50;
const STOP_FIELDS: LocationFields = { latitude: 'latitude', longitude: 'longitude', loccode: 'loccode' };

export interface TripPoint {
  id: string;
  location: LocationInput;
}

export interface OptimizeRequest {
  mode: TravelMode;
  origin: TripPoint;
  destination: TripPoint;
  stops: TripPoint[];
}

interface RawStop {
  id: string;
  source: Record<string, unknown>;
}

/**
 * The body of POST /sdk/v1/optimize. Types, counts and ids are checked first (400
 * VALIDATION_ERROR listing every offending field), then each point (400 INVALID_PARAMS).
 */
export function readOptimizeRequest(rawBody: unknown): OptimizeRequest {
  const body = bodyObject(rawBody);
  const problems: string[] = [];
  const mode = readMode(body.mode, problems);
  // Not shown in the spec: ids are optional, so the ends get fixed defaults.
  const originId = readId(body.origin_id, 'origin_id', 'origin', problems);
  const destinationId = readId(body.dest_id, 'dest_id', 'destination', problems);
  const stops = readStops(body.stops, problems);
  const clashing = clashingStopIds(stops, [originId, destinationId]);
  if (clashing.length > 0) {
    problems.push(
      `stops[].id (must be unique and differ from the origin and destination ids: ${clashing.join(', ')})`,
    );
  }
  if (problems.length > 0) throw validationError(problems);

  return {
    mode,
    origin: { id: originId, location: readLocation(body, endpointFields('origin'), 'origin') },
    destination: { id: destinationId, location: readLocation(body, endpointFields('dest'), 'destination') },
    stops: stops.map(({ id, source }, index) => ({
      id,
      location: readLocation(source, STOP_FIELDS, `stops[${index}] (${id})`),
    })),
  };
}

/** Ids are echoed in the solved order, so each must name exactly one point (origin and destination may share one). */
function clashingStopIds(stops: readonly RawStop[], endIds: readonly string[]): string[] {
  const seen = new Set<string>(endIds);
  const clashing = new Set<string>();
  for (const { id } of stops) {
    if (seen.has(id)) clashing.add(id);
    seen.add(id);
  }
  return [...clashing];
}

function readId(value: unknown, name: string, fallback: string, problems: string[]): string {
  if (isAbsent(value)) return fallback;
  if (typeof value === 'string' && value !== '') return value;
  problems.push(`${name} (must be a non-empty string)`);
  return fallback;
}

/** Spec lists stops as optional yet requires 1 to 50 of them; an absent list counts as zero. */
function readStops(value: unknown, problems: string[]): RawStop[] {
  if (!Array.isArray(value)) {
    problems.push(`stops (must be an array of ${MIN_STOPS} to ${MAX_STOPS} stops)`);
    return [];
  }
  if (value.length < MIN_STOPS || value.length > MAX_STOPS) {
    problems.push(`stops (must have ${MIN_STOPS} to ${MAX_STOPS} entries, got ${value.length})`);
    return [];
  }
  return value.flatMap((item: unknown, index) => {
    const name = `stops[${index}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push(`${name} (must be an object {id, loccode} or {id, latitude, longitude})`);
      return [];
    }
    const source = item as Record<string, unknown>;
    if (typeof source.id !== 'string' || source.id === '') {
      problems.push(`${name}.id (must be a non-empty string)`);
      return [];
    }
    return [{ id: source.id, source }];
  });
}
