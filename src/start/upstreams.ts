import { AddressClient } from '../../datasources/address/client';
import { AgricultureClient } from '../../datasources/agriculture/client';
import { HealthcareClient } from '../../datasources/healthcare/client';
import { MapsClient } from '../../datasources/maps/client';
import type { Upstreams } from '../../datasources';
import type { Config, DisciplineConfig } from './config';
import type { MapsTarget } from '../../datasources/maps/map-host';
import type { UpstreamTarget } from '../upstream/client';
import type { Metrics } from '../observability/metrics';
import type { ServiceName } from '../kernel/services';
import { MemoryCacheStore, type CacheStore } from '../upstream/cache-store';
import type { ClientSettings } from '../upstream/client';
import { UpstreamDiscipline } from '../upstream/discipline';
import { documentedRules, Pacer } from '../upstream/pacer';
import { Resilience } from '../upstream/resilience';
import type { SharedRedis } from '../upstream/shared-redis';
import { SharedCacheStore } from '../upstream/shared-cache';
import { SharedFlights } from '../upstream/shared-flight';
import { ClusterFlights } from '../upstream/cluster-flight';
import { systemClock, type Clock } from '../kernel/clock';
import type { PrimaryRpc } from '../upstream/primary-rpc';

/** Where each upstream is, after the sandbox has filled in what was not configured. */
export interface UpstreamTargets {
  agriculture: UpstreamTarget;
  maps: MapsTarget;
  healthcare: UpstreamTarget;
  address: UpstreamTarget;
}

/** A store that remembers nothing: the cross-request cache switched off. */
const NO_CACHE: CacheStore = { get: async () => undefined, set: async () => undefined };

export function createUpstreams(
  targets: UpstreamTargets,
  timeoutMs: number,
  config: DisciplineConfig,
  metrics: Metrics,
  /** The share of each upstream limit keyless callers may use (1: no separate share). */
  anonymousShare = 1,
  /** Redis shared with the other replicas (REDIS_URL), for the cache, flights and pacing. */
  shared?: SharedRedis,
  /** Replicas sharing the upstream keys: without Redis each paces at this share of every limit. */
  replicas = 1,
  /**
   * The clock of pacing and of the cache's lifetimes (tests pass a fake one, shared by their
   * replicas): one clock, so that an entry's age and a request's deadline are read alike.
   */
  clock: Clock = systemClock,
  /** In a worker of WORKERS > 1: the primary, which paces every worker's calls. */
  cluster?: PrimaryRpc,
): Upstreams {
  const memory = config.cacheEnabled
    ? new MemoryCacheStore({ maxEntries: config.cacheMaxEntries, maxBytes: config.cacheMaxBytes }, clock)
    : undefined;
  if (memory) metrics.trackCache('upstream', () => memory.usage);
  // With Redis the cache and its flights span the replicas; this replica's memory is the fallback.
  const cache: CacheStore = memory
    ? shared
      ? new SharedCacheStore(shared, memory, clock)
      : memory
    : NO_CACHE;
  // Across workers without Redis: the primary names each flight's owner (whether or not answers are cached).
  // A flight's waiter waits for a call made elsewhere, so flights keep real time.
  const flightOptions = { lockTtlMs: config.requestDeadlineMs, ownCallMs: timeoutMs };
  const flights =
    memory && shared
      ? new SharedFlights(shared, flightOptions)
      : cluster
        ? new ClusterFlights(cluster, flightOptions)
        : undefined;
  const rules = documentedRules({
    healthcare: config.healthRequestsPerMinute,
    address: config.addressRequestsPerMinute,
  });
  const settings = (service: ServiceName): ClientSettings => ({
    timeoutMs,
    discipline: new UpstreamDiscipline(
      service,
      cache,
      new Pacer(
        service,
        {
          rules: config.pacingEnabled ? rules[service] : {},
          heedUpstreamHeaders: config.pacingEnabled,
          anonymousShare,
          clock,
          ...(shared && { shared: { redis: shared, replicas } }),
          ...(cluster && { cluster }),
        },
        metrics,
      ),
      new Resilience(
        service,
        {
          failureThreshold: config.circuitFailureThreshold,
          halfOpenAfterMs: config.circuitOpenMs,
          maxAttempts: config.maxAttempts,
        },
        metrics,
        shared,
        clock,
      ),
      { defaultDeadlineMs: config.requestDeadlineMs, ttlScale: config.cacheTtlScale },
      metrics,
      clock,
      flights,
    ),
  });
  const clients = {
    agriculture: new AgricultureClient(targets.agriculture, settings('agriculture')),
    maps: new MapsClient(targets.maps, settings('maps')),
    healthcare: new HealthcareClient(targets.healthcare, settings('healthcare')),
    address: new AddressClient(targets.address, settings('address')),
  };
  return {
    ...clients,
    disciplines: {
      agriculture: clients.agriculture.discipline,
      maps: clients.maps.discipline,
      healthcare: clients.healthcare.discipline,
      address: clients.address.discipline,
    },
    close: async () => {
      await Promise.all(Object.values(clients).map((client) => client.close()));
    },
  };
}

/** Whether any upstream is live (configured), not the sandbox. */
export function anyLive(live: Record<ServiceName, boolean>): boolean {
  return Object.values(live).some(Boolean);
}

export function liveServices(config: Config): Record<ServiceName, boolean> {
  const { agriculture, maps, healthcare, address } = config.upstreams;
  return { agriculture: !!agriculture, maps: !!maps, healthcare: !!healthcare, address: !!address };
}
