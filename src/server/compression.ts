import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { endAtTurnEnd } from './outbox';
import { TextMemo } from '../kernel/text-memo';
import { utf8Payload } from './utf8';

/** Below this a body goes as it is: the saving would not pay for the work. */
export const COMPRESSION_MIN_BYTES = 1024;

/**
 * Types worth compressing: JSON (GraphQL answers, map styles, sprite and wordmark manifests),
 * text, and vector tiles and glyphs (protobuf), which the map host may send uncompressed.
 * Images (PNG sprites) are compressed already.
 */
const COMPRESSIBLE =
  /^(?:text\/|application\/(?:[\w.-]+\+)?json|application\/(?:x-protobuf|vnd\.mapbox-vector-tile|javascript|xml)|image\/svg\+xml)/i;

type Encoding = 'br' | 'gzip';

/** How a string body becomes bytes: `latin1` for UTF-8 bytes held one character each (response-cache.ts). */
export type BodyEncoding = 'utf8' | 'latin1';

const compress: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  // Quality 4 of 11: most of brotli's gain at a fraction of its time, as answers are made per request.
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body),
};

/**
 * Ends `res` with `body`, compressed with brotli or gzip when the client's Accept-Encoding
 * takes one (RFC 9110 section 12.5.3; brotli preferred at equal weight), the type is worth
 * it and the body is at least {@link COMPRESSION_MIN_BYTES}. A body that is already encoded
 * (a Content-Encoding header, or gzip's magic bytes: a tile the host gzipped) is sent as it is.
 * zlib works off the event loop, on libuv's pool.
 */
export async function sendCompressible(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  body: string | Buffer,
  encoding: BodyEncoding = 'utf8',
): Promise<void> {
  // A string goes out as it is when it is not compressed: no copy into a Buffer first,
  // unless Node would encode it slowly (utf8.ts).
  if (typeof body === 'string' && encoding === 'utf8') body = utf8Payload(body);
  const length = typeof body === 'string' ? Buffer.byteLength(body, encoding) : body.length;
  const type = String(headers['content-type'] ?? res.getHeader('content-type') ?? '');
  const compressible =
    COMPRESSIBLE.test(type) &&
    headers['content-encoding'] === undefined &&
    res.getHeader('content-encoding') === undefined &&
    !(typeof body !== 'string' && body[0] === 0x1f && body[1] === 0x8b);
  if (!compressible) return end(res, status, headers, body, length, encoding);
  // Whatever is sent, a shared cache must not give it to a client that asked otherwise.
  const vary = res.getHeader('vary');
  res.setHeader('vary', typeof vary === 'string' ? varies.of(vary) : withVary(vary));
  const coding =
    length >= COMPRESSION_MIN_BYTES ? acceptedEncoding(req.headers['accept-encoding']) : undefined;
  if (!coding) return end(res, status, headers, body, length, encoding);
  const etag = headers.etag ?? res.getHeader('etag');
  const compressed = await compress[coding](typeof body === 'string' ? Buffer.from(body, encoding) : body);
  end(
    res,
    status,
    {
      ...headers,
      'content-encoding': coding,
      // A strong validator names one byte sequence; the compressed one is another (RFC 9110 section 8.8.3).
      ...(typeof etag === 'string' && !etag.startsWith('W/') && { etag: `W/${etag}` }),
    },
    compressed,
    compressed.length,
  );
}

function end(
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  body: string | Buffer,
  length: number,
  encoding: BodyEncoding = 'utf8',
): void {
  res.writeHead(status, { ...headers, 'content-length': String(length) });
  // With the other answers finished in this turn of the event loop (outbox.ts).
  endAtTurnEnd(res, body, encoding);
}

function withVary(current: number | string | string[] | undefined): string {
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.some((name) => name.toLowerCase() === 'accept-encoding' || name === '*')
    ? names.join(', ')
    : [...names, 'accept-encoding'].join(', ');
}

/** Clients send a handful of distinct headers: each is read once, not on every cache hit. */
const varies = new TextMemo(withVary, 100_000);
const preferences = new TextMemo((header) => ({ coding: preferredEncoding(header) }), 100_000);

function acceptedEncoding(header: string | string[] | undefined): Encoding | undefined {
  // No header: the client takes the body as it is (most API clients send none).
  if (header === undefined) return undefined;
  return typeof header === 'string' ? preferences.of(header).coding : preferredEncoding(header);
}

/** `br` or `gzip`, whichever the header weighs higher (`*` stands for both); none when neither is taken. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!coding) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: Encoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).reduce((a, b) => (weightOf(b) > weightOf(a) ? b : a));
  return weightOf(best) > 0 ? best : undefined;
}
