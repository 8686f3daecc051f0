import { distanceMeters, type Point } from '../../geo/point';
import { compareText } from './compare-text';

export interface StopToVisit {
  id: string;
  point: Point;
}

const MAX_IMPROVEMENT_PASSES = 200;
/** Improvements smaller than this (metres) are float noise, not a better tour. */
const EPSILON_METERS = 1e-6;

/**
 * The stops in visiting order between a fixed origin and destination: nearest neighbour,
 * then 2-opt. Spec: "the order in which stops are sent does not matter", so the stops are
 * first put in id order, which also breaks every tie.
 */
export function solveVisitOrder<T extends StopToVisit>(
  origin: Point,
  destination: Point,
  stops: readonly T[],
): T[] {
  const byId = [...stops].sort((a, b) => compareText(a.id, b.id));
  return improveByTwoOpt(origin, destination, nearestNeighbourOrder(origin, byId));
}

function nearestNeighbourOrder<T extends StopToVisit>(origin: Point, stops: readonly T[]): T[] {
  const left = [...stops];
  const order: T[] = [];
  let at = origin;
  while (left.length > 0) {
    let bestIndex = 0;
    let bestMeters = Infinity;
    left.forEach((stop, index) => {
      const meters = distanceMeters(at, stop.point);
      if (meters < bestMeters) [bestIndex, bestMeters] = [index, meters];
    });
    const next = left.splice(bestIndex, 1)[0]!;
    order.push(next);
    at = next.point;
  }
  return order;
}

/** Reverses any run of stops whose reversal shortens the trip, until none does. */
function improveByTwoOpt<T extends StopToVisit>(origin: Point, destination: Point, order: readonly T[]): T[] {
  const tour = [...order];
  const pointAt = (index: number): Point =>
    index < 0 ? origin : index >= tour.length ? destination : tour[index]!.point;
  for (let pass = 0; pass < MAX_IMPROVEMENT_PASSES; pass++) {
    let improved = false;
    for (let first = 0; first < tour.length - 1; first++) {
      for (let last = first + 1; last < tour.length; last++) {
        const current =
          distanceMeters(pointAt(first - 1), pointAt(first)) +
          distanceMeters(pointAt(last), pointAt(last + 1));
        const reversed =
          distanceMeters(pointAt(first - 1), pointAt(last)) +
          distanceMeters(pointAt(first), pointAt(last + 1));
        if (reversed < current - EPSILON_METERS) {
          tour.splice(first, last - first + 1, ...tour.slice(first, last + 1).reverse());
          improved = true;
        }
      }
    }
    if (!improved) break;
  }
  return tour;
}
