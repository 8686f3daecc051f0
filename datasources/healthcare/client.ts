import type {
  EmergencyInfoModel,
  FacilityLevel,
  FacilitySearchModel,
  HealthcareAccessModel,
  HealthRiskModel,
  HeatmapModel,
  SpecialistRecommendationModel,
} from './models';
import { UpstreamClient, type ClientSettings, type UpstreamTarget } from '../../src/upstream/client';
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
 * taking the loccode as a query parameter, sent exactly as the client gave it.
 */
export class HealthcareClient extends UpstreamClient<HealthcareOperation> {
  constructor(target: UpstreamTarget, settings: ClientSettings) {
    super(HEALTHCARE, target, settings);
  }

  async facilities({ loccode, level, radiusKm, limit }: FacilityQuery): Promise<FacilitySearchModel> {
    const body = await this.get('facilities', {
      loccode,
      facility_level: UPSTREAM_LEVELS[level],
      radius_km: radiusKm ?? undefined,
      limit: limit ?? undefined,
    });
    return toFacilitySearch(this.validate(facilitiesBody, body, 'facilities').data);
  }

  async access(loccode: string): Promise<HealthcareAccessModel> {
    const body = await this.get('access', { loccode });
    return toHealthcareAccess(this.validate(accessBody, body, 'access'));
  }

  async emergencyRoute(loccode: string): Promise<EmergencyInfoModel> {
    const body = await this.get('emergencyRoute', { loccode });
    return toEmergencyInfo(this.validate(emergencyBody, body, 'emergency route').data);
  }

  async specialist({ loccode, condition }: SpecialistQuery): Promise<SpecialistRecommendationModel> {
    const body = await this.get('specialist', { loccode, health_condition: condition });
    return toSpecialistRecommendation(this.validate(specialistBody, body, 'specialist').data);
  }

  async healthRisk(loccode: string): Promise<HealthRiskModel> {
    const body = await this.get('healthRisk', { loccode });
    return toHealthRisk(this.validate(healthRiskBody, body, 'health risk').data);
  }

  async heatmap(loccode: string): Promise<HeatmapModel> {
    const body = await this.get('heatmap', { loccode });
    return toHeatmap(this.validate(heatmapBody, body, 'heatmap'));
  }

  private get(operation: HealthcareOperation, query: Record<string, string | number | undefined>) {
    return this.call(operation, { query });
  }
}
