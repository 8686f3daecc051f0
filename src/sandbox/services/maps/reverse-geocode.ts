import { isInNigeria, round } from '../../geo/point';
import type { Dataset } from '../../dataset/types';
import type { Reply, SandboxRequest } from '../../kit/types';
import { notFound, success } from './envelope';
import { requiredQueryPoint } from './input';
import { COUNTRY } from './loccodes';
import { formatAddress, houseNumberAt, nearestPlace, placeAddress } from './places';
import { snapToStreet } from './snap';

/** A place this close to the point answers for it; farther, the nearest street address does. */
const PLACE_RADIUS_METERS = 100;

/**
 * GET /sdk/v1/reverse-geocode. Spec, Reverse geocode data: every member is a string except
 * the coordinates, so an unknown house number is the empty string, never null.
 */
export function reverseGeocode(dataset: Dataset, req: SandboxRequest): Reply {
  const point = requiredQueryPoint(req.query, 'latitude', 'longitude');
  if (!isInNigeria(point)) {
    throw notFound('No address here: the point is outside the coverage area (Nigeria).');
  }

  const place = nearestPlace(dataset, point, PLACE_RADIUS_METERS);
  if (place) {
    return success(req, {
      name: place.name,
      address: placeAddress(place),
      street: place.street.name,
      house_number: String(place.houseNumber),
      city: place.street.city,
      state: place.street.state,
      country: COUNTRY,
      loccode: place.street.code,
      latitude: round(place.point.latitude, 6),
      longitude: round(place.point.longitude, 6),
    });
  }
  const { street, point: onStreet } = snapToStreet(dataset, point);
  const houseNumber = houseNumberAt(street, onStreet);
  return success(req, {
    name: houseNumber === undefined ? street.name : `${houseNumber} ${street.name}`,
    address: formatAddress(street, houseNumber),
    street: street.name,
    house_number: houseNumber === undefined ? '' : String(houseNumber),
    city: street.city,
    state: street.state,
    country: COUNTRY,
    loccode: street.code,
    latitude: round(onStreet.latitude, 6),
    longitude: round(onStreet.longitude, 6),
  });
}
