/*
 * Map resources authenticate only with the `key` query parameter (spec, Authentication 2),
 * and the map host writes that key into every link of its documents. The gateway serves
 * those resources itself under `/maps/`, so links are rewritten to point there, keyless.
 */

/** Where the gateway serves `{map_host}/sdk/...`. */
export const MAP_ASSET_PREFIX = '/maps/';

/**
 * The part of a map-host link below `/sdk/`, without its `key` parameter; undefined for
 * a link elsewhere. Template tokens such as `{z}` are kept as they are.
 */
export function assetPathOf(link: string, mapHostUrl: string): string | undefined {
  const root = `${mapHostUrl}/sdk/`;
  if (link.slice(0, root.length).toLowerCase() !== root.toLowerCase()) return undefined;
  const rest = link.slice(root.length);
  const queryStart = rest.indexOf('?');
  if (queryStart < 0) return rest;
  const query = new URLSearchParams(rest.slice(queryStart + 1));
  query.delete('key');
  const path = rest.slice(0, queryStart);
  return query.size > 0 ? `${path}?${query}` : path;
}

/** The gateway URL of an asset path, e.g. `https://api.example.com/maps/tiles.json`. */
export function gatewayAssetUrl(origin: string, assetPath: string): string {
  return `${origin}${MAP_ASSET_PREFIX}${assetPath}`;
}

/** Every map-host link in a JSON document, rewritten to the gateway; other values untouched. */
export function rewriteAssetLinks(document: unknown, mapHostUrl: string, origin: string): unknown {
  if (typeof document === 'string') {
    const assetPath = assetPathOf(document, mapHostUrl);
    return assetPath === undefined ? document : gatewayAssetUrl(origin, assetPath);
  }
  if (Array.isArray(document)) return document.map((item) => rewriteAssetLinks(item, mapHostUrl, origin));
  if (typeof document === 'object' && document !== null) {
    return Object.fromEntries(
      Object.entries(document).map(([name, value]) => [name, rewriteAssetLinks(value, mapHostUrl, origin)]),
    );
  }
  return document;
}
