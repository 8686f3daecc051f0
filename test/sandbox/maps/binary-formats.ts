import { crc32, inflateSync } from 'node:zlib';

/** Just enough Protocol Buffers, Mapbox Vector Tile and PNG reading to prove the sandbox's bytes are valid. */

export interface ProtobufField {
  field: number;
  /** A varint, or the bytes of a length-delimited field. */
  value: number | Buffer;
}

class Cursor {
  offset = 0;
  constructor(readonly bytes: Buffer) {}

  get done(): boolean {
    return this.offset >= this.bytes.length;
  }

  varint(): number {
    let value = 0;
    for (let scale = 1; ; scale *= 128) {
      if (this.done) throw new Error('truncated varint');
      const byte = this.bytes[this.offset++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
    }
  }

  take(length: number): Buffer {
    if (this.offset + length > this.bytes.length) throw new Error('truncated field');
    this.offset += length;
    return this.bytes.subarray(this.offset - length, this.offset);
  }
}

export function readProtobuf(bytes: Buffer): ProtobufField[] {
  const cursor = new Cursor(bytes);
  const fields: ProtobufField[] = [];
  while (!cursor.done) {
    const key = cursor.varint();
    const [field, wireType] = [Math.floor(key / 8), key % 8];
    if (wireType === 0) fields.push({ field, value: cursor.varint() });
    else if (wireType === 2) fields.push({ field, value: cursor.take(cursor.varint()) });
    else throw new Error(`unexpected wire type ${wireType}`);
  }
  return fields;
}

const messages = (fields: ProtobufField[], field: number): Buffer[] =>
  fields.filter((f) => f.field === field).map((f) => f.value as Buffer);
const varintOf = (fields: ProtobufField[], field: number): number | undefined =>
  fields.find((f) => f.field === field)?.value as number | undefined;
const textOf = (fields: ProtobufField[], field: number): string | undefined =>
  messages(fields, field)[0]?.toString('utf8');

function packedVarints(bytes: Buffer | undefined): number[] {
  if (bytes === undefined) return [];
  const cursor = new Cursor(bytes);
  const values: number[] = [];
  while (!cursor.done) values.push(cursor.varint());
  return values;
}

export interface TileFeature {
  id: number | undefined;
  type: number | undefined;
  properties: Record<string, string>;
  geometry: number[];
}

export interface TileLayer {
  name: string | undefined;
  version: number | undefined;
  extent: number | undefined;
  features: TileFeature[];
}

/** Decodes a Mapbox Vector Tile (2.1): layers, string properties by tag, raw geometry commands. */
export function readVectorTile(bytes: Buffer): TileLayer[] {
  return messages(readProtobuf(bytes), 3).map((layerBytes) => {
    const layer = readProtobuf(layerBytes);
    const keys = messages(layer, 3).map((key) => key.toString('utf8'));
    const values = messages(layer, 4).map((value) => textOf(readProtobuf(value), 1) ?? '');
    return {
      name: textOf(layer, 1),
      version: varintOf(layer, 15),
      extent: varintOf(layer, 5),
      features: messages(layer, 2).map((featureBytes) => {
        const feature = readProtobuf(featureBytes);
        const tags = packedVarints(messages(feature, 2)[0]);
        const properties: Record<string, string> = {};
        for (let i = 0; i + 1 < tags.length; i += 2) properties[keys[tags[i]!]!] = values[tags[i + 1]!]!;
        return {
          id: varintOf(feature, 1),
          type: varintOf(feature, 3),
          properties,
          geometry: packedVarints(messages(feature, 4)[0]),
        };
      }),
    };
  });
}

/**
 * Problems with a feature's geometry commands: a point is one MoveTo; a line is one MoveTo
 * then one LineTo of at least one non-zero step; every command has its parameters.
 */
export function geometryProblems({ type, geometry }: TileFeature): string[] {
  const commands: Array<{ id: number; count: number; params: number[] }> = [];
  for (let i = 0; i < geometry.length;) {
    const [id, count] = [geometry[i]! & 0x7, geometry[i]! >> 3];
    commands.push({ id, count, params: geometry.slice(i + 1, i + 1 + 2 * count) });
    i += 1 + 2 * count;
  }
  const problems: string[] = [];
  if (commands.some((c) => c.params.length !== 2 * c.count)) problems.push('a command lacks parameters');
  const shape = commands.map((c) => `${c.id}x${c.id === 1 ? c.count : 'n'}`).join(' ');
  if (type === 1 && shape !== '1x1') problems.push(`point geometry is ${shape}`);
  if (type === 2 && shape !== '1x1 2xn') problems.push(`line geometry is ${shape}`);
  const lineTo = commands.find((c) => c.id === 2);
  if (lineTo && lineTo.count < 1) problems.push('empty LineTo');
  for (let i = 0; lineTo && i < lineTo.params.length; i += 2) {
    if (lineTo.params[i] === 0 && lineTo.params[i + 1] === 0) problems.push('a zero-length LineTo step');
  }
  return problems;
}

export interface PngInfo {
  width: number;
  height: number;
}

/** Checks the PNG signature, every chunk's CRC and the size of the inflated pixels (8-bit RGBA). */
export function readPng(bytes: Buffer): PngInfo {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature)) throw new Error('not a PNG signature');
  const chunks: Array<{ type: string; data: Buffer }> = [];
  for (let offset = 8; offset < bytes.length;) {
    const length = bytes.readUInt32BE(offset);
    const typeAndData = bytes.subarray(offset + 4, offset + 8 + length);
    const crcMatches = crc32(typeAndData) >>> 0 === bytes.readUInt32BE(offset + 8 + length);
    if (!crcMatches) throw new Error('bad chunk CRC');
    chunks.push({ type: typeAndData.subarray(0, 4).toString('ascii'), data: typeAndData.subarray(4) });
    offset += 12 + length;
  }
  const types = chunks.map((c) => c.type);
  if (types[0] !== 'IHDR' || types[types.length - 1] !== 'IEND') throw new Error(`chunks ${types.join(',')}`);
  const header = chunks[0]!.data;
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  if (header[8] !== 8 || header[9] !== 6) throw new Error('not 8-bit RGBA');
  const pixels = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  if (pixels.length !== (width * 4 + 1) * height) throw new Error('pixel data has the wrong size');
  return { width, height };
}

/** Reads a glyph range (MapLibre glyphs protobuf): the stacks it names. */
export function readGlyphStacks(
  bytes: Buffer,
): Array<{ name: string | undefined; range: string | undefined }> {
  return messages(readProtobuf(bytes), 1).map((stack) => {
    const fields = readProtobuf(stack);
    return { name: textOf(fields, 1), range: textOf(fields, 2) };
  });
}
