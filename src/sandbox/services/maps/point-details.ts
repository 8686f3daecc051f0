import { createHash } from 'node:crypto';
import { isInNigeria, round, roundPoint, type Point } from '../../geo/point';
import type { Dataset, Place, Street } from '../../dataset/types';
import type { Reply, SandboxRequest } from '../../kit/types';
import { notFound, success, validationError } from './envelope';
import { requiredQueryPoint } from './input';
import { COUNTRY, streetGeometry, streetMembers } from './loccodes';
import { nearestPlace, placeAddress } from './places';
import { shareUrl } from './share';

/** A tap this close to a place selects it; farther, `place` is null (spec: whether it may be absent is not shown). */
const TAP_RADIUS_METERS = 250;
const OSM_TYPES = ['n', 'w', 'r'];
/** Spec: osm_id is "type-prefixed", e.g. `N4839201`. */
const OSM_ID = /^[NWR][1-9][0-9]*$/;

/**
 * GET /sdk/v1/point-details: the tapped point's street loccode and the place there.
 * `osm_id` pins the place (404 NOT_FOUND when unknown); `osm_type` narrows the search.
 */
export function pointDetails(dataset: Dataset, req: SandboxRequest): Reply {
  const point = requiredQueryPoint(req.query, 'latitude', 'longitude');
  const { osmId, osmType } = readOsmFilter(req.query);
  if (!isInNigeria(point)) throw notFound('Nothing here: the point is outside the coverage area (Nigeria).');

  const place =
    osmId === undefined
      ? nearestPlace(dataset, point, TAP_RADIUS_METERS, osmType)
      : pinnedPlace(dataset, osmId);
  const street = place?.street ?? dataset.nearestStreet(point).street;
  return success(req, {
    ...roundPoint(point),
    // Spec: echoed verbatim, null when not supplied.
    search_name: req.query.get('search_name'),
    search_address: req.query.get('search_address'),
    share_url: shareUrl('place', place?.osmId ?? pointKey(point)),
    loccode: loccodeDetails(street),
    place: place === undefined ? null : placeDetails(place),
  });
}

function readOsmFilter(query: URLSearchParams): { osmId?: string; osmType?: string } {
  const osmId = query.get('osm_id') ?? undefined;
  const osmType = query.get('osm_type') ?? undefined;
  const problems: string[] = [];
  if (osmType !== undefined && !OSM_TYPES.includes(osmType)) problems.push('osm_type (must be n, w or r)');
  if (osmId !== undefined && !OSM_ID.test(osmId)) {
    problems.push('osm_id (must be type-prefixed, e.g. N4839201)');
  }
  const prefixClash =
    osmId !== undefined && osmType !== undefined && osmId.charAt(0).toLowerCase() !== osmType;
  if (problems.length === 0 && prefixClash) problems.push('osm_type (does not match the prefix of osm_id)');
  if (problems.length > 0) throw validationError(problems);
  return { osmId, osmType };
}

function pinnedPlace(dataset: Dataset, osmId: string): Place {
  const place = dataset.places.find((candidate) => candidate.osmId === osmId);
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
function placeDetails(place: Place) {
  return {
    name: place.name,
    result_type: 'poi',
    maiaddy_id: `mdy_${createHash('sha256').update(place.osmId).digest('hex').slice(0, 12)}`,
    entity_type: 'business',
    loccode: place.street.code,
    osm_id: place.osmId,
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
