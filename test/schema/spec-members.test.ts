import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isObjectType, isInterfaceType, type GraphQLSchema } from 'graphql';
import { buildSchema } from '../../src/graph/schema';

/**
 * Faithful to the specs: every member a specification lists for a
 * response is either reachable in the graph or left out for a stated reason.
 *
 * The table below is written by reading the three upstream specifications
 * (agri-service.md; map-service.md; health-and-address-services.md, A for healthcare
 * and B for address), section by section and member by member, never from our code.
 * A member maps to the schema coordinate(s) that carry it (`Type.field`, or `Type`
 * when an upstream object is flattened into one of ours), or to the reason it is
 * left out. Every left-out member is listed with the same reason in the README
 * section "Spec members left out".
 */

interface LeftOut {
  leftOut: string;
}
/** Where a member is in the graph, or why it is not. */
type Disposition = string | readonly string[] | LeftOut;
/** Service, then operation (or the shared resource the spec lists once), then member path. */
type SpecTable = Record<string, Record<string, Record<string, Disposition>>>;

const out = (reason: string): LeftOut => ({ leftOut: reason });

const AGRI_ECHO = out(
  'Echo of the loccode sent, sometimes in a display form the service does not accept as input; `Loccode.code` is the code exactly as sent.',
);
const HEALTH_ECHO = out(
  'Echo of the loccode sent, possibly in another case or display form; `Loccode.code` is the code exactly as sent.',
);
const ERROR_CODE = out(
  "Translated into the graph's one error vocabulary: `extensions.code` of the error at the field.",
);
const ERROR_TEXT = out(
  'Never passed on: it may echo the request. The gateway writes its own message for the error at the field.',
);
const ENVELOPE_DATA = out("Envelope: unwrapped; its members are the field's type, listed per endpoint.");

const SPEC: SpecTable = {
  agriculture: {
    'Get Climate': {
      loccode: AGRI_ECHO,
      climate_data: ['Climate', 'Climate.readings'],
      'climate_data[].loccode': AGRI_ECHO,
      'climate_data[].state': 'Climate.state',
      'climate_data[].city': 'Climate.city',
      'climate_data[].latitude': 'Climate.location',
      'climate_data[].longitude': 'Climate.location',
      'climate_data[].temperature_2m': [
        'Climate.airTemperatureCelsius',
        'ClimateReading.airTemperatureCelsius',
      ],
      'climate_data[].relative_humidity_2m': [
        'Climate.relativeHumidityPercent',
        'ClimateReading.relativeHumidityPercent',
      ],
      'climate_data[].precipitation': ['Climate.precipitationMm', 'ClimateReading.precipitationMm'],
      'climate_data[].soil_moisture_0_10cm': [
        'Climate.soilMoisture0To10CmM3PerM3',
        'ClimateReading.soilMoisture0To10CmM3PerM3',
      ],
      'climate_data[].soil_moisture_10_40cm': [
        'Climate.soilMoisture10To40CmM3PerM3',
        'ClimateReading.soilMoisture10To40CmM3PerM3',
      ],
      'climate_data[].soil_temperature_0cm': [
        'Climate.soilTemperature0CmCelsius',
        'ClimateReading.soilTemperature0CmCelsius',
      ],
      'climate_data[].soil_temperature_6cm': [
        'Climate.soilTemperature6CmCelsius',
        'ClimateReading.soilTemperature6CmCelsius',
      ],
      'climate_data[].event_timestamp': ['Climate.recordedAt', 'ClimateReading.recordedAt'],
      'climate_data[].farmer_interpretation': ['Climate.interpretation', 'ClimateReading.interpretation'],
      'climate_data[].farmer_interpretation.temperature': 'ClimateInterpretation.temperature',
      'climate_data[].farmer_interpretation.humidity': 'ClimateInterpretation.humidity',
      'climate_data[].farmer_interpretation.rainfall': 'ClimateInterpretation.rainfall',
      'climate_data[].farmer_interpretation.soil_moisture': 'ClimateInterpretation.soilMoisture',
      'climate_data[].farmer_interpretation.soil_temperature': 'ClimateInterpretation.soilTemperature',
      'climate_data[].farmer_interpretation.overall_outlook': 'ClimateInterpretation.overallOutlook',
      'climate_data[].farmer_interpretation.outlook_summary': 'ClimateInterpretation.outlookSummary',
    },
    'Get Pests, crop mode': {
      loccode: AGRI_ECHO,
      crop: 'PestProfile.crop',
      location: 'PestProfile.locationName',
      risk_level: 'PestProfile.riskLevel',
      dominant_pests: 'PestProfile.dominantPests',
      climate_conditions_affecting_pests: 'PestProfile.climateConditionsAffectingPests',
      recommended_action: 'PestProfile.recommendedAction',
    },
    'Get Pests, location mode': {
      loccode: AGRI_ECHO,
      location: 'PestOverview.locationName',
      state: 'PestOverview.state',
      zone: 'PestOverview.zone',
      risk_level: 'PestOverview.riskLevel',
      active_climate_conditions: 'PestOverview.activeClimateConditions',
      climate_risk_notes: 'PestOverview.climateRiskNotes',
      dominant_pests_in_location: 'PestOverview.dominantPests',
      crops_at_risk: 'PestOverview.cropsAtRisk',
      seasonal_alert: 'PestOverview.seasonalAlert',
      seasonal_key_pests: 'PestOverview.seasonalKeyPests',
      data_sources: 'PestOverview.dataSources',
      tip: 'PestOverview.tip',
    },
    'Get Crop Yield': {
      loccode: AGRI_ECHO,
      crop: 'YieldPrediction.crop',
      land_size_ha: 'YieldPrediction.landSizeHectares',
      location: 'YieldPrediction.locationName',
      yield_prediction: 'YieldPrediction',
      'yield_prediction.total_yield': 'YieldPrediction.summary',
      'yield_prediction.unit': ['YieldPrediction.bagUnit', 'YieldPrediction.bagSizeKg'],
      'yield_prediction.total_count': 'YieldPrediction.bagCount',
      'yield_prediction.total_kg': 'YieldPrediction.totalKg',
      'yield_prediction.total_tonnes': 'YieldPrediction.totalTonnes',
      'yield_prediction.per_hectare': 'YieldPrediction.perHectareSummary',
      'yield_prediction.tonnes_per_hectare': 'YieldPrediction.tonnesPerHectare',
      seasonal_note: 'YieldPrediction.seasonalNote',
      growing_advice: 'YieldPrediction.growingAdvice',
    },
    'Supply Farm Produce': {
      origin_loccode: 'SupplyRoutePlace.loccode',
      destination_loccode: 'SupplyRoutePlace.loccode',
      origin: 'SupplyRoute.origin',
      'origin.state': 'SupplyRoutePlace.state',
      'origin.city': 'SupplyRoutePlace.city',
      'origin.latitude': 'SupplyRoutePlace.location',
      'origin.longitude': 'SupplyRoutePlace.location',
      destination: 'SupplyRoute.destination',
      'destination.state': 'SupplyRoutePlace.state',
      'destination.city': 'SupplyRoutePlace.city',
      'destination.latitude': 'SupplyRoutePlace.location',
      'destination.longitude': 'SupplyRoutePlace.location',
      route: 'SupplyRoute',
      'route.distance_km': 'SupplyRoute.distanceKm',
      'route.estimated_transit_hours': 'SupplyRoute.estimatedTransitHours',
      'route.transport_mode': 'SupplyRoute.transportMode',
      'route.hub_type': 'SupplyRoute.hubType',
      'route.hub_description': 'SupplyRoute.hubDescription',
      'route.data_source': 'SupplyRoute.dataSource',
      crops_that_survive_transit: 'SupplyRoute.cropsThatSurviveTransit',
      crops_that_will_spoil: 'SupplyRoute.cropsThatWillSpoil',
    },
    'Error body (every endpoint)': {
      'error.code': ERROR_CODE,
      'error.message': ERROR_TEXT,
      'error.details': ERROR_TEXT,
    },
  },

  maps: {
    'Envelope (every REST endpoint)': {
      status: out('Envelope: always `true` on success; a failure becomes an error at the field.'),
      message: out('Envelope: empty on success.'),
      data: ENVELOPE_DATA,
      'status (failure)': out('Envelope: always `false` on failure; the failure is an error at the field.'),
      'code (failure)': ERROR_CODE,
      'message (failure)': ERROR_TEXT,
    },
    'Route (GET and POST /sdk/v1/route)': {
      shareUrl: 'Route.shareUrl',
      code: out('Engine status, `Ok` on success; any other value is reported as the error `ROUTING_FAILED`.'),
      routes: 'Route',
      'routes[].distance': 'Route.distanceMeters',
      'routes[].duration': 'Route.durationSeconds',
      'routes[].geometry': ['Route.encodedPolyline', 'Route.geometry'],
      'routes[].legs': 'Route.legs',
      'routes[].legs[].distance': 'RouteLeg.distanceMeters',
      'routes[].legs[].duration': 'RouteLeg.durationSeconds',
      'routes[].legs[].summary': 'RouteLeg.summary',
      'routes[].legs[].steps': 'RouteLeg.steps',
      'steps[].distance': 'RouteStep.distanceMeters',
      'steps[].duration': 'RouteStep.durationSeconds',
      'steps[].name': 'RouteStep.name',
      'steps[].mode': 'RouteStep.travelMode',
      'steps[].loccode': 'RouteStep.loccode',
      'steps[].maneuver': 'RouteStep.maneuver',
      'maneuver.location': 'Maneuver.location',
      'maneuver.bearing_before': 'Maneuver.bearingBeforeDegrees',
      'maneuver.bearing_after': 'Maneuver.bearingAfterDegrees',
      'maneuver.type': 'Maneuver.type',
      'maneuver.modifier': 'Maneuver.modifier',
      waypoints: 'Route.waypoints',
      'waypoints[].location': 'RouteWaypoint.location',
      'waypoints[].name': 'RouteWaypoint.name',
    },
    Optimize: {
      code: out('Engine status, `Ok` on success; any other value is reported as the error `ROUTING_FAILED`.'),
      totalDistanceMeters: 'OptimizedTrip.totalDistanceMeters',
      totalDurationSeconds: 'OptimizedTrip.totalDurationSeconds',
      orderedStops: 'OptimizedTrip.orderedStops',
      'orderedStops[].id': 'TripStop.id',
      'orderedStops[].sequence': 'TripStop.sequence',
      'orderedStops[].loccode': 'TripStop.loccode',
      'orderedStops[].latitude': 'TripStop.location',
      'orderedStops[].longitude': 'TripStop.location',
      'orderedStops[].name': 'TripStop.name',
      optimizedOrderIds: 'OptimizedTrip.optimizedOrderIds',
      legs: 'OptimizedTrip.legs',
      'legs[].fromId': 'TripLeg.fromId',
      'legs[].toId': 'TripLeg.toId',
      'legs[].distanceMeters': 'TripLeg.distanceMeters',
      'legs[].durationSeconds': 'TripLeg.durationSeconds',
      'legs[].geometry': ['TripLeg.encodedPolyline', 'TripLeg.geometry'],
      geometry: ['OptimizedTrip.encodedPolyline', 'OptimizedTrip.geometry'],
    },
    'Reverse geocode': {
      name: 'ReverseGeocode.name',
      address: 'ReverseGeocode.address',
      street: 'ReverseGeocode.streetName',
      house_number: 'ReverseGeocode.houseNumber',
      city: 'ReverseGeocode.city',
      state: 'ReverseGeocode.state',
      country: 'ReverseGeocode.country',
      loccode: 'ReverseGeocode.loccode',
      latitude: 'ReverseGeocode.location',
      longitude: 'ReverseGeocode.location',
    },
    'Point details': {
      latitude: 'PointDetails.location',
      longitude: 'PointDetails.location',
      search_name: 'PointDetails.searchName',
      search_address: 'PointDetails.searchAddress',
      share_url: 'PointDetails.shareUrl',
      // The street comes back with the point: `PointDetails.loccode.street` is a `Street`.
      loccode: ['PointDetails.loccode', 'Loccode.street'],
      'loccode.loccode': ['Loccode.code', 'Street.formattedCode', 'Street.unspacedCode'],
      'loccode.street_name': 'Street.name',
      'loccode.highway_type': 'Street.highwayType',
      'loccode.street_length': 'Street.lengthMeters',
      'loccode.state': 'Street.state',
      'loccode.lga': 'Street.lga',
      'loccode.country': 'Street.country',
      'loccode.geometry': 'Street.geometry',
      'loccode.representative_point': 'Street.representativePoint',
      place: 'PointDetails.place',
      'place.name': 'Place.name',
      'place.result_type': 'Place.resultType',
      'place.maiaddy_id': 'Place.maiaddyId',
      'place.entity_type': 'Place.entityType',
      'place.loccode': 'Place.loccode',
      'place.osm_id': 'Place.osmId',
      'place.address': 'Place.address',
      'place.street': 'Place.streetName',
      'place.city': 'Place.city',
      'place.state': 'Place.state',
      'place.country': 'Place.country',
      'place.country_code': 'Place.countryCode',
      'place.category': 'Place.category',
      'place.type': 'Place.type',
      'place.latitude': 'Place.location',
      'place.longitude': 'Place.location',
    },
    'Loccode resolve and nearest': {
      loccode: 'Street.unspacedCode',
      formatted: 'Street.formattedCode',
      street_name: 'Street.name',
      highway_type: 'Street.highwayType',
      street_length: 'Street.lengthMeters',
      state: 'Street.state',
      lga: 'Street.lga',
      country: 'Street.country',
      valid: 'Street.valid',
      coverage: 'Street.coverage',
      geometry: 'Street.geometry',
      representative_point: 'Street.representativePoint',
    },
    'Place categories': {
      'data[]': 'Query.placeCategories',
      'data[].key': 'PlaceCategory.key',
      'data[].label': 'PlaceCategory.label',
      'data[].parentKey': 'PlaceCategory.parent',
      'data[].status': 'PlaceCategory.status',
    },
    // Spec: "Search results carry loccode, osm_id and distance_km"; the rest of the shape is not shown.
    Search: {
      'data[]': 'Query.searchPlaces',
      'data[].loccode': 'Place.loccode',
      'data[].osm_id': 'Place.osmId',
      'data[].distance_km': 'Place.distanceKm',
    },
    'Map display (map host)': {
      'style document': 'MapDisplay.styleUrl',
      'vector tile': 'MapDisplay.tileUrlTemplate',
      'tile metadata': 'MapDisplay.tileJsonUrl',
      sprites: 'MapDisplay.spriteUrl',
      glyphs: 'MapDisplay.glyphsUrl',
      // The manifest links the art, through this gateway.
      'wordmark art': 'Wordmark.manifest',
      'wordmark layout manifest': ['Wordmark.manifest', 'Wordmark.manifestUrl'],
    },
  },

  healthcare: {
    'Envelope (facilities, emergency-route, specialist, health-risk)': {
      success: out('Envelope: `true` on success; a failure becomes an error at the field.'),
      message: out('Envelope: a status text about the call, not data about the place.'),
      timestamp: out('Envelope: when the service answered, not a property of the data.'),
      data: ENVELOPE_DATA,
    },
    'location (wherever it appears)': {
      lat: 'HealthLocation.coordinates',
      lon: 'HealthLocation.coordinates',
      state: 'HealthLocation.state',
      lga: 'HealthLocation.lga',
    },
    Facilities: {
      loccode: HEALTH_ECHO,
      location: 'FacilitySearch.location',
      filters: 'FacilitySearch.level',
      'filters.facility_level': 'FacilitySearch.level',
      count: 'FacilitySearch.count',
      radius_km: 'FacilitySearch.radiusKm',
      scoring: 'FacilitySearch.scoringDescription',
      generated_at: 'FacilitySearch.generatedAt',
      facilities: 'FacilitySearch.facilities',
      'facilities[].rank': 'Facility.rank',
      'facilities[].name': 'Facility.name',
      'facilities[].category': 'Facility.category',
      'facilities[].ownership': 'Facility.ownership',
      'facilities[].state': 'Facility.state',
      'facilities[].lga': 'Facility.lga',
      'facilities[].ward': 'Facility.ward',
      'facilities[].address': 'Facility.address',
      'facilities[].nhfr_code': 'Facility.nhfrCode',
      'facilities[].facility_level': 'Facility.level',
      'facilities[].functional_status': 'Facility.functionalStatus',
      'facilities[].accreditations': 'Facility.accreditations',
      'facilities[].accreditations[].body': 'Accreditation.body',
      'facilities[].accreditations[].status': 'Accreditation.status',
      'facilities[].specialties': 'Facility.specialties',
      'facilities[].distance_km': 'Facility.distanceKm',
      'facilities[].travel_time_minutes': 'Facility.travelTimeMinutes',
      'facilities[].emergency_services': 'Facility.emergencyServices',
      'facilities[].accepts_insurance_plans': 'Facility.acceptedInsurancePlans',
      'facilities[].beds_capacity': 'Facility.bedsCapacity',
      'facilities[].wait_time_estimate_minutes': 'Facility.waitTimeEstimateMinutes',
      'facilities[].ranking_score': 'Facility.rankingScore',
      'facilities[].score_breakdown': 'Facility.scoreWeights',
      'facilities[].score_breakdown.distance_weight': 'FacilityScoreWeights.distance',
      'facilities[].score_breakdown.travel_time_weight': 'FacilityScoreWeights.travelTime',
      'facilities[].score_breakdown.accreditation_weight': 'FacilityScoreWeights.accreditation',
      'facilities[].score_breakdown.capacity_weight': 'FacilityScoreWeights.capacity',
      'facilities[].score_breakdown.satisfaction_weight': 'FacilityScoreWeights.satisfaction',
      'facilities[].score_breakdown.wait_time_weight': 'FacilityScoreWeights.waitTime',
    },
    Access: {
      loccode: HEALTH_ECHO,
      location: 'HealthcareAccess.location',
      access_score: 'HealthcareAccess.accessScore',
      coverage_band: 'HealthcareAccess.coverageBand',
      score_breakdown: 'HealthcareAccess.breakdown',
      'score_breakdown.facility_density_5km': 'AccessScoreBreakdown.facilityDensityWithin5Km',
      'score_breakdown.hospital_proximity': 'AccessScoreBreakdown.hospitalProximity',
      'score_breakdown.primary_care_proximity': 'AccessScoreBreakdown.primaryCareProximity',
      'score_breakdown.emergency_proximity': 'AccessScoreBreakdown.emergencyProximity',
      'score_breakdown.nhia_coverage_rate': 'AccessScoreBreakdown.nhiaCoverage',
      facility_counts: 'HealthcareAccess.facilityCounts',
      'facility_counts.within_5km': 'FacilityCounts.within5Km',
      'facility_counts.within_10km': 'FacilityCounts.within10Km',
      'facility_counts.functional_within_10km': 'FacilityCounts.functionalWithin10Km',
      'facility_counts.nhia_accredited_within_10km': 'FacilityCounts.nhiaAccreditedWithin10Km',
      nearest_by_type: 'HealthcareAccess.nearestByType',
      'nearest_by_type.primary_care': 'NearestFacilitiesByType.primaryCare',
      'nearest_by_type.secondary_care': 'NearestFacilitiesByType.secondaryCare',
      'nearest_by_type.tertiary_care': 'NearestFacilitiesByType.tertiaryCare',
      'nearest_by_type.emergency': 'NearestFacilitiesByType.emergency',
      'nearest_by_type.maternity': 'NearestFacilitiesByType.maternity',
      'nearest_by_type.*.name': 'NearbyFacility.name',
      'nearest_by_type.*.category': 'NearbyFacility.category',
      'nearest_by_type.*.distance_km': 'NearbyFacility.distanceKm',
      'nearest_by_type.*.functional_status': 'NearbyFacility.functionalStatus',
      coverage_gaps: 'HealthcareAccess.coverageGaps',
      'coverage_gaps[].specialty': 'CoverageGap.specialty',
      'coverage_gaps[].gap_severity': 'CoverageGap.severity',
      'coverage_gaps[].nearest_km': 'CoverageGap.nearestKm',
      nhia_accreditation_rate_10km: 'HealthcareAccess.nhiaAccreditationRateWithin10Km',
      interpretation: 'HealthcareAccess.interpretation',
      use_cases: 'HealthcareAccess.useCases',
      generated_at: 'HealthcareAccess.generatedAt',
    },
    'Emergency route': {
      loccode: HEALTH_ECHO,
      location: 'EmergencyInfo.location',
      generated_at: 'EmergencyInfo.generatedAt',
      emergency_contacts: 'EmergencyInfo.contacts',
      'emergency_contacts.police': 'EmergencyContacts.police',
      'emergency_contacts.ambulance': 'EmergencyContacts.ambulance',
      'emergency_contacts.fire': 'EmergencyContacts.fire',
      'emergency_contacts.nema': 'EmergencyContacts.nema',
      nearest_emergency_facilities: 'EmergencyInfo.nearestFacilities',
      'nearest_emergency_facilities[].name': 'EmergencyFacility.name',
      'nearest_emergency_facilities[].category': 'EmergencyFacility.category',
      'nearest_emergency_facilities[].phone': 'EmergencyFacility.phone',
      'nearest_emergency_facilities[].facility_level': 'EmergencyFacility.level',
      'nearest_emergency_facilities[].functional_status': 'EmergencyFacility.functionalStatus',
      'nearest_emergency_facilities[].latitude': 'EmergencyFacility.location',
      'nearest_emergency_facilities[].longitude': 'EmergencyFacility.location',
      'nearest_emergency_facilities[].distance_km': 'EmergencyFacility.distanceKm',
      'nearest_emergency_facilities[].travel_time_minutes': 'EmergencyFacility.travelTimeMinutes',
      'nearest_emergency_facilities[].web_maps_url': 'EmergencyFacility.directionsUrl',
    },
    Specialist: {
      loccode: HEALTH_ECHO,
      location: 'SpecialistRecommendation.location',
      input_condition: 'SpecialistRecommendation.interpretedCondition',
      predicted_specialties: 'SpecialistRecommendation.predictedSpecialties',
      'predicted_specialties[].name': 'PredictedSpecialty.name',
      'predicted_specialties[].confidence': 'PredictedSpecialty.confidence',
      recommended_specialists: 'SpecialistRecommendation.recommendedSpecialists',
      'recommended_specialists[].name': 'SpecialistFacility.name',
      'recommended_specialists[].status': 'SpecialistFacility.status',
      'recommended_specialists[].category': 'SpecialistFacility.category',
      'recommended_specialists[].specialty_matched': 'SpecialistFacility.specialtyMatched',
      'recommended_specialists[].facility_level': 'SpecialistFacility.level',
      'recommended_specialists[].coordinates': 'SpecialistFacility.location',
      'recommended_specialists[].coordinates.lat': 'SpecialistFacility.location',
      'recommended_specialists[].coordinates.lon': 'SpecialistFacility.location',
      'recommended_specialists[].confidence_score': 'SpecialistFacility.confidence',
      'recommended_specialists[].distance_km': 'SpecialistFacility.distanceKm',
      'recommended_specialists[].final_rank_score': 'SpecialistFacility.rankScore',
    },
    'Health risk': {
      loccode: HEALTH_ECHO,
      location: 'HealthRisk.location',
      health_risk_index: 'HealthRisk.index',
      risk_level: 'HealthRisk.riskLevel',
      computation_breakdown: 'HealthRisk.breakdown',
      'computation_breakdown.urban_density_stress_35pct': 'HealthRiskBreakdown.urbanDensityStress',
      'computation_breakdown.infrastructure_deficit_35pct': 'HealthRiskBreakdown.infrastructureDeficit',
      'computation_breakdown.socio_economic_vulnerability_30pct':
        'HealthRiskBreakdown.socioEconomicVulnerability',
      environmental_vitals: 'HealthRisk.environmentalVitals',
      'environmental_vitals.population_density_per_sqkm': 'EnvironmentalVitals.populationDensityPerSquareKm',
      'environmental_vitals.infrastructure_quality_score': 'EnvironmentalVitals.infrastructureQualityScore',
      'environmental_vitals.crime_index': 'EnvironmentalVitals.crimeIndex',
      'environmental_vitals.avg_income_index': 'EnvironmentalVitals.averageIncomeIndex',
      'environmental_vitals.nearby_facilities_10km': 'EnvironmentalVitals.facilitiesWithin10Km',
      disease_prevalence: 'HealthRisk.diseasePrevalence',
      'disease_prevalence.malaria': 'DiseasePrevalence.malaria',
      'disease_prevalence.hypertension': 'DiseasePrevalence.hypertension',
      'disease_prevalence.diabetes_mellitus': 'DiseasePrevalence.diabetesMellitus',
      'disease_prevalence.respiratory_infections': 'DiseasePrevalence.respiratoryInfections',
      'disease_prevalence.diarrheal_diseases': 'DiseasePrevalence.diarrhealDiseases',
      'disease_prevalence.musculoskeletal_conditions': 'DiseasePrevalence.musculoskeletalConditions',
      'disease_prevalence.*.source': 'DiseaseRate.source',
      'disease_prevalence.*.trend': 'DiseaseRate.trend',
      'disease_prevalence.*.prevalence_per_1000': 'DiseaseRate.prevalencePer1000',
    },
    Heatmap: {
      loccode: HEALTH_ECHO,
      center: 'Heatmap.center',
      'center.lat': 'Heatmap.center',
      'center.lon': 'Heatmap.center',
      radius_km: 'Heatmap.radiusKm',
      heatmap_points: 'Heatmap.points',
      'heatmap_points[].lat': 'HeatmapPoint.location',
      'heatmap_points[].lon': 'HeatmapPoint.location',
      'heatmap_points[].type': 'HeatmapPoint.type',
      'heatmap_points[].intensity': 'HeatmapPoint.intensity',
      'heatmap_points[].label': 'HeatmapPoint.label',
      summary: 'Heatmap.summary',
      'summary.facility_count': 'HeatmapSummary.facilityCount',
      'summary.risk_nodes': 'HeatmapSummary.riskNodeCount',
    },
    'Error body (every endpoint)': {
      'error.code': ERROR_CODE,
      'error.message': ERROR_TEXT,
      'error.details': ERROR_TEXT,
    },
  },

  address: {
    'Address record (loccode, coordinates and street lookups)': {
      loccode: 'Address.loccode',
      streetName: 'Address.streetName',
      addresses: 'Address.addresses',
      lga: 'Address.lga',
      state: 'Address.state',
      streetInfo: 'Address.street',
      'streetInfo.name': 'AddressStreet.name',
      'streetInfo.highwayType': 'AddressStreet.highwayType',
      'streetInfo.length': 'AddressStreet.lengthMeters',
      'streetInfo.osmId': 'AddressStreet.osmId',
      country: 'Address.countryCode',
    },
  },
};

interface Entry {
  service: string;
  operation: string;
  member: string;
  disposition: Disposition;
}

function entries(): Entry[] {
  return Object.entries(SPEC).flatMap(([service, operations]) =>
    Object.entries(operations).flatMap(([operation, members]) =>
      Object.entries(members).map(([member, disposition]) => ({ service, operation, member, disposition })),
    ),
  );
}

function isLeftOut(disposition: Disposition): disposition is LeftOut {
  return typeof disposition === 'object' && 'leftOut' in disposition;
}

/** Whether `Type` or `Type.field` names something in the executable schema. */
function exists(schema: GraphQLSchema, coordinate: string): boolean {
  const [typeName, fieldName] = coordinate.split('.');
  const type = schema.getType(typeName!);
  if (!type) return false;
  if (fieldName === undefined) return true;
  return (isObjectType(type) || isInterfaceType(type)) && fieldName in type.getFields();
}

const README_SECTION = '## Spec members left out';

/** The rows of the README section's table: `service | operation | member` to its reason. */
function readmeRows(): Map<string, string> {
  const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
  const start = readme.indexOf(README_SECTION);
  if (start < 0) throw new Error(`README.md has no "${README_SECTION}" section`);
  const next = readme.indexOf('\n## ', start + README_SECTION.length);
  const section = readme.slice(start, next < 0 ? undefined : next);
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    if (!line.startsWith('|')) continue;
    const cells = line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
    if (cells.length !== 4 || /^-+$/.test(cells[0]!) || cells[0] === 'service') continue;
    const [service, operation, member, reason] = cells as [string, string, string, string];
    rows.set(rowKey(service, operation, member.replace(/^`|`$/g, '')), reason);
  }
  return rows;
}

const rowKey = (service: string, operation: string, member: string) =>
  `${service} | ${operation} | ${member}`;

describe('every response member of the specs is in the graph or left out for a stated reason', () => {
  const schema = buildSchema();

  it.each(Object.keys(SPEC))('%s: every mapped member has its schema coordinate', (service) => {
    const missing = entries()
      .filter((entry) => entry.service === service && !isLeftOut(entry.disposition))
      .flatMap(({ operation, member, disposition }) =>
        (typeof disposition === 'string' ? [disposition] : (disposition as readonly string[]))
          .filter((coordinate) => !exists(schema, coordinate))
          .map((coordinate) => `${operation}: ${member} -> ${coordinate}`),
      );
    expect(missing).toEqual([]);
  });

  it('agriculture leaves out only echoes of the input and the error body', () => {
    const leftOut = entries().filter(
      (entry) => entry.service === 'agriculture' && isLeftOut(entry.disposition),
    );
    expect(leftOut.map(({ operation, member }) => `${operation}: ${member}`)).toEqual([
      'Get Climate: loccode',
      'Get Climate: climate_data[].loccode',
      'Get Pests, crop mode: loccode',
      'Get Pests, location mode: loccode',
      'Get Crop Yield: loccode',
      'Error body (every endpoint): error.code',
      'Error body (every endpoint): error.message',
      'Error body (every endpoint): error.details',
    ]);
  });

  it(`lists every left-out member in the README section "${README_SECTION}" with its reason, and nothing else`, () => {
    const expected = new Map(
      entries().flatMap(({ service, operation, member, disposition }) =>
        isLeftOut(disposition) ? [[rowKey(service, operation, member), disposition.leftOut] as const] : [],
      ),
    );
    const documented = readmeRows();
    const absentOrDifferent = [...expected]
      .filter(([key, reason]) => documented.get(key) !== reason)
      .map(([key, reason]) => `${key} | ${reason}`);
    const notInTable = [...documented.keys()].filter((key) => !expected.has(key));
    expect(absentOrDifferent).toEqual([]);
    expect(notInTable).toEqual([]);
  });
});
