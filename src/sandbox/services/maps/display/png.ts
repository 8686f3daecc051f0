import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** IHDR after width and height: bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace. */
const IHDR_FORMAT = [8, 6, 0, 0, 0];

/** An RGBA image, row after row, four bytes a pixel. */
export interface RgbaImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** A PNG file of the image; the same pixels always give the same bytes. */
export function encodePng({ width, height, pixels }: RgbaImage): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set(IHDR_FORMAT, 8);
  const rowBytes = width * 4;
  // Each row starts with its filter type, 0 (none): the zeroes Buffer.alloc leaves there.
  const filtered = Buffer.alloc((rowBytes + 1) * height);
  for (let row = 0; row < height; row++) {
    filtered.set(pixels.subarray(row * rowBytes, (row + 1) * rowBytes), row * (rowBytes + 1) + 1);
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(filtered, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Length, type, data, then the CRC-32 of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0, 0);
  return Buffer.concat([length, typeAndData, crc]);
}
