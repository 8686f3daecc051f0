import type { Point } from '../../../geo/point';
import type { Dataset, HighwayType, Place, Street } from '../../../dataset/types';
import { ProtobufWriter, zigZag } from './protobuf';

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** Mapbox Vector Tile 2.1 constants. */
const EXTENT = 4096;
const LAYER_VERSION = 2;
const GEOMETRY = { point: 1, lineString: 2 } as const;
const COMMAND = { moveTo: 1, lineTo: 2 } as const;
/** Features this far (share of a tile) outside the tile are still drawn, so lines cross tile edges cleanly. */
const EDGE_MARGIN = 1 / 16;

/** Small roads only appear when zoomed in, as on any street map. */
const STREET_MIN_ZOOM: Record<HighwayType, number> = {
  trunk: 5,
  primary: 6,
  secondary: 8,
  tertiary: 10,
  residential: 12,
};
const PLACE_MIN_ZOOM = 12;

interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

interface Feature {
  id: number;
  properties: Record<string, string>;
  type: number;
  geometry: number[];
}

/**
 * Vector tiles drawn from the dataset: a `streets` layer (lines) and a `places` layer
 * (points). Street bounding boxes are computed once, when the service is created.
 */
export function createTileRenderer(dataset: Dataset): (tile: TileAddress) => Buffer {
  const streets = dataset.streets.map((street) => ({ street, box: boundingBox(street.geometry) }));
  return (tile) => {
    const box = tileBox(tile);
    const streetFeatures = streets
      .filter(
        ({ street, box: streetBox }) =>
          tile.z >= STREET_MIN_ZOOM[street.highwayType] && overlaps(box, streetBox),
      )
      .flatMap(({ street }) => streetFeature(street, tile));
    const placeFeatures =
      tile.z < PLACE_MIN_ZOOM
        ? []
        : dataset.places
            .filter((place) => contains(box, place.point))
            .map((place) => placeFeature(place, tile));
    const encoded = new ProtobufWriter();
    if (streetFeatures.length > 0) encoded.message(3, layer('streets', streetFeatures));
    if (placeFeatures.length > 0) encoded.message(3, layer('places', placeFeatures));
    return encoded.finish();
  };
}

function streetFeature(street: Street, tile: TileAddress): Feature[] {
  const points = street.geometry.map((point) => project(point, tile));
  const distinct = points.filter(
    (p, i) => i === 0 || p[0] !== points[i - 1]![0] || p[1] !== points[i - 1]![1],
  );
  if (distinct.length < 2) return [];
  return [
    {
      id: street.osmWayId,
      properties: { name: street.name, loccode: street.code, highway_type: street.highwayType },
      type: GEOMETRY.lineString,
      geometry: lineGeometry(distinct),
    },
  ];
}

function placeFeature(place: Place, tile: TileAddress): Feature {
  const [x, y] = project(place.point, tile);
  return {
    id: Number(place.osmId.slice(1)),
    properties: { name: place.name, category: place.category, osm_id: place.osmId },
    type: GEOMETRY.point,
    geometry: [command(COMMAND.moveTo, 1), zigZag(x), zigZag(y)],
  };
}

/** MoveTo the first point, LineTo the rest, each as a zigzag delta from the previous one. */
function lineGeometry(points: ReadonlyArray<[number, number]>): number[] {
  const geometry: number[] = [];
  let [cursorX, cursorY] = [0, 0];
  points.forEach(([x, y], index) => {
    if (index === 0) geometry.push(command(COMMAND.moveTo, 1));
    if (index === 1) geometry.push(command(COMMAND.lineTo, points.length - 1));
    geometry.push(zigZag(x - cursorX), zigZag(y - cursorY));
    [cursorX, cursorY] = [x, y];
  });
  return geometry;
}

function command(id: number, count: number): number {
  return (id & 0x7) | (count << 3);
}

/** Keys and values are interned per layer; every value is a string. */
function layer(name: string, features: readonly Feature[]): ProtobufWriter {
  const keys: string[] = [];
  const values: string[] = [];
  const intern = (list: string[], item: string): number => {
    const found = list.indexOf(item);
    return found >= 0 ? found : list.push(item) - 1;
  };
  const encoded = new ProtobufWriter().string(1, name);
  for (const feature of features) {
    const tags = Object.entries(feature.properties).flatMap(([key, value]) => [
      intern(keys, key),
      intern(values, value),
    ]);
    encoded.message(
      2,
      new ProtobufWriter()
        .uint(1, feature.id)
        .packed(2, tags)
        .uint(3, feature.type)
        .packed(4, feature.geometry),
    );
  }
  for (const key of keys) encoded.string(3, key);
  for (const value of values) encoded.message(4, new ProtobufWriter().string(1, value));
  return encoded.uint(5, EXTENT).uint(15, LAYER_VERSION);
}

/** Web Mercator, in the tile's own units (0 to EXTENT across the tile). */
function project({ latitude, longitude }: Point, { z, x, y }: TileAddress): [number, number] {
  const scale = 2 ** z;
  const latitudeRadians = (latitude * Math.PI) / 180;
  const worldX = ((longitude + 180) / 360) * scale;
  const worldY = ((1 - Math.asinh(Math.tan(latitudeRadians)) / Math.PI) / 2) * scale;
  return [Math.round((worldX - x) * EXTENT), Math.round((worldY - y) * EXTENT)];
}

function tileBox({ z, x, y }: TileAddress): Box {
  const scale = 2 ** z;
  const longitudeAt = (column: number) => (column / scale) * 360 - 180;
  const latitudeAt = (row: number) =>
    (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / scale))) * 180) / Math.PI;
  return {
    west: longitudeAt(x - EDGE_MARGIN),
    east: longitudeAt(x + 1 + EDGE_MARGIN),
    north: latitudeAt(Math.max(0, y - EDGE_MARGIN)),
    south: latitudeAt(Math.min(scale, y + 1 + EDGE_MARGIN)),
  };
}

function boundingBox(points: readonly Point[]): Box {
  const latitudes = points.map((p) => p.latitude);
  const longitudes = points.map((p) => p.longitude);
  return {
    west: Math.min(...longitudes),
    east: Math.max(...longitudes),
    south: Math.min(...latitudes),
    north: Math.max(...latitudes),
  };
}

function overlaps(a: Box, b: Box): boolean {
  return a.west <= b.east && b.west <= a.east && a.south <= b.north && b.south <= a.north;
}

function contains(box: Box, { latitude, longitude }: Point): boolean {
  return longitude >= box.west && longitude <= box.east && latitude >= box.south && latitude <= box.north;
}
