import type { Point } from './point';

/*
 * The encoded polyline format the maps spec names ("Encoded polylines use precision 5"):
 * each coordinate is rounded to 1e-5 degrees, stored as the difference from the previous
 * point, zig-zag encoded (sign in the lowest bit) and written five bits a character,
 * low bits first, each character offset by 63 and flagged 0x20 while more follow.
 */

const PRECISION = 1e5;

/** Latitude then longitude of each point, as differences from the point before. */
export function encodePolyline(points: readonly Point[]): string {
  const characters: string[] = [];
  let previous = [0, 0];
  for (const point of points) {
    const current = [Math.round(point.latitude * PRECISION), Math.round(point.longitude * PRECISION)];
    current.forEach((value, axis) => characters.push(...chunks(value - previous[axis]!)));
    previous = current;
  }
  return characters.join('');
}

/** One signed difference as its characters. */
function chunks(difference: number): string[] {
  let bits = difference < 0 ? -2 * difference - 1 : 2 * difference;
  const out: string[] = [];
  do {
    const low = bits % 32;
    bits = Math.floor(bits / 32);
    out.push(String.fromCharCode(63 + (bits > 0 ? low + 32 : low)));
  } while (bits > 0);
  return out;
}
