import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SINGLE_REQUEST_DISCIPLINE, startTestStack, type TestStack } from '../support/gateway';

/** The key the gateway holds for the stand-in map host; it must never reach a client. */
const HOST_KEY = 'mk_test_wordmarkstandin0000000000';

/**
 * Spec, Map display: the wordmark manifest's structure is not shown. A stand-in map host
 * serves manifests of shapes the sandbox does not, so the test can see that
 * `Wordmark.manifest` passes any structure through and never passes on the key.
 */
describe('Wordmark.manifest over a map host whose manifest has another shape', () => {
  let stack: TestStack;
  let host: Server;
  let hostUrl = '';
  let manifest: unknown = {};
  const received: string[] = [];

  beforeAll(async () => {
    host = createServer((req, res) => {
      received.push(req.url ?? '');
      const url = new URL(req.url ?? '/', 'http://stand-in.invalid');
      const keyed = url.searchParams.get('key') === HOST_KEY;
      res.writeHead(keyed ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(keyed ? manifest : { status: false, code: 'invalid_api_key', message: '' }));
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    stack = await startTestStack({
      ...SINGLE_REQUEST_DISCIPLINE,
      MAP_API_BASE_URL: hostUrl,
      MAP_HOST_URL: hostUrl,
      MAP_API_KEY: HOST_KEY,
      SANDBOX: 'agriculture,healthcare,address',
      ALLOW_ANONYMOUS: 'true',
    });
  });
  afterAll(async () => {
    await stack.close();
    await new Promise((resolve) => host.close(resolve));
  });
  beforeEach(() => {
    received.length = 0;
  });

  it('passes members it does not know through, with map-host links moved to the gateway, for one call', async () => {
    manifest = {
      brand: { art: [{ theme: 'any', href: `${hostUrl}/sdk/wordmark/mark.svg?key=${HOST_KEY}` }] },
      placement: ['bottom-left'],
      scale: 1.5,
      note: null,
    };
    const gateway = new URL(stack.app.url).origin;
    const { data, errors } = await stack.query('{ mapDisplay { wordmark { manifest } } }');
    expect(errors).toBeUndefined();
    expect(data.mapDisplay.wordmark.manifest).toEqual({
      brand: { art: [{ theme: 'any', href: `${gateway}/maps/wordmark/mark.svg` }] },
      placement: ['bottom-left'],
      scale: 1.5,
      note: null,
    });
    expect(received.map((url) => url.split('?')[0])).toEqual(['/sdk/wordmark.json']);
  });

  it('withholds a manifest whose links would carry the key to another host: UPSTREAM_BAD_RESPONSE', async () => {
    manifest = { art: `https://cdn.elsewhere.invalid/mark.svg?key=${HOST_KEY}` };
    const { data, errors, response } = await stack.query(
      '{ mapDisplay { wordmark { removable manifest } } }',
    );
    expect(data.mapDisplay.wordmark).toEqual({ removable: false, manifest: null });
    expect(errors).toHaveLength(1);
    expect(errors![0]!.path).toEqual(['mapDisplay', 'wordmark', 'manifest']);
    expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_BAD_RESPONSE', service: 'maps' });
    expect(response.text).not.toContain(HOST_KEY);
  });
});
