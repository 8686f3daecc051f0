import type { Reply } from '../../../kit/types';
import { notFound, validationError } from '../envelope';
import { ProtobufWriter } from './protobuf';

/** The fonts the styles use; a glyph request may name a comma-separated stack of them. */
export const FONTS = ['Noto Sans Regular', 'Noto Sans Bold'];
const GLYPH_RANGE = /^([0-9]+)-([0-9]+)\.pbf$/;
const RANGE_SIZE = 256;
const LAST_CODE_POINT = 65535;

/**
 * GET /sdk/fonts/{fontstack}/{start}-{end}.pbf: a glyph range in the MapLibre glyphs
 * protobuf. It names the stack and range and carries no bitmaps (labels take no room).
 */
export function glyphRange(fontstack: string, range: string): Reply {
  const fonts = fontstack.split(',').map((font) => font.trim());
  const unknown = fonts.filter((font) => !FONTS.includes(font));
  if (unknown.length > 0) {
    throw notFound(`Unknown font ${unknown.join(', ')}; fonts are ${FONTS.join(', ')}.`);
  }
  const match = GLYPH_RANGE.exec(range);
  const start = Number(match?.[1]);
  const end = Number(match?.[2]);
  if (!match || start % RANGE_SIZE !== 0 || end !== start + RANGE_SIZE - 1 || end > LAST_CODE_POINT) {
    throw validationError([
      `range (must be {start}-{end}.pbf covering 256 code points from a multiple of 256, e.g. 0-255.pbf)`,
    ]);
  }
  const stack = new ProtobufWriter().string(1, fonts.join(',')).string(2, `${start}-${end}`);
  return {
    status: 200,
    contentType: 'application/x-protobuf',
    body: new ProtobufWriter().message(1, stack).finish(),
  };
}
