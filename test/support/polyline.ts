import polyline from '@mapbox/polyline';

/*
 * An independent implementation of the encoded polyline format (@mapbox/polyline), so
 * that tests never compute their expected values with the code they check.
 */

export interface LatLng {
  latitude: number;
  longitude: number;
}

export function decodeReference(encoded: string): LatLng[] {
  return polyline.decode(encoded, 5).map(([latitude, longitude]) => ({ latitude, longitude }));
}

export function encodeReference(points: readonly LatLng[]): string {
  return polyline.encode(
    points.map(({ latitude, longitude }) => [latitude, longitude]),
    5,
  );
}

/** The example the encoded polyline format publishes with its algorithm. */
export const PUBLISHED_EXAMPLE = {
  encoded: '_p~iF~ps|U_ulLnnqC_mqNvxq`@',
  points: [
    { latitude: 38.5, longitude: -120.2 },
    { latitude: 40.7, longitude: -120.95 },
    { latitude: 43.252, longitude: -126.453 },
  ],
};
