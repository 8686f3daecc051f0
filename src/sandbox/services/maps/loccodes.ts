import { isInNigeria, round, roundPoint } from '../../geo/point';
import type { Dataset, Street } from '../../dataset/types';
import type { Reply, SandboxRequest } from '../../kit/types';
import { notFound, success } from './envelope';
import { requiredQueryPoint } from './input';

export const COUNTRY = 'Nigeria';

/** The unspaced key (`KN3A7QP`); resolve also takes the spaced wire form, both in exact upper case. */
const UNSPACED = /^[A-Z0-9]{7}$/;

/** The street members shared by resolve data and point details' `loccode` object. */
export function streetMembers(street: Street) {
  return {
    street_name: street.name,
    highway_type: street.highwayType,
    street_length: round(street.lengthMeters, 1),
    state: street.state,
    lga: street.lga,
    country: COUNTRY,
  };
}

/** GeoJSON LineString, `[lng, lat]` pairs (spec, Coordinate conventions). */
export function streetGeometry(street: Street) {
  return {
    type: 'LineString' as const,
    coordinates: street.geometry.map((point) => {
      const { latitude, longitude } = roundPoint(point);
      return [longitude, latitude];
    }),
  };
}

/** Spec, Loccode resolve data: `loccode` unspaced, `formatted` spaced. */
function resolveData(street: Street) {
  return {
    loccode: street.key,
    formatted: street.code,
    ...streetMembers(street),
    valid: true,
    coverage: true,
    geometry: streetGeometry(street),
    representative_point: roundPoint(street.point),
  };
}

/** GET /sdk/v1/loccode/{code}. Spec: an unknown or malformed code is 404 NOT_FOUND. */
export function resolveLoccode(dataset: Dataset, req: SandboxRequest): Reply {
  const code = req.params.code ?? '';
  const spaced = UNSPACED.test(code) ? `${code.slice(0, 4)} ${code.slice(4)}` : code;
  const street = dataset.streetByCode.get(spaced);
  if (!street) throw notFound(`The loccode ${code} does not exist.`);
  return success(req, resolveData(street));
}

/** GET /sdk/v1/loccodes/nearest. Spec: 404 NOT_FOUND outside coverage. */
export function nearestLoccode(dataset: Dataset, req: SandboxRequest): Reply {
  const point = requiredQueryPoint(req.query, 'latitude', 'longitude');
  if (!isInNigeria(point)) {
    throw notFound('No loccode here: the point is outside the coverage area (Nigeria).');
  }
  return success(req, resolveData(dataset.nearestStreet(point).street));
}
