import { createHash } from 'node:crypto';
import { isInNigeria, round, roundPoint, type Point } from '../../geo/point';
import type { Dataset, Place, Street } from '../../dataset/types';
import type { Reply, SandboxRequest } from '../../kit/types';
import type { Variants } from '../../kit/variants';
import { notFound, success, validationError } from './envelope';
import { requiredQueryPoint } from './input';
import { COUNTRY, streetGeometry, streetMembers } from './loccodes';
import { answeredOsmId, nearestPlace, placeAddress } from './places';
import { shareUrl } from './share';

/** A tap this close to a place selects it; farther, `place` is null (spec: whether it may be absent is not shown). */
const TAP_RADIUS_METERS = 250;
/** Spec: osm_type is `n`, `w` or `r`; osm_id is "type-prefixed" (the prefix's case is not shown). */
const OSM_TYPE_ANY_CASE = /^[nwr]$/i;
const OSM_ID_ANY_CASE = /^[nwr][1-9][0-9]*$/i;
/** The `osmIds: lower` variant: only the spec's lower-case letters. */
const OSM_TYPE_LOWER = /^[nwr]$/;
const OSM_ID_LOWER = /^[nwr][1-9][0-9]*$/;

/**
 * GET /sdk/v1/point-details: the tapped point's street loccode and the place there.
 * `osm_id` pins the place (404 NOT_FOUND when unknown); `osm_type` narrows the search.
 */
export function pointDetails(dataset: Dataset, req: SandboxRequest, variants: Readonly<Variants>): Reply {
  const point = requiredQueryPoint(req.query, 'latitude', 'longitude');
  const { osmId, osmType } = readOsmFilter(req.query, variants.osmIds === 'lower');
  if (!isInNigeria(point)) throw notFound('Nothing here: the point is outside the coverage area (Nigeria).');

  const place =
    osmId === undefined
      ? nearestPlace(dataset, point, TAP_RADIUS_METERS, osmType)
      : pinnedPlace(dataset, osmId);
  const street = place?.street ?? dataset.nearestStreet(point).street;
  // Spec: whether `loccode` and `place` may be absent is not shown; the `missing` variant leaves them out.
  const missing = variants.optionalMembers === 'missing';
  return success(req, {
    ...roundPoint(point),
    // Spec: echoed verbatim, null when not supplied.
    search_name: req.query.get('search_name'),
    search_address: req.query.get('search_address'),
    share_url: shareUrl('place', place?.osmId ?? pointKey(point)),
    ...(!missing && { loccode: loccodeDetails(street) }),
    ...(place !== undefined ? { place: placeDetails(place, variants) } : !missing && { place: null }),
  });
}

/** osm_type and the osm_id prefix in any case (lower case only with the `osmIds: lower` variant). */
function readOsmFilter(query: URLSearchParams, lowerOnly: boolean): { osmId?: string; osmType?: string } {
  const osmId = query.get('osm_id') ?? undefined;
  const osmType = query.get('osm_type') ?? undefined;
  const [typePattern, idPattern] = lowerOnly
    ? [OSM_TYPE_LOWER, OSM_ID_LOWER]
    : [OSM_TYPE_ANY_CASE, OSM_ID_ANY_CASE];
  const problems: string[] = [];
  if (osmType !== undefined && !typePattern.test(osmType)) problems.push('osm_type (must be n, w or r)');
  if (osmId !== undefined && !idPattern.test(osmId)) {
    problems.push(`osm_id (must be type-prefixed, e.g. ${lowerOnly ? 'n' : 'N'}4839201)`);
  }
  const prefixClash =
    osmId !== undefined && osmType !== undefined && osmId.charAt(0).toLowerCase() !== osmType.toLowerCase();
  if (problems.length === 0 && prefixClash) problems.push('osm_type (does not match the prefix of osm_id)');
  if (problems.length > 0) throw validationError(problems);
  return { osmId, osmType: osmType?.toLowerCase() };
}

function pinnedPlace(dataset: Dataset, osmId: string): Place {
  const wanted = osmId.toUpperCase();
  const place = dataset.places.find((candidate) => candidate.osmId === wanted);
  if (!place) throw notFound(`No place has osm_id ${osmId}.`);
  return place;
}

function pointKey({ latitude, longitude }: Point): string {
  return `${round(latitude, 6)},${round(longitude, 6)}`;
}

/** Spec, Point details data, `loccode` object. */
function loccodeDetails(street: Street) {
  return {
    loccode: street.code,
    ...streetMembers(street),
    geometry: streetGeometry(street),
    representative_point: roundPoint(street.point),
  };
}

/** Spec, Point details data, `place` object; result_type, entity_type and maiaddy_id values are the sandbox's. */
function placeDetails(place: Place, variants: Readonly<Variants>) {
  return {
    name: place.name,
    result_type: 'poi',
    maiaddy_id: `mdy_${createHash('sha256').update(place.osmId).digest('hex').slice(0, 12)}`,
    entity_type: 'business',
    loccode: place.street.code,
    osm_id: answeredOsmId(place.osmId, variants),
    address: placeAddress(place),
    street: place.street.name,
    city: place.street.city,
    state: place.street.state,
    country: COUNTRY,
    country_code: 'NG',
    category: place.category,
    type: place.type,
    ...roundPoint(place.point),
  };
}
