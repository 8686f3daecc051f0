import { failWithStatus } from '../support/sandbox';
import { startTestStack, type TestStack } from '../support/gateway';
import { TestHttp } from '../support/http';
import { KANO_STREET, street } from './support';

const DISPLAY = `query($mode: MapColorMode) { mapDisplay(mode: $mode) {
  colorMode styleUrl navigation: styleUrl(family: "navigation") tileJsonUrl tileUrlTemplate spriteUrl glyphsUrl
  wordmark { defaultPosition allowedPositions removable manifestUrl } } }`;

/** The slippy-map tile holding a point. */
function tileOf({ latitude, longitude }: { latitude: number; longitude: number }, z: number) {
  const scale = 2 ** z;
  const radians = (latitude * Math.PI) / 180;
  const x = Math.floor(((longitude + 180) / 360) * scale);
  const y = Math.floor(((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * scale);
  return `${z}/${x}/${y}`;
}

describe('Query.mapDisplay and the map assets the gateway serves', () => {
  let stack: TestStack;
  let gateway: string;
  /** For the map host itself, whose documents carry the key: never recorded as gateway responses. */
  const mapHost = new TestHttp();
  beforeAll(async () => {
    stack = await startTestStack();
    gateway = new URL(stack.app.url).origin;
  });
  afterAll(async () => {
    await mapHost.close();
    await stack.close();
  });
  beforeEach(() => stack.sandbox.controls.reset());

  const keyed = (path: string) =>
    `${stack.sandbox.urls.mapHost}/sdk/${path}${path.includes('?') ? '&' : '?'}key=${stack.sandbox.keys.maps}`;
  /** What the gateway serves for a map-host document: its links moved to /maps/, the key gone. */
  const rewritten = (text: string) =>
    JSON.parse(
      text
        .replaceAll(`${stack.sandbox.urls.mapHost}/sdk/`, `${gateway}/maps/`)
        .replaceAll(`?key=${stack.sandbox.keys.maps}`, ''),
    );
  const bytes = async (url: string) => {
    const response = await mapHost.get(url);
    return { status: response.status, type: response.headers['content-type'], body: response.bytes };
  };

  it('gives gateway URLs for the style, tiles, sprites, glyphs and wordmark, calling no service', async () => {
    const { data, errors } = await stack.query(DISPLAY, { mode: 'DARK' });
    expect(errors).toBeUndefined();
    expect(data.mapDisplay).toEqual({
      colorMode: 'DARK',
      styleUrl: `${gateway}/maps/styles/streets/style.json?mode=dark`,
      navigation: `${gateway}/maps/styles/navigation/style.json?mode=dark`,
      tileJsonUrl: `${gateway}/maps/tiles.json`,
      tileUrlTemplate: `${gateway}/maps/tiles/{z}/{x}/{y}.pbf`,
      spriteUrl: `${gateway}/maps/sprites/sprite`,
      glyphsUrl: `${gateway}/maps/fonts/{fontstack}/{range}.pbf`,
      wordmark: {
        defaultPosition: 'BOTTOM_LEFT',
        allowedPositions: ['BOTTOM_LEFT', 'TOP_LEFT', 'TOP_RIGHT', 'BOTTOM_RIGHT'],
        removable: false,
        manifestUrl: `${gateway}/maps/wordmark.json`,
      },
    });
    expect(stack.sandbox.controls.count({ service: 'maps' })).toBe(0);
  });

  it('builds the URLs on the Host the client used', async () => {
    const response = await stack.http.post(
      stack.app.url,
      { query: '{ mapDisplay { styleUrl } }' },
      { host: 'maps.example.test:8443', 'x-forwarded-proto': 'https' },
    );
    expect(response.json.data.mapDisplay.styleUrl).toBe(
      'https://maps.example.test:8443/maps/styles/streets/style.json?mode=light',
    );
  });

  it('gives the wordmark manifest as the map host serves it, links through the gateway, for one call', async () => {
    const { data, errors, response } = await stack.query(
      '{ mapDisplay { wordmark { defaultPosition removable manifest } } }',
    );
    expect(errors).toBeUndefined();
    // One call to the map host, so the announced cost is one, never billed (spec, Map display).
    expect(response.json.extensions.cost).toMatchObject({ requested: 1, actual: 1 });
    expect(stack.sandbox.controls.count({ service: 'maps', operation: 'wordmark' })).toBe(1);
    const upstream = await mapHost.get(keyed('wordmark.json'));
    expect(upstream.status).toBe(200);
    expect(data.mapDisplay.wordmark.manifest).toEqual(rewritten(upstream.text));
    expect(JSON.stringify(data.mapDisplay.wordmark.manifest)).not.toContain(stack.sandbox.keys.maps);
    expect(data.mapDisplay.wordmark).toMatchObject({ defaultPosition: 'BOTTOM_LEFT', removable: false });
  });

  it('gives the manifest that the manifest URL serves, and its art links are served by the gateway', async () => {
    const { data } = await stack.query('{ mapDisplay { wordmark { manifestUrl manifest } } }');
    const served = await stack.http.get(data.mapDisplay.wordmark.manifestUrl);
    expect(served.json).toEqual(data.mapDisplay.wordmark.manifest);
    const links = JSON.stringify(data.mapDisplay.wordmark.manifest).match(/https?:[^"]+\.svg/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link.startsWith(`${gateway}/maps/`)).toBe(true);
      const art = await stack.http.get(link);
      expect(art.status).toBe(200);
      expect(art.headers['content-type']).toBe('image/svg+xml');
    }
  });

  it('serves the style with every link rewritten to the gateway and no key, one map load', async () => {
    const { data } = await stack.query(DISPLAY, { mode: 'LIGHT' });
    const upstream = await mapHost.get(keyed('styles/streets/style.json?mode=light'));
    stack.sandbox.controls.clearLog();
    const response = await stack.http.get(data.mapDisplay.styleUrl);
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.json).toEqual(rewritten(upstream.text));
    expect(response.json.sources.loccode.url).toBe(data.mapDisplay.tileJsonUrl);
    expect(response.json.sprite).toBe(data.mapDisplay.spriteUrl);
    expect(response.json.glyphs).toBe(data.mapDisplay.glyphsUrl);
    expect(response.json.metadata['loccode:wordmark'].manifest).toBe(data.mapDisplay.wordmark.manifestUrl);
    expect(stack.sandbox.controls.count({ service: 'maps', operation: 'style' })).toBe(1);
  });

  it('serves TileJSON, the sprite index and the wordmark manifest rewritten the same way', async () => {
    for (const path of ['tiles.json', 'sprites/sprite.json', 'wordmark.json']) {
      const upstream = await mapHost.get(keyed(path));
      const response = await stack.http.get(`${gateway}/maps/${path}`);
      expect(response.status).toBe(200);
      expect(response.json).toEqual(rewritten(upstream.text));
    }
    const tileJson = (await stack.http.get(`${gateway}/maps/tiles.json`)).json;
    expect(tileJson.tiles).toEqual([`${gateway}/maps/tiles/{z}/{x}/{y}.pbf`]);
  });

  it.each([
    ['tiles/{tile}.pbf', 'application/x-protobuf'],
    ['sprites/sprite@2x.png', 'image/png'],
    ['fonts/Noto%20Sans%20Regular/0-255.pbf', 'application/x-protobuf'],
  ])('passes %s through byte for byte with its content type', async (template, type) => {
    const path = template.replace('{tile}', tileOf(street(stack, KANO_STREET).point, 14));
    const upstream = await bytes(keyed(path));
    const served = await bytes(`${gateway}/maps/${path}`);
    expect(upstream.status).toBe(200);
    expect(served).toEqual({ status: 200, type, body: upstream.body });
    expect(upstream.body.length).toBeGreaterThan(0);
  });

  it.each([
    ['/maps/styles/satellite/style.json', 404, 1],
    ['/maps/styles/streets/style.json?mode=sepia', 400, 0],
    ['/maps/v1/route', 404, 0],
    ['/maps/tiles/14/1/2/3.pbf', 404, 0],
  ])('answers %s with %i', async (path, status, calls) => {
    const response = await stack.http.get(`${gateway}${path}`);
    expect(response.status).toBe(status);
    // The request id of the answer, as in every refusal of every route.
    expect(response.json.errors[0]).toEqual({
      message: expect.any(String),
      extensions: {
        code: status === 404 ? 'NOT_FOUND' : 'BAD_USER_INPUT',
        requestId: response.headers['x-request-id'],
      },
    });
    expect(stack.sandbox.controls.count({ service: 'maps' })).toBe(calls);
  });

  it('refuses methods other than GET', async () => {
    const response = await stack.http.post(`${gateway}/maps/tiles.json`, {});
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET');
    expect(response.json.errors[0].extensions).toEqual({
      code: 'METHOD_NOT_ALLOWED',
      requestId: response.headers['x-request-id'],
    });
  });

  it('passes on 429 and Retry-After when the shared map-load budget is spent', async () => {
    stack.sandbox.controls.setRateLimit('maps', 'mapLoads', { kind: 'window', limit: 1, windowMs: 60_000 });
    const url = `${gateway}/maps/styles/streets/style.json`;
    expect((await stack.http.get(url)).status).toBe(200);
    const refused = await stack.http.get(url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json.errors[0].message).toMatch(/map load budget/);
    expect(refused.json.errors[0].extensions.code).toBe('UPSTREAM_RATE_LIMITED');
  });

  it('never forwards the map host error body, which may echo the key', async () => {
    failWithStatus(stack.sandbox.controls, 'maps', 'tileMetadata', { status: 500, echoRequest: true });
    const response = await stack.http.get(`${gateway}/maps/tiles.json`);
    expect(response.status).toBe(502);
    expect(response.text).not.toContain(stack.sandbox.keys.maps);
    expect(response.text).not.toContain('Injected');
  });
});
