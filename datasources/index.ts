import type { ServiceName } from '../src/kernel/services';
import type { UpstreamDiscipline } from '../src/upstream/discipline';
import type { AddressClient } from './address/client';
import type { AgricultureClient } from './agriculture/client';
import type { HealthcareClient } from './healthcare/client';
import type { MapsClient } from './maps/client';

/** Process-wide: one client (its pool), one discipline (cache, flights, pacer, circuit) per upstream. */
export interface Upstreams {
  agriculture: AgricultureClient;
  maps: MapsClient;
  healthcare: HealthcareClient;
  address: AddressClient;
  disciplines: Record<ServiceName, UpstreamDiscipline>;
  close(): Promise<void>;
}
