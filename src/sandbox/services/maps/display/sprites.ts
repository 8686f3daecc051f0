import type { Reply } from '../../../kit/types';
import { notFound } from '../envelope';
import { encodePng, type RgbaImage } from './png';

/** Sprite sheet name; the style's `sprite` URL ends in it and MapLibre appends `[@2x].json|png`. */
export const SPRITE_NAME = 'sprite';

/** Icons of the sheet, side by side, each a round badge in its colour. */
const ICONS: ReadonlyArray<{ name: string; rgb: [number, number, number] }> = [
  { name: 'poi', rgb: [234, 120, 32] },
  { name: 'marker', rgb: [214, 48, 49] },
  { name: 'loccode', rgb: [37, 99, 235] },
];
const ICON_SIZE = 16;
const SPRITE_FILE = /^sprite(@2x)?\.(json|png)$/;

/** GET /sdk/sprites/{sprite[@2x].json|png}: the icon index or the sheet itself. */
export function spriteFile(file: string): Reply {
  const match = SPRITE_FILE.exec(file);
  if (!match) {
    throw notFound(
      `There is no sprite file ${file}; use ${SPRITE_NAME}.json, ${SPRITE_NAME}.png or their @2x forms.`,
    );
  }
  const pixelRatio = match[1] === undefined ? 1 : 2;
  if (match[2] === 'json') return { status: 200, body: spriteIndex(pixelRatio) };
  return { status: 200, contentType: 'image/png', body: encodePng(spriteSheet(pixelRatio)) };
}

function spriteIndex(pixelRatio: number) {
  const size = ICON_SIZE * pixelRatio;
  return Object.fromEntries(
    ICONS.map(({ name }, index) => [name, { x: index * size, y: 0, width: size, height: size, pixelRatio }]),
  );
}

function spriteSheet(pixelRatio: number): RgbaImage {
  const size = ICON_SIZE * pixelRatio;
  const width = size * ICONS.length;
  const pixels = new Uint8Array(width * size * 4);
  const radius = size / 2;
  ICONS.forEach(({ rgb }, index) => {
    for (let row = 0; row < size; row++) {
      for (let column = 0; column < size; column++) {
        const fromCentre = Math.hypot(column + 0.5 - radius, row + 0.5 - radius);
        if (fromCentre > radius) continue;
        // A white rim one pixel (per ratio) wide around the coloured disc.
        const colour = fromCentre > radius - pixelRatio ? [255, 255, 255] : rgb;
        pixels.set([...colour, 255], (row * width + index * size + column) * 4);
      }
    }
  });
  return { width, height: size, pixels };
}
