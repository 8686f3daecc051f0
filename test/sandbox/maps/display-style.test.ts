import { expectFailure, styleDocument, useMapsSandbox, WORDMARK_POSITIONS } from './harness';

describe('maps service: map style documents and keys', () => {
  const maps = useMapsSandbox();
  const style = (family = 'streets', mode?: string) => styleDocument(maps, family, mode);

  describe('style.json', () => {
    it.each([
      ['streets', 'light'],
      ['streets', 'dark'],
      ['navigation', 'light'],
      ['navigation', 'dark'],
    ])('%s/%s is a version 8 style whose links stay on the map host with the key', async (family, mode) => {
      const { json: doc } = await style(family, mode);
      const keyed = `?key=${maps.sandbox.keys.maps}`;
      const host = maps.sandbox.urls.mapHost;
      expect(doc.version).toBe(8);
      expect(doc.sources).toEqual({ loccode: { type: 'vector', url: `${host}/sdk/tiles.json${keyed}` } });
      expect(doc.sprite).toBe(`${host}/sdk/sprites/sprite${keyed}`);
      expect(doc.glyphs).toBe(`${host}/sdk/fonts/{fontstack}/{range}.pbf${keyed}`);
      expect(doc.layers.length).toBeGreaterThan(1);
      for (const layer of doc.layers) {
        expect(
          layer.type === 'background' ||
            (layer.source === 'loccode' && ['streets', 'places'].includes(layer['source-layer'])),
        ).toBe(true);
      }
    });

    it('describes the wordmark: bottom-left by default, four corners allowed, never removable', async () => {
      const { json: doc } = await style();
      expect(doc.metadata['loccode:wordmark']).toMatchObject({
        required: true,
        removable: false,
        position: 'bottom-left',
        positions: WORDMARK_POSITIONS,
        manifest: maps.mapUrl('/sdk/wordmark.json'),
      });
    });

    it('is light by default and dark on request', async () => {
      const [implicit, light, dark] = await Promise.all([
        style(),
        style('streets', 'light'),
        style('streets', 'dark'),
      ]);
      expect(implicit.text).toBe(light.text);
      expect(dark.json.layers[0].paint).not.toEqual(light.json.layers[0].paint);
    });

    it('returns 400 VALIDATION_ERROR for a mode other than light or dark, 404 NOT_FOUND for an unknown family', async () => {
      expectFailure(
        await maps.getUrl(maps.mapUrl('/sdk/styles/streets/style.json', 'mode=sepia')),
        400,
        'VALIDATION_ERROR',
      );
      expectFailure(await maps.getUrl(maps.mapUrl('/sdk/styles/hologram/style.json')), 404, 'NOT_FOUND');
    });

    it('counts each fetch as a map load: 10 per minute, then 429 rate_limited with Retry-After', async () => {
      const first = await style();
      expect(first.headers['x-ratelimit-limit']).toBe('10');
      for (let i = 1; i < 10; i++) await style();
      const limited = await maps.getUrl(maps.mapUrl('/sdk/styles/streets/style.json'));
      expectFailure(limited, 429, 'rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('errors and keys', () => {
    it.each([
      ['an unknown sprite file', '/sdk/sprites/icons.json', 404, 'NOT_FOUND'],
      ['an unknown font', '/sdk/fonts/Comic%20Sans/0-255.pbf', 404, 'NOT_FOUND'],
      [
        'a glyph range that is not 256 code points',
        '/sdk/fonts/Noto%20Sans%20Regular/0-300.pbf',
        400,
        'VALIDATION_ERROR',
      ],
      ['an unknown wordmark file', '/sdk/wordmark/logo.png', 404, 'NOT_FOUND'],
    ])('returns an error for %s', async (_label, path, status, code) => {
      expectFailure(await maps.getUrl(maps.mapUrl(path)), status, code);
    });

    it.each([
      '/sdk/styles/streets/style.json',
      '/sdk/tiles.json',
      '/sdk/tiles/5/16/15.pbf',
      '/sdk/sprites/sprite.json',
      '/sdk/fonts/Noto%20Sans%20Regular/0-255.pbf',
      '/sdk/wordmark.json',
      '/sdk/wordmark/wordmark-light.svg',
    ])('%s takes the key only as the key query parameter', async (path) => {
      const url = `${maps.sandbox.urls.mapHost}${path}`;
      expectFailure(await maps.getUrl(url, { 'x-api-key': maps.sandbox.keys.maps }), 401, 'invalid_api_key');
      expectFailure(await maps.getUrl(`${url}?key=mk_test_wrong`), 401, 'invalid_api_key');
      expect((await maps.getBytes(`${url}?key=${maps.sandbox.keys.mapsLive}`)).status).toBe(200);
    });

    it('does not rate-limit sprites, fonts or the wordmark', async () => {
      for (const path of [
        '/sdk/sprites/sprite.png',
        '/sdk/fonts/Noto%20Sans%20Bold/0-255.pbf',
        '/sdk/wordmark.json',
      ]) {
        expect((await maps.getBytes(maps.mapUrl(path))).headers['x-ratelimit-limit']).toBeUndefined();
      }
    });
  });
});
