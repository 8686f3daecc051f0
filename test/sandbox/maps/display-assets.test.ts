import type { Point } from '../../../src/sandbox/geo/point';
import { shapeErrors, is } from '../../support/shape';
import { geometryProblems, readGlyphStacks, readPng, readVectorTile } from './binary-formats';
import { expectFailure, KANO_STREET, styleDocument, useMapsSandbox, WORDMARK_POSITIONS } from './harness';

/** The slippy-map tile holding a point. */
function tileOf({ latitude, longitude }: Point, z: number): { z: number; x: number; y: number } {
  const scale = 2 ** z;
  const radians = (latitude * Math.PI) / 180;
  const x = Math.floor(((longitude + 180) / 360) * scale);
  const y = Math.floor(((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * scale);
  return { z, x, y };
}

/** MapLibre's rule for sprite URLs: `@2x` and the extension go at the end of the path, before the query. */
function spriteUrl(base: string, suffix: string): string {
  const url = new URL(base);
  url.pathname += suffix;
  return url.toString();
}

/* eslint-disable @typescript-eslint/no-explicit-any -- style documents are checked field by field */

describe('maps service: what a renderer fetches from a style', () => {
  const maps = useMapsSandbox();
  const style = (family = 'streets', mode?: string) => styleDocument(maps, family, mode);

  it('tiles.json is TileJSON 3.0.0 over Nigeria with a keyed tile template', async () => {
    const { json: doc } = await style();
    const res = await maps.getUrl(doc.sources.loccode.url);
    expect(res.status).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    const tileJson = res.json;
    expect(
      shapeErrors(
        tileJson,
        is.object({
          tilejson: is.oneOf('3.0.0'),
          tiles: is.arrayOf(is.string, 1),
          minzoom: is.integer,
          maxzoom: is.integer,
          bounds: is.arrayOf(is.number, 4),
          vector_layers: is.arrayOf(is.object({ id: is.string, fields: is.object({}) }), 1),
        }),
      ),
    ).toEqual([]);
    expect(tileJson.tiles[0]).toBe(maps.mapUrl('/sdk/tiles/{z}/{x}/{y}.pbf'));
    const [west, south, east, north] = tileJson.bounds;
    expect([west < 3, south < 4.5, east > 14.5, north > 13.8]).toEqual([true, true, true, true]);
    expect(tileJson.vector_layers.map((layer: { id: string }) => layer.id).sort()).toEqual([
      'places',
      'streets',
    ]);
  });

  it('a tile over Kano is a vector tile with the street, carrying its name and loccode', async () => {
    const street = maps.street(KANO_STREET);
    const { json: tileJson } = await maps.getUrl(maps.mapUrl('/sdk/tiles.json'));
    const { z, x, y } = tileOf(street.point, 14);
    const url = tileJson.tiles[0].replace('{z}', z).replace('{x}', x).replace('{y}', y);
    const res = await maps.getBytes(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-protobuf');
    expect(res.headers['x-ratelimit-limit']).toBe('600');
    const layers = readVectorTile(res.body);
    const streets = layers.find((layer) => layer.name === 'streets')!;
    expect(streets).toMatchObject({ version: 2, extent: 4096 });
    expect(streets.features.map((f) => f.properties)).toContainEqual(
      expect.objectContaining({
        name: street.name,
        loccode: street.code,
        highway_type: street.highwayType,
      }),
    );
    const features = layers.flatMap((layer) => layer.features);
    expect(features.flatMap(geometryProblems)).toEqual([]);
    expect((await maps.getBytes(url)).body.equals(res.body)).toBe(true);
  });

  it('a tile far from every street is an empty, valid vector tile', async () => {
    const res = await maps.getBytes(maps.mapUrl('/sdk/tiles/6/31/33.pbf'));
    expect(res.status).toBe(200);
    expect(readVectorTile(res.body)).toEqual([]);
  });

  it.each([
    ['z above the maximum zoom', '15/0/0.pbf'],
    ['x beyond the zoom level', '3/8/1.pbf'],
    ['y beyond the zoom level', '3/1/8.pbf'],
    ['another extension', '3/1/1.png'],
    ['a word for z', 'ten/1/1.pbf'],
    ['a negative x', '3/-1/1.pbf'],
  ])('returns 400 VALIDATION_ERROR for a tile with %s', async (_label, zxy) => {
    expectFailure(await maps.getUrl(maps.mapUrl(`/sdk/tiles/${zxy}`)), 400, 'VALIDATION_ERROR');
  });

  it.each([
    ['', 1],
    ['@2x', 2],
  ])('sprite%s: a JSON index and a PNG sheet that holds every icon', async (suffix, pixelRatio) => {
    const { json: doc } = await style();
    const index = await maps.getUrl(spriteUrl(doc.sprite, `${suffix}.json`));
    const sheet = await maps.getBytes(spriteUrl(doc.sprite, `${suffix}.png`));
    expect([index.status, sheet.status, sheet.headers['content-type']]).toEqual([200, 200, 'image/png']);
    const { width, height } = readPng(sheet.body);
    const icons = Object.values(index.json) as Array<{
      x: number;
      y: number;
      width: number;
      height: number;
      pixelRatio: number;
    }>;
    expect(icons.length).toBeGreaterThan(0);
    for (const icon of icons) {
      expect(icon.pixelRatio).toBe(pixelRatio);
      expect(icon.x + icon.width).toBeLessThanOrEqual(width);
      expect(icon.y + icon.height).toBeLessThanOrEqual(height);
    }
    const usedIcons = doc.layers.map((layer: any) => layer.layout?.['icon-image']).filter(Boolean);
    for (const icon of usedIcons) expect(Object.keys(index.json)).toContain(icon);
    expect((await maps.getBytes(spriteUrl(doc.sprite, `${suffix}.png`))).body.equals(sheet.body)).toBe(true);
  });

  it('every font the style names has glyph ranges', async () => {
    const { json: doc } = await style();
    const fonts = new Set<string>(doc.layers.flatMap((layer: any) => layer.layout?.['text-font'] ?? []));
    expect(fonts.size).toBeGreaterThan(0);
    for (const font of fonts) {
      const url = doc.glyphs.replace('{fontstack}', encodeURIComponent(font)).replace('{range}', '256-511');
      const res = await maps.getBytes(url);
      expect([res.status, res.headers['content-type']]).toEqual([200, 'application/x-protobuf']);
      expect(readGlyphStacks(res.body)).toEqual([{ name: font, range: '256-511' }]);
    }
  });

  it('the wordmark manifest and its art', async () => {
    const { json: doc } = await style();
    const manifest = await maps.getUrl(doc.metadata['loccode:wordmark'].manifest);
    expect(manifest.status).toBe(200);
    expect(manifest.json).toMatchObject({
      removable: false,
      default_position: 'bottom-left',
      positions: WORDMARK_POSITIONS,
    });
    expect(manifest.json.rule).toMatch(/not be removed/);
    expect(manifest.json.variants.length).toBeGreaterThan(0);
    for (const variant of manifest.json.variants) {
      const art = await maps.getUrl(variant.url);
      expect([art.status, art.headers['content-type']]).toEqual([200, 'image/svg+xml']);
      expect(art.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>[\s\S]*<\/svg>\n$/);
    }
  });
});
