import { UpstreamClient, type ClientSettings, type UpstreamTarget } from '../../src/upstream/client';
import { perBody } from '../../src/upstream/per-body';
import { cropToken } from './crops';
import { AGRICULTURE, type AgricultureOperation } from './operations';
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
export class AgricultureClient extends UpstreamClient<AgricultureOperation> {
  // Each cached body's model, made once (perBody); not a supply route's, which also holds the codes as asked.
  private readonly climateModel = perBody(toClimate);
  private readonly pestProfile = perBody(toPestProfile);
  private readonly pestOverview = perBody(toPestOverview);
  private readonly yieldPrediction = perBody(toYieldPrediction);

  constructor(target: UpstreamTarget, settings: ClientSettings) {
    super(AGRICULTURE, target, settings);
  }

  /** Get Climate; NOT_FOUND when the service has no record for the code (see toClimate). */
  async climate(loccode: string): Promise<ClimateModel> {
    return this.climateModel(await this.call('climate', { query: { loccode } }, climateResponse), loccode);
  }

  /** Get Pests: with a crop the crop-mode profile, without one the location overview (spec rule 1). */
  async pests({ loccode, crop }: PestQuery): Promise<PestReportModel> {
    const args = { query: { loccode, crop: crop && cropToken(crop) } };
    return crop
      ? this.pestProfile(await this.call('pests', args, pestProfileResponse))
      : this.pestOverview(await this.call('pests', args, pestOverviewResponse));
  }

  /** Get Crop Yield. */
  async cropYield({ loccode, crop }: YieldQuery): Promise<YieldPredictionModel> {
    return this.yieldPrediction(
      await this.call('yield', { query: { loccode, crop: cropToken(crop) } }, yieldResponse),
    );
  }

  /** Supply Farm Produce. */
  async supplyRoute(query: SupplyQuery): Promise<SupplyRouteModel> {
    const body = await this.call(
      'supply',
      { body: { origin_loccode: query.origin, destination_loccode: query.destination } },
      supplyResponse,
    );
    return toSupplyRoute(body, query);
  }
}
