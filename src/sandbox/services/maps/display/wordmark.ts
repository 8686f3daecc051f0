import type { Reply, SandboxRequest } from '../../../kit/types';
import { notFound } from '../envelope';
import { keyedUrl } from './map-host';

/** Spec, Map display: bottom-left by default, movable to another corner, never removable. */
export const WORDMARK_POSITIONS = ['bottom-left', 'top-left', 'top-right', 'bottom-right'] as const;
export const WORDMARK_RULE =
  'Every rendered map shows the wordmark. It may be moved to another corner but must not be removed; removing it is a licence violation.';

const WIDTH = 96;
const HEIGHT = 24;
/** One art file per colour mode: dark text for light maps, light text for dark maps. */
const ART: Record<string, { text: string; plate: string }> = {
  'wordmark-light.svg': { text: '#1f2937', plate: '#ffffff' },
  'wordmark-dark.svg': { text: '#f9fafb', plate: '#111827' },
};

/** GET /sdk/wordmark.json: where and how the wordmark must be drawn. */
export function wordmarkManifest(req: SandboxRequest): Reply {
  return {
    status: 200,
    body: {
      name: 'Loccode Maps wordmark',
      required: true,
      removable: false,
      rule: WORDMARK_RULE,
      default_position: WORDMARK_POSITIONS[0],
      positions: WORDMARK_POSITIONS,
      margin_px: 8,
      variants: [
        {
          mode: 'light',
          width: WIDTH,
          height: HEIGHT,
          url: keyedUrl(req, '/sdk/wordmark/wordmark-light.svg'),
        },
        { mode: 'dark', width: WIDTH, height: HEIGHT, url: keyedUrl(req, '/sdk/wordmark/wordmark-dark.svg') },
      ],
    },
  };
}

/** GET /sdk/wordmark/{file}: the SVG art. */
export function wordmarkArt(file: string): Reply {
  const colours = ART[file];
  if (!colours) throw notFound(`There is no wordmark file ${file}; see /sdk/wordmark.json for the files.`);
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" rx="4" fill="${colours.plate}" fill-opacity="0.85"/>`,
    `<circle cx="12" cy="12" r="6" fill="#2563eb"/>`,
    `<text x="24" y="16.5" font-family="Noto Sans, sans-serif" font-size="12" font-weight="700" fill="${colours.text}">loccode maps</text>`,
    `</svg>`,
  ].join('\n');
  return { status: 200, contentType: 'image/svg+xml', body: `${svg}\n` };
}
