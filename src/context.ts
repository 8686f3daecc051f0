import type { Upstreams } from './upstreams';

/** Per-request state: loaders (and later the caller's identity). Nothing here outlives a request. */
export interface GatewayContext {
  upstreams: Upstreams;
}

export function createContext(upstreams: Upstreams): GatewayContext {
  return { upstreams };
}
