import type { FeatureCollection, LineString, Point } from 'geojson';
import { LngLatBounds, Map as MapLibreMap, setWorkerUrl, type GeoJSONSource } from 'maplibre-gl';
// The worker file is found next to maplibre-gl's own module, which a bundle does not keep: name it.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { authHeaders, type Settings } from './settings';

setWorkerUrl(workerUrl);

export interface LatLng {
  latitude: number;
  longitude: number;
}

export interface Facility {
  name: string;
  location: LatLng;
}

/** Layer ids, fixed so the page's users (and its test) can find them. */
export const STREET_LAYER = 'street';
export const FACILITIES_LAYER = 'facilities';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

let map: MapLibreMap | undefined;
let loaded: Promise<void> | undefined;

/**
 * The map, created once on the gateway's style (schema: `mapDisplay.styleUrl`). Every
 * resource of that style (tiles, sprites, glyphs) is on the gateway's `/maps/`, which
 * identifies callers as /graphql does, so `transformRequest` adds the caller's key to
 * requests for the style's own origin (README, `GET /maps/...`). Map errors go to
 * `onError`, never only to the console.
 */
function createMap(
  container: HTMLElement,
  settings: Settings,
  styleUrl: string,
  onError: (message: string) => void,
) {
  const styleOrigin = new URL(styleUrl).origin;
  const created = new MapLibreMap({
    container,
    style: styleUrl,
    transformRequest: (url) =>
      new URL(url).origin === styleOrigin ? { url, headers: authHeaders(settings) } : { url },
  });
  created.on('error', (event) => onError(event.error?.message ?? String(event.error)));
  loaded = new Promise((resolve) =>
    created.once('load', () => {
      created.addSource('street', { type: 'geojson', data: EMPTY });
      created.addSource('facilities', { type: 'geojson', data: EMPTY });
      created.addLayer({
        id: STREET_LAYER,
        type: 'line',
        source: 'street',
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#d6336c', 'line-width': 6 },
      });
      created.addLayer({
        id: FACILITIES_LAYER,
        type: 'circle',
        source: 'facilities',
        paint: {
          'circle-color': '#1c7ed6',
          'circle-radius': 7,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      });
      resolve();
    }),
  );
  // For the browser test (test/examples/web.test.ts) and for poking at the map in devtools.
  (window as unknown as { loccodeMap?: MapLibreMap }).loccodeMap = created;
  return created;
}

/** Draws the street and the facilities, and fits the view to the street. */
export async function drawLoccode(
  container: HTMLElement,
  settings: Settings,
  styleUrl: string,
  street: LatLng[],
  facilities: Facility[],
  onError: (message: string) => void,
): Promise<void> {
  map ??= createMap(container, settings, styleUrl, onError);
  await loaded;
  const line: FeatureCollection<LineString> = {
    type: 'FeatureCollection',
    features: street.length
      ? [
          {
            type: 'Feature',
            properties: {},
            geometry: { type: 'LineString', coordinates: street.map(lngLat) },
          },
        ]
      : [],
  };
  const points: FeatureCollection<Point> = {
    type: 'FeatureCollection',
    features: facilities.map((facility) => ({
      type: 'Feature',
      properties: { name: facility.name },
      geometry: { type: 'Point', coordinates: lngLat(facility.location) },
    })),
  };
  map.getSource<GeoJSONSource>('street')?.setData(line);
  map.getSource<GeoJSONSource>('facilities')?.setData(points);
  if (street.length) {
    const bounds = street.reduce((box, point) => box.extend(lngLat(point)), new LngLatBounds());
    map.fitBounds(bounds, { padding: 60, duration: 0, maxZoom: 16 });
  }
}

/** GeoJSON positions are [longitude, latitude]; the graph's `Coordinates` name both. */
function lngLat(point: LatLng): [number, number] {
  return [point.longitude, point.latitude];
}
