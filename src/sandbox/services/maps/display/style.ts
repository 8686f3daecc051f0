import type { Reply, SandboxRequest } from '../../../kit/types';
import { notFound, validationError } from '../envelope';
import { FONTS } from './glyphs';
import { keyedUrl } from './map-host';
import { SPRITE_NAME } from './sprites';
import { WORDMARK_POSITIONS, WORDMARK_RULE } from './wordmark';

/** Valid families are not shown in the spec; the sandbox offers these two. */
const FAMILIES = ['streets', 'navigation'] as const;
type Family = (typeof FAMILIES)[number];
type ColourMode = 'light' | 'dark';

interface Palette {
  background: string;
  minorRoad: string;
  majorRoad: string;
  label: string;
  halo: string;
}

const PALETTES: Record<Family, Record<ColourMode, Palette>> = {
  streets: {
    light: {
      background: '#f4f1ea',
      minorRoad: '#ffffff',
      majorRoad: '#f6c96b',
      label: '#374151',
      halo: '#ffffff',
    },
    dark: {
      background: '#1b1f27',
      minorRoad: '#3a4150',
      majorRoad: '#8a6d2f',
      label: '#e5e7eb',
      halo: '#111827',
    },
  },
  navigation: {
    light: {
      background: '#eef2f6',
      minorRoad: '#d5dce6',
      majorRoad: '#3b82f6',
      label: '#1f2937',
      halo: '#ffffff',
    },
    dark: {
      background: '#0f172a',
      minorRoad: '#334155',
      majorRoad: '#60a5fa',
      label: '#f1f5f9',
      halo: '#0f172a',
    },
  },
};

/** Navigation maps draw major roads wider, to read at a glance. */
const MAJOR_ROAD_WIDTH: Record<Family, number> = { streets: 3, navigation: 5 };

/**
 * GET /sdk/styles/{family}/style.json?mode=light|dark: a MapLibre style (version 8) whose
 * sources, sprite and glyphs point back at this host with the caller's key. Each keyed
 * fetch is one billed map load (spec), which is why the route has the map-load limit.
 */
export function styleDocument(req: SandboxRequest): Reply {
  const family = FAMILIES.find((name) => name === req.params.family);
  if (family === undefined) {
    throw notFound(`There is no map style family ${req.params.family}; families are ${FAMILIES.join(', ')}.`);
  }
  const mode = req.query.get('mode') ?? 'light';
  if (mode !== 'light' && mode !== 'dark') throw validationError(['mode (must be light or dark)']);
  const palette = PALETTES[family][mode];
  return {
    status: 200,
    body: {
      version: 8,
      name: `${family} (${mode})`,
      metadata: {
        'loccode:family': family,
        'loccode:mode': mode,
        'loccode:wordmark': {
          required: true,
          removable: false,
          position: WORDMARK_POSITIONS[0],
          positions: WORDMARK_POSITIONS,
          rule: WORDMARK_RULE,
          manifest: keyedUrl(req, '/sdk/wordmark.json'),
        },
      },
      center: [8.6753, 9.082],
      zoom: 5.5,
      sources: { loccode: { type: 'vector', url: keyedUrl(req, '/sdk/tiles.json') } },
      sprite: keyedUrl(req, `/sdk/sprites/${SPRITE_NAME}`),
      glyphs: keyedUrl(req, '/sdk/fonts/{fontstack}/{range}.pbf'),
      layers: layers(palette, MAJOR_ROAD_WIDTH[family]),
    },
  };
}

function layers(palette: Palette, majorRoadWidth: number): unknown[] {
  const streets = { source: 'loccode', 'source-layer': 'streets' };
  const byHighway = (types: string[]) => ['in', ['get', 'highway_type'], ['literal', types]];
  const label = { 'text-color': palette.label, 'text-halo-color': palette.halo, 'text-halo-width': 1 };
  return [
    { id: 'background', type: 'background', paint: { 'background-color': palette.background } },
    {
      id: 'streets-minor',
      type: 'line',
      ...streets,
      filter: byHighway(['residential', 'tertiary']),
      paint: { 'line-color': palette.minorRoad, 'line-width': 1.5 },
    },
    {
      id: 'streets-major',
      type: 'line',
      ...streets,
      filter: byHighway(['secondary', 'primary', 'trunk']),
      paint: { 'line-color': palette.majorRoad, 'line-width': majorRoadWidth },
    },
    {
      id: 'street-labels',
      type: 'symbol',
      ...streets,
      layout: {
        'text-field': ['get', 'name'],
        'text-font': [FONTS[0]],
        'text-size': 11,
        'symbol-placement': 'line',
      },
      paint: label,
    },
    {
      id: 'places',
      type: 'symbol',
      source: 'loccode',
      'source-layer': 'places',
      layout: {
        'icon-image': 'poi',
        'text-field': ['get', 'name'],
        'text-font': [FONTS[1]],
        'text-size': 11,
        'text-offset': [0, 1.1],
        'text-anchor': 'top',
      },
      paint: label,
    },
  ];
}
