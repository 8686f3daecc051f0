import type { MapsUpstreamConfig } from '../../src/start/config';
import {
  genericFailure,
  UpstreamClient,
  type Credentials,
  type FailureTranslation,
  type UpstreamCall,
  type ClientSettings,
} from '../../src/upstream/client';
import { assetPathOf } from './asset-urls';
import type { WordmarkImageModel } from './models';
import { wordmarkManifest, type WordmarkManifestWire } from './wire';

const COLOR_MODES: Record<string, WordmarkImageModel['colorMode']> = { light: 'LIGHT', dark: 'DARK' };

/**
 * The JSON documents of `{map_host}` the graph itself reads: only the wordmark manifest,
 * which is never billed (spec, Map display). Styles are never fetched here: each fetch
 * is a billed map load, so only a map library loading the map should cause one.
 */
export class MapHostClient extends UpstreamClient {
  constructor(
    private readonly config: MapsUpstreamConfig,
    settings: ClientSettings,
  ) {
    super('maps', { baseUrl: config.hostUrl, ...settings, connections: 4 });
  }

  /** Spec, Authentication 2: map resources take the key only as the `key` query parameter. */
  protected credentials(_call: UpstreamCall): Credentials {
    return { query: { key: this.config.apiKey } };
  }

  protected translateFailure(status: number, _body: unknown, call: UpstreamCall): FailureTranslation {
    return genericFailure(this.service, status, call.operation);
  }

  /** GET /sdk/wordmark.json: the art per colour mode, as paths the gateway serves. */
  async wordmarkImages(): Promise<WordmarkImageModel[]> {
    const call: UpstreamCall = { operation: 'wordmark', method: 'GET', path: '/sdk/wordmark.json' };
    const manifest = this.validate(wordmarkManifest, await this.call(call), call.operation);
    return this.images(manifest);
  }

  /** Art hosted anywhere but the map host cannot be proxied, and its link would carry the key: left out. */
  private images(manifest: WordmarkManifestWire): WordmarkImageModel[] {
    return (manifest.variants ?? []).flatMap((variant) => {
      const assetPath = assetPathOf(variant.url, this.config.hostUrl);
      if (assetPath === undefined) return [];
      return [
        {
          colorMode: COLOR_MODES[variant.mode ?? ''] ?? null,
          assetPath,
          widthPixels: variant.width ?? null,
          heightPixels: variant.height ?? null,
        },
      ];
    });
  }
}
