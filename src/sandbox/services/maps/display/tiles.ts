import { NIGERIA_BOUNDS } from '../../../geo/point';
import type { Reply, SandboxRequest } from '../../../kit/types';
import { validationError } from '../envelope';
import { keyedUrl } from './map-host';
import type { TileAddress } from './vector-tile';

const MIN_ZOOM = 0;
const MAX_ZOOM = 14;
const WHOLE_NUMBER = /^(0|[1-9][0-9]*)$/;
const TILE_ROW = /^(0|[1-9][0-9]*)\.pbf$/;

/** GET /sdk/tiles.json: TileJSON 3.0.0 describing the vector tiles. */
export function tileMetadata(req: SandboxRequest): Reply {
  const b = NIGERIA_BOUNDS;
  return {
    status: 200,
    body: {
      tilejson: '3.0.0',
      name: 'Nigeria streets',
      version: '1.0.0',
      scheme: 'xyz',
      tiles: [keyedUrl(req, '/sdk/tiles/{z}/{x}/{y}.pbf')],
      minzoom: MIN_ZOOM,
      maxzoom: MAX_ZOOM,
      bounds: [b.minLongitude, b.minLatitude, b.maxLongitude, b.maxLatitude],
      center: [8.6753, 9.082, 6],
      attribution: '© OpenStreetMap contributors',
      vector_layers: [
        {
          id: 'streets',
          fields: { name: 'String', loccode: 'String', highway_type: 'String' },
          minzoom: 5,
          maxzoom: MAX_ZOOM,
        },
        {
          id: 'places',
          fields: { name: 'String', category: 'String', osm_id: 'String' },
          minzoom: 12,
          maxzoom: MAX_ZOOM,
        },
      ],
    },
  };
}

/** GET /sdk/tiles/{z}/{x}/{y}.pbf: a Mapbox Vector Tile (empty outside the data). */
export function vectorTile(req: SandboxRequest, render: (tile: TileAddress) => Buffer): Reply {
  return { status: 200, contentType: 'application/x-protobuf', body: render(readTileAddress(req.params)) };
}

function readTileAddress(params: Record<string, string>): TileAddress {
  const problems: string[] = [];
  const z = WHOLE_NUMBER.test(params.z ?? '') ? Number(params.z) : NaN;
  const zoomValid = z >= MIN_ZOOM && z <= MAX_ZOOM;
  if (!zoomValid) problems.push(`z (must be a whole number from ${MIN_ZOOM} to ${MAX_ZOOM})`);
  // With a bad z, x and y are only checked for their syntax.
  const size = zoomValid ? 2 ** z : Infinity;
  const x = WHOLE_NUMBER.test(params.x ?? '') ? Number(params.x) : NaN;
  if (!(x < size)) problems.push('x (must be a whole number below 2^z)');
  const row = TILE_ROW.exec(params.y ?? '')?.[1];
  const y = row === undefined ? NaN : Number(row);
  if (!(y < size)) problems.push('y (must be a whole number below 2^z, followed by .pbf)');
  if (problems.length > 0) throw validationError(problems);
  return { z, x, y };
}
