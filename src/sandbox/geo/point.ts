/** WGS-84 position; the one coordinate shape used inside this codebase. */
export interface Point {
  latitude: number;
  longitude: number;
}

/** Nigeria's bounding box, degrees. */
export const NIGERIA_BOUNDS = {
  minLatitude: 4.2,
  maxLatitude: 13.9,
  minLongitude: 2.6,
  maxLongitude: 14.7,
} as const;

export function isInNigeria({ latitude, longitude }: Point): boolean {
  const b = NIGERIA_BOUNDS;
  return (
    latitude >= b.minLatitude &&
    latitude <= b.maxLatitude &&
    longitude >= b.minLongitude &&
    longitude <= b.maxLongitude
  );
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number): number => (deg * Math.PI) / 180;
const deg = (r: number): number => (r * 180) / Math.PI;

export function distanceMeters(a: Point, b: Point): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function pathLengthMeters(points: readonly Point[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += distanceMeters(points[i - 1]!, points[i]!);
  return total;
}

/** Initial bearing from a to b, degrees clockwise from north, 0 to 360. */
export function bearingDegrees(a: Point, b: Point): number {
  const y = Math.sin(rad(b.longitude - a.longitude)) * Math.cos(rad(b.latitude));
  const x =
    Math.cos(rad(a.latitude)) * Math.sin(rad(b.latitude)) -
    Math.sin(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.cos(rad(b.longitude - a.longitude));
  return (deg(Math.atan2(y, x)) + 360) % 360;
}

/** The point `meters` away from `from` along `bearing` degrees. */
export function destinationPoint(from: Point, bearing: number, meters: number): Point {
  const d = meters / EARTH_RADIUS_M;
  const b = rad(bearing);
  const lat1 = rad(from.latitude);
  const lng1 = rad(from.longitude);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 =
    lng1 +
    Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: deg(lat2), longitude: deg(lng2) };
}

/** Rounds to 6 decimals (about 0.1 m), the precision every sandbox coordinate is published with. */
export function roundPoint({ latitude, longitude }: Point): Point {
  return { latitude: round(latitude, 6), longitude: round(longitude, 6) };
}

export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
