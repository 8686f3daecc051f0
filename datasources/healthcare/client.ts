import type {
  EmergencyInfoModel,
  FacilityLevel,
  FacilitySearchModel,
  HealthcareAccessModel,
  HealthRiskModel,
  HeatmapModel,
  SpecialistRecommendationModel,
} from './models';
import type { z } from 'zod';
import { UpstreamClient, type ClientSettings, type UpstreamTarget } from '../../src/upstream/client';
import { perBody } from '../../src/upstream/per-body';
import { andThen, type PromiseOrValue } from '../../src/upstream/promise-or-value';
import { toHealthcareAccess, toHealthRisk, toHeatmap } from './area-mapping';
import { HEALTHCARE, type HealthcareEndpoint } from './endpoints';
import { toEmergencyInfo, toFacilitySearch, toSpecialistRecommendation, UPSTREAM_LEVELS } from './mapping';
import { accessBody, healthRiskBody, heatmapBody } from './area-wire';
import { emergencyBody, facilitiesBody, specialistBody } from './wire';

export interface FacilityQuery {
  loccode: string;
  level: FacilityLevel;
  radiusKm?: number | null;
  limit?: number | null;
}

export interface SpecialistQuery {
  loccode: string;
  condition: string;
}

/**
 * The healthcare location service (spec A): six GET endpoints under /api/v1, each
 * taking the loccode as a query parameter (in the one form the loaders give it).
 */
export class HealthcareClient extends UpstreamClient<HealthcareEndpoint> {
  // Each cached body's model, made once (perBody).
  private readonly facilitySearch = perBody(toFacilitySearch);
  private readonly healthcareAccess = perBody(toHealthcareAccess);
  private readonly emergencyInfo = perBody(toEmergencyInfo);
  private readonly specialistRecommendation = perBody(toSpecialistRecommendation);
  private readonly healthRiskModel = perBody(toHealthRisk);
  private readonly heatmapModel = perBody(toHeatmap);

  constructor(target: UpstreamTarget, settings: ClientSettings) {
    super(HEALTHCARE, target, settings);
  }

  // Each answers at once when its body is held (UpstreamClient.held), else once it is fetched.

  facilities({ loccode, level, radiusKm, limit }: FacilityQuery): PromiseOrValue<FacilitySearchModel> {
    const query = {
      loccode,
      facility_level: UPSTREAM_LEVELS[level],
      radius_km: radiusKm ?? undefined,
      limit: limit ?? undefined,
    };
    return andThen(this.get('facilities', query, facilitiesBody), (body) => this.facilitySearch(body.data));
  }

  access(loccode: string): PromiseOrValue<HealthcareAccessModel> {
    return andThen(this.get('access', { loccode }, accessBody), this.healthcareAccess);
  }

  emergencyRoute(loccode: string): PromiseOrValue<EmergencyInfoModel> {
    const body = this.get('emergencyRoute', { loccode }, emergencyBody, 'emergency route');
    return andThen(body, ({ data }) => this.emergencyInfo(data));
  }

  specialist({ loccode, condition }: SpecialistQuery): PromiseOrValue<SpecialistRecommendationModel> {
    const body = this.get('specialist', { loccode, health_condition: condition }, specialistBody);
    return andThen(body, ({ data }) => this.specialistRecommendation(data));
  }

  healthRisk(loccode: string): PromiseOrValue<HealthRiskModel> {
    const body = this.get('healthRisk', { loccode }, healthRiskBody, 'health risk');
    return andThen(body, ({ data }) => this.healthRiskModel(data));
  }

  heatmap(loccode: string): PromiseOrValue<HeatmapModel> {
    return andThen(this.get('heatmap', { loccode }, heatmapBody), this.heatmapModel);
  }

  private get<T>(
    operation: HealthcareEndpoint,
    query: Record<string, string | number | undefined>,
    schema: z.ZodType<T>,
    label?: string,
  ): PromiseOrValue<T> {
    return this.call(operation, { query }, schema, label);
  }
}
