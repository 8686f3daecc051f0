import type { HttpResponse } from '../../support/http';
import { KANO_STREET, type MapsHarness } from './harness';

/** Spec, Limits: every limited REST endpoint, its rate-limit dimension and documented burst. */
export const LIMITED_REST = [
  { name: 'route GET', burst: 10, dimension: 'routing' },
  { name: 'route POST', burst: 10, dimension: 'routing' },
  { name: 'optimize', burst: 10, dimension: 'optimize' },
  { name: 'reverse-geocode', burst: 20, dimension: 'reverseGeocode' },
  { name: 'point-details', burst: 20, dimension: 'pointDetails' },
  { name: 'loccode resolve', burst: 20, dimension: 'loccode' },
  { name: 'loccodes nearest', burst: 20, dimension: 'loccode' },
  { name: 'place-categories', burst: 20, dimension: 'placeCategories' },
  { name: 'search', burst: 20, dimension: 'search' },
] as const;

export type RestEndpoint = (typeof LIMITED_REST)[number]['name'];

/** One request each endpoint answers with 200, around the spec's example street in Kano. */
export function sendGoodRequest(
  maps: MapsHarness,
  name: RestEndpoint,
  headers?: Record<string, string>,
): Promise<HttpResponse> {
  const street = maps.street(KANO_STREET);
  const { latitude, longitude } = street.point;
  const here = { latitude, longitude };
  const north = { latitude: latitude + 0.02, longitude };
  switch (name) {
    case 'route GET':
      return maps.get(
        'route',
        { origin_lat: latitude, origin_lng: longitude, dest_lat: north.latitude, dest_lng: longitude },
        headers,
      );
    case 'route POST':
      return maps.post(
        'route',
        { origin_loccode: KANO_STREET, dest_lat: north.latitude, dest_lng: longitude },
        headers,
      );
    case 'optimize':
      return maps.post(
        'optimize',
        { origin_loccode: KANO_STREET, dest_loccode: KANO_STREET, stops: [{ id: 'a', ...north }] },
        headers,
      );
    case 'reverse-geocode':
      return maps.get('reverse-geocode', here, headers);
    case 'point-details':
      return maps.get('point-details', here, headers);
    case 'loccode resolve':
      return maps.get(`loccode/${encodeURIComponent(KANO_STREET)}`, {}, headers);
    case 'loccodes nearest':
      return maps.get('loccodes/nearest', here, headers);
    case 'place-categories':
      return maps.get('place-categories', {}, headers);
    case 'search':
      return maps.get('search', { q: street.name }, headers);
  }
}
