import { gatewayAssetUrl } from './asset-urls';
import type { MapDisplayModel } from './models';

/*
 * The map resources of spec "Map display", as gateway URLs (see map-assets.ts). Building
 * them calls nothing: only a map library fetching the style spends a map load.
 */

/** Spec: bottom-left by default, the other corners allowed, never removable. */
export const WORDMARK_DEFAULT_POSITION = 'BOTTOM_LEFT';
export const WORDMARK_POSITIONS = ['BOTTOM_LEFT', 'TOP_LEFT', 'TOP_RIGHT', 'BOTTOM_RIGHT'] as const;

/** The sprite sheet's name on the map host (not shown in the spec; the one its styles use). */
const SPRITE_SHEET = 'sprite';

/** GET /sdk/styles/<family>/style.json?mode=light|dark. */
export function styleUrl({ origin, colorMode }: MapDisplayModel, family: string): string {
  return gatewayAssetUrl(
    origin,
    `styles/${encodeURIComponent(family)}/style.json?mode=${colorMode.toLowerCase()}`,
  );
}

export const tileJsonUrl = (origin: string): string => gatewayAssetUrl(origin, 'tiles.json');
/** GET /sdk/tiles/{z}/{x}/{y}.pbf, as a template for map libraries. */
export const tileUrlTemplate = (origin: string): string => gatewayAssetUrl(origin, 'tiles/{z}/{x}/{y}.pbf');
export const spriteUrl = (origin: string): string => gatewayAssetUrl(origin, `sprites/${SPRITE_SHEET}`);
export const glyphsUrl = (origin: string): string => gatewayAssetUrl(origin, 'fonts/{fontstack}/{range}.pbf');
export const wordmarkManifestUrl = (origin: string): string => gatewayAssetUrl(origin, 'wordmark.json');
