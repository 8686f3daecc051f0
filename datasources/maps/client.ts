import type { z } from 'zod';
import type { Point } from '../../src/kernel/point';
import { UpstreamError } from '../../src/kernel/errors';
import { UpstreamClient, type CallArguments, type ClientSettings } from '../../src/upstream/client';
import { perBody } from '../../src/upstream/per-body';
import { andThen, type PromiseOrValue } from '../../src/upstream/promise-or-value';
import { MapHostClient, type MapsTarget } from './map-host';
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
import { MAPS, type MapsEndpoint } from './endpoints';
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
  type PlaceCategoryWire,
  type SearchResultWire,
} from './wire';
import { optimizeBody, routeBody } from './wire-requests';

/**
 * The maps service's REST API under `{api_base_url}/sdk/v1` (specs/map-service.md), one
 * method per endpoint. It also owns the client of `{map_host}` (display assets).
 */
export class MapsClient extends UpstreamClient<MapsEndpoint> {
  readonly mapHost: MapHostClient;
  // Each cached body's model, made once (perBody).
  private readonly street = perBody(streetFromResolve);
  private readonly reverseGeocodeModel = perBody(reverseGeocodeFromWire);
  private readonly pointDetailsAnswer = perBody(pointDetailsFromWire);
  private readonly places = perBody((found: SearchResultWire[]) => found.map(placeFromSearch));
  private readonly categories = perBody((taxonomy: PlaceCategoryWire[]) =>
    taxonomy.map(placeCategoryFromWire),
  );
  private readonly routeModel = perBody(routeFromWire);
  private readonly optimizedTrip = perBody(optimizedTripFromWire);

  constructor(target: MapsTarget, settings: ClientSettings) {
    super(MAPS, target, settings);
    this.mapHost = new MapHostClient(target, settings);
  }

  // Each answers at once when its body is held (UpstreamClient.held), else once it is fetched.

  resolveLoccode(code: string): PromiseOrValue<StreetModel> {
    return andThen(this.fetch('resolveLoccode', { params: { code } }, resolveData), this.street);
  }

  nearestLoccode(location: Point): PromiseOrValue<StreetModel> {
    return andThen(this.fetch('nearestLoccode', { query: coordinates(location) }, resolveData), this.street);
  }

  reverseGeocode(location: Point): PromiseOrValue<ReverseGeocodeModel> {
    const query = coordinates(location);
    return andThen(this.fetch('reverseGeocode', { query }, reverseGeocodeData), this.reverseGeocodeModel);
  }

  pointDetails(request: PointDetailsRequest): PromiseOrValue<PointDetailsAnswer> {
    const query = {
      ...coordinates(request.location),
      osm_id: request.osmId,
      osm_type: request.osmType,
      search_name: request.searchName,
      search_address: request.searchAddress,
    };
    return andThen(this.fetch('pointDetails', { query }, pointDetailsData), this.pointDetailsAnswer);
  }

  /** Spec, Endpoints: the parameters seen are q, latitude, longitude and category; absent ones are not sent. */
  async search(request: SearchRequest): Promise<PlaceModel[]> {
    const query = {
      q: request.query,
      ...(request.near && coordinates(request.near)),
      category: request.category,
    };
    try {
      return this.places(await this.fetch('search', { query }, searchData));
    } catch (error) {
      // Spec, Errors: 404 NOT_FOUND is "no route or point exists"; for a search that is no
      // match, which the schema promises as an empty list, not as a coverage error.
      if (error instanceof UpstreamError && error.code === 'NOT_FOUND') return [];
      throw error;
    }
  }

  placeCategories(): PromiseOrValue<PlaceCategoryModel[]> {
    return andThen(this.fetch('placeCategories', {}, placeCategoriesData), this.categories);
  }

  route(request: RouteRequest): PromiseOrValue<RouteModel> {
    return andThen(this.fetch('route', { body: routeBody(request) }, routeData), this.routeModel);
  }

  optimize(request: OptimizeRequest): PromiseOrValue<OptimizedTripModel> {
    return andThen(this.fetch('optimize', { body: optimizeBody(request) }, optimizeData), this.optimizedTrip);
  }

  override async close(): Promise<void> {
    await Promise.all([super.close(), this.mapHost.close()]);
  }

  /** The call, its envelope checked and opened. */
  private fetch<T>(operation: MapsEndpoint, args: CallArguments, payload: z.ZodType<T>): PromiseOrValue<T> {
    return andThen(this.call(operation, args, envelope(payload)), (answer) => answer.data);
  }
}

/** The spec's `latitude` and `longitude` query parameters. */
function coordinates({ latitude, longitude }: Point): { latitude: number; longitude: number } {
  return { latitude, longitude };
}
