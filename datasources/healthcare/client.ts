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
import { toHealthcareAccess, toHealthRisk, toHeatmap } from './area-mapping';
import { HEALTHCARE, type HealthcareOperation } from './operations';
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
export class HealthcareClient extends UpstreamClient<HealthcareOperation> {
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

  async facilities({ loccode, level, radiusKm, limit }: FacilityQuery): Promise<FacilitySearchModel> {
    const body = await this.get(
      'facilities',
      {
        loccode,
        facility_level: UPSTREAM_LEVELS[level],
        radius_km: radiusKm ?? undefined,
        limit: limit ?? undefined,
      },
      facilitiesBody,
    );
    return this.facilitySearch(body.data);
  }

  async access(loccode: string): Promise<HealthcareAccessModel> {
    return this.healthcareAccess(await this.get('access', { loccode }, accessBody));
  }

  async emergencyRoute(loccode: string): Promise<EmergencyInfoModel> {
    const body = await this.get('emergencyRoute', { loccode }, emergencyBody, 'emergency route');
    return this.emergencyInfo(body.data);
  }

  async specialist({ loccode, condition }: SpecialistQuery): Promise<SpecialistRecommendationModel> {
    const body = await this.get('specialist', { loccode, health_condition: condition }, specialistBody);
    return this.specialistRecommendation(body.data);
  }

  async healthRisk(loccode: string): Promise<HealthRiskModel> {
    const body = await this.get('healthRisk', { loccode }, healthRiskBody, 'health risk');
    return this.healthRiskModel(body.data);
  }

  async heatmap(loccode: string): Promise<HeatmapModel> {
    return this.heatmapModel(await this.get('heatmap', { loccode }, heatmapBody));
  }

  private get<T>(
    operation: HealthcareOperation,
    query: Record<string, string | number | undefined>,
    schema: z.ZodType<T>,
    label?: string,
  ): Promise<T> {
    return this.call(operation, { query }, schema, label);
  }
}
