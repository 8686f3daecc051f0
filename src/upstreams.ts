import { AddressClient } from '../datasources/address/client';
import { AgricultureClient } from '../datasources/agriculture/client';
import { HealthcareClient } from '../datasources/healthcare/client';
import { MapsClient } from '../datasources/maps/client';
import type { Config, MapsUpstreamConfig, UpstreamConfig } from './config';
import type { ServiceName } from './services';

/** Where each upstream is, after the sandbox has filled in what was not configured. */
export interface UpstreamTargets {
  agriculture: UpstreamConfig;
  maps: MapsUpstreamConfig;
  healthcare: UpstreamConfig;
  address: UpstreamConfig;
}

/** Process-wide: one client (and so one connection pool) per upstream, created once at start. */
export interface Upstreams {
  agriculture: AgricultureClient;
  maps: MapsClient;
  healthcare: HealthcareClient;
  address: AddressClient;
  close(): Promise<void>;
}

export function createUpstreams(targets: UpstreamTargets, timeoutMs: number): Upstreams {
  const clients = {
    agriculture: new AgricultureClient(targets.agriculture, timeoutMs),
    maps: new MapsClient(targets.maps, timeoutMs),
    healthcare: new HealthcareClient(targets.healthcare, timeoutMs),
    address: new AddressClient(targets.address, timeoutMs),
  };
  return {
    ...clients,
    close: async () => {
      await Promise.all(Object.values(clients).map((client) => client.close()));
    },
  };
}

export function liveServices(config: Config): Record<ServiceName, boolean> {
  const { agriculture, maps, healthcare, address } = config.upstreams;
  return { agriculture: !!agriculture, maps: !!maps, healthcare: !!healthcare, address: !!address };
}
