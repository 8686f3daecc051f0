import { UpstreamError } from '../../src/kernel/errors';
import { logger } from '../../src/observability/logger';
import { UpstreamClient, type ClientSettings, type UpstreamTarget } from '../../src/upstream/client';
import { MAP_ASSET_PREFIX, rewriteAssetLinks } from './asset-urls';
import { MAP_HOST, type MapHostEndpoint } from './endpoints';
import { wordmarkManifest } from './wire';

/** The maps service's two hosts: `{api_base_url}` (REST) and `{map_host}` (display assets). */
export interface MapsTarget extends UpstreamTarget {
  /** `{map_host}`: styles, tiles, sprites, fonts and wordmark. */
  hostUrl: string;
}

/** A map resource ready for a client: links point at the gateway, and nothing carries the key. */
export interface MapAsset {
  contentType: string;
  /** Caching and rate-limit headers of the host's answer. */
  headers: Record<string, string>;
  body: Buffer | string;
}

/** Spec, Map display: `style.json?mode=light or dark`. */
const STYLE_MODES = ['light', 'dark'];

/** Each operation's path below `/sdk/` as a pattern: `{+name}` is one path segment. */
const ASSET_PATTERNS = Object.entries(MAP_HOST.endpoints).map(([operation, spec]) => ({
  operation: operation as MapHostEndpoint,
  pattern: new RegExp(
    `^${spec.path
      .slice('/sdk/'.length)
      .replace(/[.]/g, '\\.')
      .replace(/\{\+(\w+)\}/g, '(?<$1>[^/]+)')}$`,
  ),
}));

/**
 * `{map_host}` (spec, Map display). Its resources take the key only as the `key` query
 * parameter (Authentication 2), and its documents carry that key in every link, so the
 * gateway serves them itself under `/maps/` with the links rewritten. The graph reads
 * one document here, the wordmark manifest, which is never billed; styles are fetched
 * only for a map library, since each fetch is a billed map load.
 */
export class MapHostClient extends UpstreamClient<MapHostEndpoint> {
  constructor(
    private readonly target: MapsTarget,
    settings: ClientSettings,
  ) {
    super(MAP_HOST, { baseUrl: target.hostUrl, apiKey: target.apiKey }, settings);
  }

  /**
   * GET /sdk/wordmark.json (spec, Map display: "Wordmark art and layout manifest; never
   * billed"; its structure is not shown): the document as the host serves it, its links to
   * the host moved to the gateway at `origin`, as `/maps/wordmark.json` serves it.
   */
  async wordmarkManifest(origin: string): Promise<unknown> {
    const manifest = await this.call('wordmark', {}, wordmarkManifest);
    const served = rewriteAssetLinks(manifest, this.target.hostUrl, origin);
    this.refuseKeyed(JSON.stringify(served), 'wordmark.json');
    return served;
  }

  /**
   * The resource at `assetPath` below `/sdk/`, with the client's parameters (any `key` of
   * theirs dropped). Refused without asking the host when the path is not one the host
   * serves, or a style's mode is not one the spec names (a refused fetch still costs a map load).
   */
  async asset(assetPath: string, parameters: URLSearchParams, origin: string): Promise<MapAsset> {
    const match = ASSET_PATTERNS.find(({ pattern }) => pattern.test(assetPath));
    if (!match)
      throw new UpstreamError(
        'maps',
        'NOT_FOUND',
        `There is no map resource at ${MAP_ASSET_PREFIX}${assetPath}; start from mapDisplay { styleUrl }.`,
      );
    const mode = parameters.get('mode');
    if (match.operation === 'style' && mode !== null && !STYLE_MODES.includes(mode))
      throw new UpstreamError('maps', 'BAD_USER_INPUT', 'mode must be light or dark.');
    const query = new URLSearchParams(parameters);
    query.delete('key');
    query.sort();
    const answer = await this.callRaw(match.operation, {
      params: { ...match.pattern.exec(assetPath)?.groups },
      query: Object.fromEntries(query),
    });
    const bytes = Buffer.from(answer.bodyBase64, 'base64');
    const body = answer.contentType.includes('json') ? this.rewritten(bytes, origin) : bytes;
    this.refuseKeyed(body, assetPath);
    return { contentType: answer.contentType, headers: answer.headers, body };
  }

  /** A document still holding the key links to a host the gateway does not proxy: never passed on. */
  private refuseKeyed(body: Buffer | string, assetPath: string): void {
    if (!body.includes(this.target.apiKey)) return;
    logger.error('map asset links to a host the gateway does not proxy; withheld', { assetPath });
    throw new UpstreamError(
      'maps',
      'UPSTREAM_BAD_RESPONSE',
      'The map host answered with a resource the gateway cannot serve.',
    );
  }

  /** A JSON document with every map-host link pointing at the gateway instead. */
  private rewritten(bytes: Buffer, origin: string): string {
    try {
      return JSON.stringify(
        rewriteAssetLinks(JSON.parse(bytes.toString('utf8')), this.target.hostUrl, origin),
      );
    } catch {
      throw new UpstreamError(
        'maps',
        'UPSTREAM_BAD_RESPONSE',
        'The map host answered with a document that is not JSON.',
      );
    }
  }
}
