import { roundPoint } from '../../../geo/point';
import type { ServiceContext } from '../../../context';
import type { Locality } from '../../../dataset/types';
import type { Reply, SandboxRequest } from '../../../kit/types';
import { AGRICULTURE_ERROR_CODES as CODES } from '../errors';
import { RejectedRequest } from '../../../kit/types';
import { findLocality, isMissing, loccodeRequired } from '../loccodes';
import { jsonObjectFields } from '../request-body';
import { destinationHub } from './hubs';
import { estimateRoad } from './route';
import { transitOutlook } from './transit';

const ROUTE_DATA_SOURCE = 'OpenStreetMap road network (OSRM)';

/**
 * POST /logistics/supply. Order of checks: body is JSON (400 INVALID_JSON, from the kit),
 * both loccodes present (400 LOCCODE_REQUIRED), origin registered (404 ORIGIN_NOT_FOUND),
 * destination registered (404 DESTINATION_NOT_FOUND), different areas (400 SAME_LOCATION).
 */
export function supplyProduce(context: ServiceContext, req: SandboxRequest): Reply {
  const fields = jsonObjectFields(req);
  const missing = ['origin_loccode', 'destination_loccode'].filter((field) => isMissing(fields[field]));
  if (missing.length > 0) throw loccodeRequired(missing);
  const localities = context.dataset.localityByCode;
  const origin = findLocality(localities, fields.origin_loccode, 'origin_loccode', CODES.originNotFound);
  const destination = findLocality(
    localities,
    fields.destination_loccode,
    'destination_loccode',
    CODES.destinationNotFound,
  );
  // Spec rule 5: "the same area" is the same LGA of the same state, whichever loccodes name it.
  if (origin.state === destination.state && origin.lga === destination.lga) {
    throw new RejectedRequest(
      400,
      CODES.sameLocation,
      `Origin and destination are both in ${origin.lga}, ${origin.state}. Choose a destination in another area.`,
      'destination_loccode',
    );
  }
  const road = estimateRoad(origin, destination);
  const hub = destinationHub(
    destination,
    context.dataset.states.find((state) => state.name === destination.state)!,
  );
  const outlook = transitOutlook(road.transitHours);
  return {
    status: 200,
    body: {
      origin_loccode: fields.origin_loccode,
      destination_loccode: fields.destination_loccode,
      origin: endpointPlace(origin),
      destination: endpointPlace(destination),
      route: {
        distance_km: road.distanceKm,
        estimated_transit_hours: road.transitHours,
        transport_mode: road.transportMode,
        hub_type: hub.type,
        hub_description: hub.description,
        data_source: ROUTE_DATA_SOURCE,
      },
      crops_that_survive_transit: outlook.survive,
      crops_that_will_spoil: outlook.spoil,
    },
  };
}

function endpointPlace(locality: Locality): object {
  const { latitude, longitude } = roundPoint(locality.point);
  return { state: locality.state, city: locality.city, latitude, longitude };
}
