import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { preferredEncoding, sendCompressible } from '../../src/server/compression';
import { SINGLE_REQUEST_DISCIPLINE, useTestStack } from '../support/gateway';
import { TestHttp } from '../support/http';

/** Introspection: a large answer (tens of KB) that costs no upstream call. */
const LARGE = { query: '{ __schema { types { name description } } }' };
const SMALL = { query: '{ loccode(code: "KN3A 7QP") { code } }' };
const STYLE = '/maps/styles/streets/style.json?mode=light';

describe('response compression (issue #15)', () => {
  const stack = useTestStack(SINGLE_REQUEST_DISCIPLINE);

  it('sends a large GraphQL answer brotli-encoded when asked, decoding to the same JSON', async () => {
    const plain = await stack.http.post(stack.app.url, LARGE);
    const br = await stack.http.post(stack.app.url, LARGE, { 'accept-encoding': 'br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(1024);
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/);
    expect(Number(br.headers['content-length'])).toBe(br.bytes.length);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(plain.json);
  });

  it('gzips for a client that takes only gzip', async () => {
    const gz = await stack.http.post(stack.app.url, LARGE, { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.bytes).toString('utf8')).data.__schema.types.length).toBeGreaterThan(50);
  });

  it('sends an answer under 1 KB as it is, still varying on accept-encoding', async () => {
    const small = await stack.http.post(stack.app.url, SMALL, { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toMatch(/accept-encoding/);
    expect(small.json.data.loccode.code).toBe('KN3A 7QP');
  });

  it('compresses a map style (JSON) too', async () => {
    const url = stack.app.url.replace(/\/graphql$/, STYLE);
    const plain = await stack.http.get(url);
    const br = await stack.http.get(url, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(plain.json);
    expect(plain.json.version).toBe(8);
  });
});

describe('sendCompressible', () => {
  let server: Server;
  let base: string;
  const http = new TestHttp();
  const gzippedTile = gzipSync(Buffer.alloc(4096, 7));

  beforeAll(async () => {
    server = createServer((req, res) => {
      void sendCompressible(
        req,
        res,
        200,
        { 'content-type': 'application/x-protobuf', etag: '"t1"' },
        gzippedTile,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await http.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('never compresses a tile the host already gzipped', async () => {
    const tile = await http.get(`${base}/tile.pbf`, { 'accept-encoding': 'gzip, br' });
    expect(tile.headers['content-encoding']).toBeUndefined();
    expect(tile.headers.etag).toBe('"t1"');
    expect(tile.bytes.equals(gzippedTile)).toBe(true);
  });

  it('prefers brotli at equal weight, and honours q=0 and *', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(preferredEncoding('gzip;q=0, *')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
