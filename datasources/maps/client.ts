import type { z } from 'zod';
import type { MapsUpstreamConfig } from '../../src/start/config';
import type { Point } from '../../src/kernel/point';
import {
  UpstreamClient,
  type Credentials,
  type FailureTranslation,
  type UpstreamCall,
  type ClientSettings,
} from '../../src/upstream/client';
import { translateMapsFailure } from './failures';
import { MapAssetProxy } from './map-assets';
import { MapHostClient } from './map-host';
import {
  placeCategoryFromWire,
  placeFromSearch,
  pointDetailsFromWire,
  reverseGeocodeFromWire,
  streetFromResolve,
} from './mapping';
import type {
  OptimizedTripModel,
  OptimizeRequest,
  PlaceCategoryModel,
  PlaceModel,
  PointDetailsAnswer,
  PointDetailsRequest,
  ReverseGeocodeModel,
  RouteModel,
  RouteRequest,
  SearchRequest,
  StreetModel,
} from './models';
import { optimizedTripFromWire, routeFromWire } from './route-mapping';
import {
  envelope,
  optimizeData,
  placeCategoriesData,
  pointDetailsData,
  resolveData,
  reverseGeocodeData,
  routeData,
  searchData,
} from './wire';
import { optimizeBody, routeBody } from './wire-requests';

/**
 * The maps service's REST API under `{api_base_url}/sdk/v1` (specs/map-service.md), one
 * method per endpoint. It also owns what lives on `{map_host}`: the wordmark manifest
 * client and the proxy that serves map assets to clients without handing out the key.
 */
export class MapsClient extends UpstreamClient {
  readonly mapHost: MapHostClient;
  readonly assets: MapAssetProxy;

  constructor(
    private readonly config: MapsUpstreamConfig,
    settings: ClientSettings,
  ) {
    super('maps', { baseUrl: config.baseUrl, ...settings });
    this.mapHost = new MapHostClient(config, settings);
    this.assets = new MapAssetProxy(config, settings);
  }

  /** Spec, Authentication 2: REST takes the `X-Api-Key` header (preferred). */
  protected credentials(_call: UpstreamCall): Credentials {
    return { headers: { 'x-api-key': this.config.apiKey } };
  }

  protected translateFailure(status: number, body: unknown, call: UpstreamCall): FailureTranslation {
    return translateMapsFailure(status, body, call);
  }

  /** GET /sdk/v1/loccode/{code}: the space travels as %20. */
  async resolveLoccode(code: string): Promise<StreetModel> {
    const path = `/sdk/v1/loccode/${encodeURIComponent(code)}`;
    return streetFromResolve(
      await this.fetch({ operation: 'resolveLoccode', method: 'GET', path }, resolveData),
    );
  }

  async nearestLoccode(location: Point): Promise<StreetModel> {
    const call: UpstreamCall = {
      operation: 'nearestLoccode',
      method: 'GET',
      path: '/sdk/v1/loccodes/nearest',
      query: { latitude: location.latitude, longitude: location.longitude },
    };
    return streetFromResolve(await this.fetch(call, resolveData));
  }

  async reverseGeocode(location: Point): Promise<ReverseGeocodeModel> {
    const call: UpstreamCall = {
      operation: 'reverseGeocode',
      method: 'GET',
      path: '/sdk/v1/reverse-geocode',
      query: { latitude: location.latitude, longitude: location.longitude },
    };
    return reverseGeocodeFromWire(await this.fetch(call, reverseGeocodeData));
  }

  async pointDetails(request: PointDetailsRequest): Promise<PointDetailsAnswer> {
    const call: UpstreamCall = {
      operation: 'pointDetails',
      method: 'GET',
      path: '/sdk/v1/point-details',
      query: {
        latitude: request.location.latitude,
        longitude: request.location.longitude,
        osm_id: request.osmId,
        osm_type: request.osmType,
        search_name: request.searchName,
        search_address: request.searchAddress,
      },
    };
    return pointDetailsFromWire(await this.fetch(call, pointDetailsData));
  }

  async search(request: SearchRequest): Promise<PlaceModel[]> {
    const call: UpstreamCall = {
      operation: 'search',
      method: 'GET',
      path: '/sdk/v1/search',
      query: {
        q: request.query,
        latitude: request.near?.latitude,
        longitude: request.near?.longitude,
        category: request.category,
      },
    };
    return (await this.fetch(call, searchData)).map(placeFromSearch);
  }

  async placeCategories(): Promise<PlaceCategoryModel[]> {
    const call: UpstreamCall = {
      operation: 'placeCategories',
      method: 'GET',
      path: '/sdk/v1/place-categories',
    };
    return (await this.fetch(call, placeCategoriesData)).map(placeCategoryFromWire);
  }

  /** POST /sdk/v1/route: the GET form takes coordinates only, so every route goes by POST. */
  async route(request: RouteRequest): Promise<RouteModel> {
    const call: UpstreamCall = {
      operation: 'route',
      method: 'POST',
      path: '/sdk/v1/route',
      body: routeBody(request),
    };
    return routeFromWire(await this.fetch(call, routeData));
  }

  async optimize(request: OptimizeRequest): Promise<OptimizedTripModel> {
    const call: UpstreamCall = {
      operation: 'optimize',
      method: 'POST',
      path: '/sdk/v1/optimize',
      body: optimizeBody(request),
    };
    return optimizedTripFromWire(await this.fetch(call, optimizeData));
  }

  override async close(): Promise<void> {
    await Promise.all([super.close(), this.mapHost.close(), this.assets.close()]);
  }

  /** The call, its envelope checked and opened. */
  private async fetch<T>(call: UpstreamCall, payload: z.ZodType<T>): Promise<T> {
    return this.validate(envelope(payload), await this.call(call), call.operation).data;
  }
}
