import type { Point } from '../../src/kernel/point';
import { mapReadable, type Readable } from '../../src/kernel/unreadable';
import type {
  EmergencyInfoModel,
  FacilityLevel,
  FacilityModel,
  FacilitySearchModel,
  HealthLocationModel,
  SpecialistRecommendationModel,
} from './models';
import type { EmergencyWire, FacilitiesWire, FacilityWire, SpecialistWire, WireFacilityLevel } from './wire';

/*
 * Upstream JSON (already validated) to the graph's models: our names, one
 * coordinate shape, enums in UPPER_SNAKE. The echoed loccode is left behind: it
 * is a display form, not the code (spec: "Loccode rules").
 */

type Level = WireFacilityLevel;

const LEVELS: Record<Level, FacilityLevel> = {
  Primary: 'PRIMARY',
  Secondary: 'SECONDARY',
  Tertiary: 'TERTIARY',
};

/** Our enum in the service's spelling (spec: facility_level is Primary, Secondary or Tertiary). */
export const UPSTREAM_LEVELS: Record<FacilityLevel, Level> = {
  PRIMARY: 'Primary',
  SECONDARY: 'Secondary',
  TERTIARY: 'Tertiary',
};

const toLevel = (level: Readable<Level | null>): Readable<FacilityLevel | null> =>
  mapReadable(level, (known) => LEVELS[known]);

export const coordinates = ({ lat, lon }: { lat: number; lon: number }): Point => ({
  latitude: lat,
  longitude: lon,
});

export function healthLocation(location: FacilitiesWire['location']): HealthLocationModel {
  return { coordinates: coordinates(location), state: location.state, lga: location.lga };
}

export function toFacilitySearch(search: FacilitiesWire): FacilitySearchModel {
  return {
    location: healthLocation(search.location),
    level: toLevel(search.filters.facility_level),
    radiusKm: search.radius_km,
    count: search.count,
    scoringDescription: search.scoring,
    generatedAt: search.generated_at,
    facilities: search.facilities.map(toFacility),
  };
}

function toFacility(facility: FacilityWire): FacilityModel {
  const weights = facility.score_breakdown;
  return {
    rank: facility.rank,
    name: facility.name,
    category: facility.category,
    ownership: facility.ownership,
    state: facility.state,
    lga: facility.lga,
    ward: facility.ward,
    address: facility.address,
    nhfrCode: facility.nhfr_code,
    level: toLevel(facility.facility_level),
    functionalStatus: facility.functional_status,
    accreditations: facility.accreditations.map(({ body, status }) => ({ body, status })),
    specialties: facility.specialties,
    distanceKm: facility.distance_km,
    travelTimeMinutes: facility.travel_time_minutes,
    emergencyServices: facility.emergency_services,
    acceptedInsurancePlans: facility.accepts_insurance_plans,
    bedsCapacity: facility.beds_capacity,
    waitTimeEstimateMinutes: facility.wait_time_estimate_minutes,
    rankingScore: facility.ranking_score,
    scoreWeights: {
      distance: weights.distance_weight,
      travelTime: weights.travel_time_weight,
      accreditation: weights.accreditation_weight,
      capacity: weights.capacity_weight,
      satisfaction: weights.satisfaction_weight,
      waitTime: weights.wait_time_weight,
    },
  };
}

export function toEmergencyInfo(route: EmergencyWire): EmergencyInfoModel {
  return {
    location: healthLocation(route.location),
    contacts: { ...route.emergency_contacts },
    generatedAt: route.generated_at,
    nearestFacilities: route.nearest_emergency_facilities.map((facility) => ({
      name: facility.name,
      category: facility.category,
      phone: facility.phone,
      level: toLevel(facility.facility_level),
      functionalStatus: facility.functional_status,
      location: { latitude: facility.latitude, longitude: facility.longitude },
      distanceKm: facility.distance_km,
      travelTimeMinutes: facility.travel_time_minutes,
      directionsUrl: facility.web_maps_url,
    })),
  };
}

export function toSpecialistRecommendation(recommendation: SpecialistWire): SpecialistRecommendationModel {
  return {
    location: healthLocation(recommendation.location),
    interpretedCondition: recommendation.input_condition,
    predictedSpecialties: recommendation.predicted_specialties.map(({ name, confidence }) => ({
      name,
      confidence,
    })),
    recommendedSpecialists: recommendation.recommended_specialists.map((specialist) => ({
      name: specialist.name,
      status: specialist.status,
      category: specialist.category,
      specialtyMatched: specialist.specialty_matched,
      level: toLevel(specialist.facility_level),
      location: coordinates(specialist.coordinates),
      confidence: specialist.confidence_score,
      distanceKm: specialist.distance_km,
      rankScore: specialist.final_rank_score,
    })),
  };
}
