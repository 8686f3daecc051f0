import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumMissing, launchChromium, recordTraffic, type Traffic } from '../support/chromium';
import { SINGLE_REQUEST_DISCIPLINE, startTestStack, type TestStack } from '../support/gateway';

const ROOT = join(__dirname, '..', '..');
const MANIFEST = join(ROOT, 'examples', 'web', 'src', 'gql', 'persisted-documents.json');
const SCREENSHOT = join(ROOT, 'test-artifacts', 'web-example.png');
/** The street line's colour in examples/web/src/map.ts (#d6336c), to find it among the pixels. */
const STREET_RGB = [0xd6, 0x33, 0x6c];

const skipped = chromiumMissing("the web example's browser test");

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
};

/** The built page on an origin of its own, so every call to the gateway is cross-origin. */
function serveStatic(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://page').pathname).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** What the test reads in the page: the map the example exposes, and a 2D canvas (jest's tsconfig has no DOM types). */
interface InPage {
  loccodeMap?: {
    getLayer(id: string): unknown;
    loaded(): boolean;
    areTilesLoaded(): boolean;
    once(event: 'render', listener: () => void): void;
    triggerRepaint(): void;
    getCanvas(): { width: number; height: number };
    getStyle(): { layers: Array<{ id: string }> };
  };
  document: {
    createElement(tag: 'canvas'): {
      width: number;
      height: number;
      getContext(kind: '2d'): {
        drawImage(source: unknown, x: number, y: number): void;
        getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray };
      };
    };
  };
}

/** What the page asked the network for, what it posted to /graphql, and what went wrong. */
function record(context: BrowserContext, page: Page): Traffic & { graphqlBodies: unknown[] } {
  const graphqlBodies: unknown[] = [];
  const traffic = recordTraffic(context, page, (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/graphql'))
      graphqlBodies.push(JSON.parse(request.postData() ?? 'null'));
  });
  return { ...traffic, graphqlBodies };
}

(skipped ? describe.skip : describe)(
  skipped ? 'Chromium not installed: web example test skipped' : 'examples/web in headless Chromium',
  () => {
    let outDir: string;
    let site: Server;
    let stack: TestStack;
    let browser: Browser;

    beforeAll(async () => {
      outDir = mkdtempSync(join(tmpdir(), 'web-example-'));
      // Vite's Node API is ESM (its CommonJS build is deprecated) and jest runs CommonJS here:
      // build in a child process, with the CLI as a user runs it.
      await promisify(execFile)(
        process.execPath,
        [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', 'examples/web', '--outDir', outDir],
        { cwd: ROOT, timeout: 60_000 },
      );
      site = await serveStatic(outDir);
      const pageOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
      stack = await startTestStack({
        ...SINGLE_REQUEST_DISCIPLINE,
        CORS_ORIGINS: pageOrigin,
        TRUSTED_DOCUMENTS: MANIFEST,
      });
      browser = await launchChromium({ webgl: true });
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await stack?.close();
      await new Promise((resolve) => site?.close(resolve));
      rmSync(outDir, { recursive: true, force: true });
    });

    it('shows the climate, pests and facilities of a loccode on a drawn map, and a refusal as text', async () => {
      // The expected values: the gateway's own answers to the page's (trusted) document.
      const document = Object.values(
        JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, string>,
      )[0]!;
      const expected = (await stack.query(document, { code: 'KN3A 7QP' })).data.loccode;
      const refused = await stack.query(document, { code: 'KN3A-7QP' });
      const refusal = refused.errors![0]!;
      expect(refusal.extensions?.code).toBe('BAD_USER_INPUT');

      const pageOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
      const gateway = new URL(stack.app.url).origin;
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const traffic = record(context, page);

      await page.goto(`${pageOrigin}/?gateway=${encodeURIComponent(gateway)}`);
      await page.locator('#code').fill('KN3A 7QP');
      await page.getByRole('button', { name: 'Show' }).click();
      const panel = page.locator('#panel');
      await panel.filter({ hasText: `${expected.climate.airTemperatureCelsius} °C` }).waitFor();
      // Drawn: the style, its tiles and our two sources are loaded and nothing is moving.
      await page.waitForFunction(() => {
        const map = (globalThis as unknown as InPage).loccodeMap;
        return !!map?.getLayer('street') && map.loaded() && map.areTilesLoaded();
      });
      const drawn = await page.evaluate(
        (streetRgb) =>
          new Promise<{ colours: number; streetPixels: number; layers: string[] }>((resolve) => {
            const { loccodeMap: map, document: dom } = globalThis as unknown as InPage;
            // Read right after a frame is drawn, while WebGL's buffer still holds it.
            map!.once('render', () => {
              const gl = map!.getCanvas();
              const copy = dom.createElement('canvas');
              [copy.width, copy.height] = [gl.width, gl.height];
              const context2d = copy.getContext('2d');
              context2d.drawImage(gl, 0, 0);
              const pixels = context2d.getImageData(0, 0, copy.width, copy.height).data;
              const colours = new Set<number>();
              let streetPixels = 0;
              for (let i = 0; i < pixels.length; i += 4) {
                colours.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!);
                if ([0, 1, 2].every((c) => Math.abs(pixels[i + c]! - streetRgb[c]!) < 12)) streetPixels++;
              }
              resolve({
                colours: colours.size,
                streetPixels,
                layers: map!.getStyle().layers.map((layer) => layer.id),
              });
            });
            map!.triggerRepaint();
          }),
        STREET_RGB,
      );
      mkdirSync(join(SCREENSHOT, '..'), { recursive: true });
      await page.screenshot({ path: SCREENSHOT });
      const shown = await panel.textContent();

      await page.locator('#code').fill('KN3A-7QP');
      await page.getByRole('button', { name: 'Show' }).click();
      await page.locator('#errors').filter({ hasText: 'BAD_USER_INPUT' }).waitFor();
      const errorsShown = await page.locator('#errors').textContent();
      await context.close();

      expect(shown).toContain(`${expected.climate.relativeHumidityPercent} %`);
      expect(shown).toContain(`${expected.climate.precipitationMm} mm`);
      expect(shown).toContain(expected.pests.riskLevel);
      const nearest = expected.emergency.nearestFacilities[0];
      expect(shown).toContain(`${nearest.name} (${nearest.category}), ${nearest.distanceKm} km`);
      expect(drawn.layers).toEqual(expect.arrayContaining(['street', 'facilities']));
      expect(drawn.colours).toBeGreaterThan(5);
      expect(drawn.streetPixels).toBeGreaterThan(100);
      expect(errorsShown).toContain(`BAD_USER_INPUT: ${refusal.message}`);
      expect(traffic.failures).toEqual([]);
      // Nothing from anywhere but the page's own origin and the gateway (no CDN, no fonts).
      expect(
        traffic.requests.filter(
          (url) =>
            !url.startsWith(`${pageOrigin}/`) && !url.startsWith(`${gateway}/`) && !url.startsWith('blob:'),
        ),
      ).toEqual([]);
      // Trusted documents: the page sends the hash and its variables, never the document.
      expect(traffic.graphqlBodies).toEqual([
        { documentId: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), variables: { code: 'KN3A 7QP' } },
        { documentId: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), variables: { code: 'KN3A-7QP' } },
      ]);
    }, 60_000);
  },
);
