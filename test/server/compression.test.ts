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

describe('response compression', () => {
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

/**
 * Texts Node encodes in different ways (utf8.ts), each with its UTF-8 bytes as hex: ASCII;
 * Latin-1 beyond ASCII (`m³`); an en dash and a Yoruba name (ọ: U+1ECD), past Latin-1; an
 * emoji (a surrogate pair); a lone surrogate, which UTF-8 writes as U+FFFD (ef bf bd).
 * Each is padded past the compression threshold with ASCII.
 */
const PAD = 'x'.repeat(1100);
const TEXTS: Record<string, { body: string; utf8Hex: string }> = Object.fromEntries(
  (
    [
      ['ascii', '"0-10 cm"', '22302d313020636d22'],
      ['latin1', '"m³"', '226dc2b322'],
      ['en-dash', '"0–10 cm, Ọyọ"', '2230e280933130' + '20636d2c20' + 'e1bb8c79e1bb8d22'],
      ['emoji', '"😀"', '22f09f988022'],
      ['lone-surrogate', '"\ud800–"', '22efbfbde2809322'],
    ] as const
  ).map(([name, text, hex]) => [name, { body: text + PAD, utf8Hex: hex + '78'.repeat(PAD.length) }]),
);

describe('sendCompressible', () => {
  let server: Server;
  let base: string;
  const http = new TestHttp();
  const gzippedTile = gzipSync(Buffer.alloc(4096, 7));

  beforeAll(async () => {
    server = createServer((req, res) => {
      const text = TEXTS[req.url?.slice(1) ?? ''];
      if (text) void sendCompressible(req, res, 200, { 'content-type': 'application/json' }, text.body);
      else
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

  it.each(Object.keys(TEXTS))('sends the %s text as its UTF-8 bytes, with their length', async (name) => {
    const { body, utf8Hex } = TEXTS[name]!;
    const plain = await http.get(`${base}/${name}`);
    expect(plain.bytes.toString('hex')).toBe(utf8Hex);
    expect(Number(plain.headers['content-length'])).toBe(utf8Hex.length / 2);
    // Past 1 KB, compressed: the same bytes once decompressed.
    const long = await http.get(`${base}/${name}`, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(long.bytes).toString('hex')).toBe(utf8Hex);
    expect(body.length).toBeGreaterThan(1024);
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
