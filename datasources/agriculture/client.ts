import { UpstreamClient, type ClientSettings, type UpstreamTarget } from '../../src/upstream/client';
import { perBody } from '../../src/upstream/per-body';
import { andThen, type PromiseOrValue } from '../../src/upstream/promise-or-value';
import { cropToken } from './crops';
import { AGRICULTURE, type AgricultureEndpoint } from './endpoints';
import { toClimate, toPestOverview, toPestProfile, toSupplyRoute, toYieldPrediction } from './mapping';
import type {
  ClimateModel,
  PestQuery,
  PestReportModel,
  SupplyQuery,
  SupplyRouteModel,
  YieldPredictionModel,
  YieldQuery,
} from './models';
import {
  climateResponse,
  pestOverviewResponse,
  pestProfileResponse,
  supplyResponse,
  yieldResponse,
} from './wire';

/**
 * The agriculture service (agri-service.md): one method per endpoint, each returning
 * a model. Loccodes go out byte for byte as the client sent them (spec "Loccode rules":
 * the service matches exactly and never corrects).
 */
export class AgricultureClient extends UpstreamClient<AgricultureEndpoint> {
  // Each cached body's model, made once (perBody); not a supply route's, which also holds the codes as asked.
  private readonly climateModel = perBody(toClimate);
  private readonly pestProfile = perBody(toPestProfile);
  private readonly pestOverview = perBody(toPestOverview);
  private readonly yieldPrediction = perBody(toYieldPrediction);

  constructor(target: UpstreamTarget, settings: ClientSettings) {
    super(AGRICULTURE, target, settings);
  }

  // Each answers at once when its body is held (UpstreamClient.held), else once it is fetched.

  /** Get Climate; NOT_FOUND when the service has no record for the code (see toClimate). */
  climate(loccode: string): PromiseOrValue<ClimateModel> {
    const body = this.call('climate', { query: { loccode } }, climateResponse);
    return andThen(body, (climate) => this.climateModel(climate, loccode));
  }

  /** Get Pests: with a crop the crop-mode profile, without one the location overview (spec rule 1). */
  pests({ loccode, crop }: PestQuery): PromiseOrValue<PestReportModel> {
    const args = { query: { loccode, crop: crop && cropToken(crop) } };
    return crop
      ? andThen(this.call('pests', args, pestProfileResponse), this.pestProfile)
      : andThen(this.call('pests', args, pestOverviewResponse), this.pestOverview);
  }

  /** Get Crop Yield. */
  cropYield({ loccode, crop }: YieldQuery): PromiseOrValue<YieldPredictionModel> {
    const body = this.call('yield', { query: { loccode, crop: cropToken(crop) } }, yieldResponse);
    return andThen(body, this.yieldPrediction);
  }

  /** Supply Farm Produce. */
  supplyRoute(query: SupplyQuery): PromiseOrValue<SupplyRouteModel> {
    const body = this.call(
      'supply',
      { body: { origin_loccode: query.origin, destination_loccode: query.destination } },
      supplyResponse,
    );
    return andThen(body, (route) => toSupplyRoute(route, query));
  }
}
