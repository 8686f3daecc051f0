import type { Config, MapsUpstreamConfig, UpstreamConfig } from './config';
import type { ServiceName } from './services';

/** Where each upstream is, after the sandbox has filled in what was not configured. */
export interface UpstreamTargets {
  agriculture: UpstreamConfig;
  maps: MapsUpstreamConfig;
  healthcare: UpstreamConfig;
  address: UpstreamConfig;
}

/** Process-wide upstream clients, created once at start. */
export interface Upstreams {
  targets: UpstreamTargets;
  live: Record<ServiceName, boolean>;
  timeoutMs: number;
}

export function liveServices(config: Config): Record<ServiceName, boolean> {
  const { agriculture, maps, healthcare, address } = config.upstreams;
  return { agriculture: !!agriculture, maps: !!maps, healthcare: !!healthcare, address: !!address };
}
