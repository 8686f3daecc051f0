import { createAddressLoaders, type AddressLoaders } from '../../datasources/address/loaders';
import { createAgricultureLoaders, type AgricultureLoaders } from '../../datasources/agriculture/loaders';
import { createHealthcareLoaders, type HealthcareLoaders } from '../../datasources/healthcare/loaders';
import { createMapsLoaders, type MapsLoaders } from '../../datasources/maps/loaders';
import type { RequestScope } from '../kernel/request-scope';
import type { Upstreams } from '../../datasources';

/** Per-request state. Loaders live here and nowhere else, so nothing cached in one leaks into another request. */
export interface GatewayContext {
  loaders: {
    agriculture: AgricultureLoaders;
    maps: MapsLoaders;
    healthcare: HealthcareLoaders;
    address: AddressLoaders;
  };
  /** Where clients reach the gateway, e.g. `https://api.example.com`: map asset links are built on it. */
  publicOrigin: string;
  /** The request's deadline and the warnings its upstream calls raised. */
  scope: RequestScope;
  /** The largest `first` a connection field takes (`PAGE_MAX_SIZE`). */
  pageMaxSize: number;
}

export function createContext(
  upstreams: Upstreams,
  publicOrigin: string,
  scope: RequestScope,
  pageMaxSize: number,
): GatewayContext {
  return {
    publicOrigin,
    scope,
    pageMaxSize,
    loaders: {
      agriculture: createAgricultureLoaders(upstreams.agriculture),
      maps: createMapsLoaders(upstreams.maps),
      healthcare: createHealthcareLoaders(upstreams.healthcare),
      address: createAddressLoaders(upstreams.address),
    },
  };
}
