import type { ServiceContext } from './context';
import { loadDataset } from './dataset';
import type { Dataset } from './dataset/types';
import { SANDBOX_KEYS } from './keys';
import { systemClock, type SandboxClock } from './kit/clock';
import { SandboxControls } from './kit/controls';
import { startServiceServer, type ServiceServer } from './kit/server';
import type { ServiceDefinition, ServiceName } from './kit/types';
import { createAddressService } from './services/address';
import { createAgricultureService } from './services/agriculture';
import { createHealthcareService } from './services/healthcare';
import { createMapsService } from './services/maps';

export { SANDBOX_KEYS } from './keys';
export { SandboxControls } from './kit/controls';
export type { FaultRule, LoggedRequest } from './kit/controls';
export type { SandboxClock } from './kit/clock';
export { DEFAULT_VARIANTS, EXTRA_MEMBER, type Variants } from './kit/variants';

/** Ports of `npm run sandbox`; 0 (any free port) is what tests and `npm start` use. */
export const DEFAULT_SANDBOX_PORTS: Record<ServiceName, number> = {
  agriculture: 4101,
  maps: 4102,
  healthcare: 4103,
  address: 4104,
};

export interface SandboxOptions {
  host?: string;
  ports?: Partial<Record<ServiceName, number>>;
  /** Clock for timestamps in bodies; defaults to the current hour (UTC) of `clock`, so a day's answers stay stable. */
  now?: () => Date;
  /** The time rate limits count in; the system's by default (tests pass a fake one and move it). */
  clock?: SandboxClock;
}

/** Base URLs in the shape of the gateway's configuration. */
export interface SandboxUrls {
  /** `{agri_base_url}`: paths are `/api/v1/...`. */
  agriculture: string;
  /** `{api_base_url}`: paths are `/sdk/v1/...`. */
  maps: string;
  /** `{map_host}`: styles, tiles, sprites, fonts, wordmark (same server as `maps`). */
  mapHost: string;
  /** `{health_base_url}`: paths are `/api/v1/...`. */
  healthcare: string;
  /** `{address_base_url}`, already ending in `/api`. */
  address: string;
}

export interface Sandbox {
  urls: SandboxUrls;
  keys: typeof SANDBOX_KEYS;
  controls: SandboxControls;
  dataset: Dataset;
  close(): Promise<void>;
}

export function currentHour(clock: SandboxClock = systemClock): Date {
  const now = new Date(clock.now());
  now.setUTCMinutes(0, 0, 0);
  return now;
}

/** Starts the four simulated upstreams as real HTTP servers. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const clock = options.clock ?? systemClock;
  const controls = new SandboxControls(clock);
  const context: ServiceContext = {
    dataset: loadDataset(),
    now: options.now ?? (() => currentHour(clock)),
    variants: () => controls.variants,
  };
  const definitions: ServiceDefinition[] = [
    createAgricultureService(context),
    createMapsService(context),
    createHealthcareService(context),
    createAddressService(context),
  ];
  const servers: ServiceServer[] = [];
  try {
    for (const definition of definitions) {
      servers.push(
        await startServiceServer(definition, controls, options.ports?.[definition.name] ?? 0, host),
      );
    }
  } catch (error) {
    await Promise.all(servers.map((s) => s.close()));
    throw error;
  }
  const [agriculture, maps, healthcare, address] = servers.map((s) => s.origin) as [
    string,
    string,
    string,
    string,
  ];
  return {
    urls: { agriculture, maps, mapHost: maps, healthcare, address: `${address}/api` },
    keys: SANDBOX_KEYS,
    controls,
    dataset: context.dataset,
    close: async () => {
      await Promise.all(servers.map((s) => s.close()));
    },
  };
}
