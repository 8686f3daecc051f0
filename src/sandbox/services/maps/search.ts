import { distanceMeters, round, roundPoint, type Point } from '../../geo/point';
import type { Dataset, Place } from '../../dataset/types';
import type { Reply, SandboxRequest } from '../../kit/types';
import type { Variants } from '../../kit/variants';
import { compareText } from './compare-text';
import { success, validationError } from './envelope';
import { optionalQueryPoint } from './input';
import { answeredOsmId, placeAddress } from './places';

/** Not shown in the spec: the sandbox answers at most this many results. */
const MAX_RESULTS = 20;

interface Candidate {
  place: Place;
  /** 0: name starts with the query, 1: name contains it, 2: only the street or city does. */
  rank: number;
  meters: number | undefined;
}

/**
 * GET /sdk/v1/search. Matches `q` case-insensitively in a place's name, street and city.
 * With `latitude`/`longitude` results are nearest first; without, best name match first
 * and `distance_km` is null. `category` is a category key and also admits its children.
 * The spec lists the parameters "seen" without saying which are required: `q` may be left
 * out when `category` is given (every place of the category then matches).
 */
export function searchPlaces(dataset: Dataset, req: SandboxRequest, variants: Readonly<Variants>): Reply {
  const problems: string[] = [];
  const text = (req.query.get('q') ?? '').trim().toLowerCase();
  const category = req.query.get('category') ?? undefined;
  if (req.query.has('q') ? text === '' : category === undefined)
    problems.push('q (required without category, must not be blank)');
  if (category !== undefined && !dataset.categories.some(({ key }) => key === category)) {
    problems.push('category (not a key listed by /sdk/v1/place-categories)');
  }
  if (problems.length > 0) throw validationError(problems);
  const near = optionalQueryPoint(req.query, 'latitude', 'longitude');

  const categories = category === undefined ? undefined : withChildren(dataset, category);
  const candidates = dataset.places
    .filter((place) => categories === undefined || categories.has(place.category))
    .flatMap((place) => match(place, text, near));
  candidates.sort(near === undefined ? byRankThenName : byDistanceThenName);
  return success(
    req,
    candidates.slice(0, MAX_RESULTS).map((candidate) => searchResult(candidate, variants)),
  );
}

function withChildren(dataset: Dataset, key: string): Set<string> {
  return new Set([key, ...dataset.categories.filter(({ parentKey }) => parentKey === key).map((c) => c.key)]);
}

function match(place: Place, text: string, near: Point | undefined): Candidate[] {
  const name = place.name.toLowerCase();
  const elsewhere = `${place.street.name}\n${place.street.city}`.toLowerCase().includes(text);
  const rank = name.startsWith(text) ? 0 : name.includes(text) ? 1 : elsewhere ? 2 : undefined;
  if (rank === undefined) return [];
  return [{ place, rank, meters: near === undefined ? undefined : distanceMeters(near, place.point) }];
}

function byName(a: Candidate, b: Candidate): number {
  return compareText(a.place.name, b.place.name) || compareText(a.place.osmId, b.place.osmId);
}

function byRankThenName(a: Candidate, b: Candidate): number {
  return a.rank - b.rank || byName(a, b);
}

function byDistanceThenName(a: Candidate, b: Candidate): number {
  return (a.meters ?? 0) - (b.meters ?? 0) || byName(a, b);
}

/**
 * Result shape (not shown in the spec beyond loccode, osm_id and distance_km). With the
 * `optionalMembers: missing` variant only those three remain, and `distance_km` is null.
 */
function searchResult({ place, meters }: Candidate, variants: Readonly<Variants>) {
  const seen = {
    loccode: place.street.code,
    osm_id: answeredOsmId(place.osmId, variants),
    distance_km: meters === undefined ? null : round(meters / 1000, 2),
  };
  if (variants.optionalMembers === 'missing') return { ...seen, distance_km: null };
  return {
    name: place.name,
    address: placeAddress(place),
    category: place.category,
    type: place.type,
    ...roundPoint(place.point),
    ...seen,
  };
}

/** GET /sdk/v1/place-categories: the taxonomy, `parentKey` only on child categories. */
export function placeCategories(dataset: Dataset, req: SandboxRequest): Reply {
  return success(
    req,
    dataset.categories.map(({ key, label, parentKey, status }) => ({
      key,
      label,
      ...(parentKey === undefined ? {} : { parentKey }),
      status,
    })),
  );
}
