import { distanceMeters, type Point } from '../../geo/point';
import type { Dataset, Street } from '../../dataset/types';

export interface SnappedPoint {
  /** The closest point of the street. */
  point: Point;
  street: Street;
  /** How far the point moved. */
  distanceMeters: number;
}

/** The nearest street and the point of it closest to `point`. */
export function snapToStreet(dataset: Dataset, point: Point): SnappedPoint {
  const { street } = dataset.nearestStreet(point);
  const onStreet = nearestPointOnLine(street.geometry, point);
  return { street, point: onStreet, distanceMeters: distanceMeters(point, onStreet) };
}

/** Closest point of a polyline, on a local flat projection (streets are short enough for it). */
function nearestPointOnLine(line: readonly Point[], target: Point): Point {
  const scale = Math.cos((target.latitude * Math.PI) / 180);
  const flat = (p: Point): [number, number] => [
    (p.longitude - target.longitude) * scale,
    p.latitude - target.latitude,
  ];
  let best = line[0] ?? target;
  let bestSquared = Infinity;
  for (let i = 0; i < line.length; i++) {
    const a = line[i]!;
    const b = line[i + 1] ?? a;
    const [ax, ay] = flat(a);
    const [bx, by] = flat(b);
    const [dx, dy] = [bx - ax, by - ay];
    const lengthSquared = dx * dx + dy * dy;
    const share = lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / lengthSquared));
    const [x, y] = [ax + share * dx, ay + share * dy];
    if (x * x + y * y < bestSquared) {
      bestSquared = x * x + y * y;
      best = {
        latitude: a.latitude + share * (b.latitude - a.latitude),
        longitude: a.longitude + share * (b.longitude - a.longitude),
      };
    }
  }
  return best;
}
