import type { Point } from '../../../src/sandbox/geo/point';
import { eastOf, KANO_STREET, type MapsHarness } from './harness';

export type Stop = { id: string; loccode: string } | { id: string; latitude: number; longitude: number };

export const atPoint = (id: string, { latitude, longitude }: Point): Stop => ({ id, latitude, longitude });

/** `count` points on a grid of about 400 m north-east of `from`. */
export function gridStops(from: Point, count: number): Stop[] {
  return Array.from({ length: count }, (_, i) =>
    atPoint(`g${String(i).padStart(2, '0')}`, {
      latitude: from.latitude + (i % 7) * 0.0036,
      longitude: from.longitude + Math.floor(i / 7) * 0.0037,
    }),
  );
}

/** A trip from the Kano example street to a point 3 km east of it, through `stops`. */
export function tripBody(maps: MapsHarness, stops: unknown, extra: Record<string, unknown> = {}) {
  const home = eastOf(maps.street(KANO_STREET).point, 3000);
  return { origin_loccode: KANO_STREET, dest_lat: home.latitude, dest_lng: home.longitude, stops, ...extra };
}

/** Three other Kano streets by loccode and two points by coordinates. */
export function mixedStops(maps: MapsHarness): Stop[] {
  const kano = maps.street(KANO_STREET).point;
  const streets = maps.sandbox.dataset.streets.filter((s) => s.state === 'Kano' && s.code !== KANO_STREET);
  return [
    ...streets.slice(0, 3).map((street, i) => ({ id: `street-${i}`, loccode: street.code })),
    atPoint('north', { latitude: kano.latitude + 0.02, longitude: kano.longitude }),
    atPoint('east', eastOf(kano, 5000)),
  ];
}
