import type { Point } from './point';

/** A string that is not an encoded polyline (map-service.md: "Encoded polylines use precision 5"). */
export class PolylineError extends Error {}

/** Decodes an encoded polyline; throws {@link PolylineError} on a truncated or invalid string. */
export function decodePolyline(encoded: string, precision = 5): Point[] {
  const factor = 10 ** precision;
  const points: Point[] = [];
  let index = 0;
  let lat = 0;
  let lng = 0;
  const next = (): number => {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (index >= encoded.length) throw new PolylineError('truncated polyline');
      const byte = encoded.charCodeAt(index++) - 63;
      if (byte < 0 || byte > 63) throw new PolylineError('invalid polyline character');
      result |= (byte & 0x1f) << shift;
      shift += 5;
      if (byte < 0x20) break;
      if (shift > 30) throw new PolylineError('polyline value too long');
    }
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < encoded.length) {
    lat += next();
    lng += next();
    points.push({ latitude: lat / factor, longitude: lng / factor });
  }
  return points;
}
