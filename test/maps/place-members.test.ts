import { placeFromSearch, streetFromResolve } from '../../datasources/maps/mapping';
import { resolveData, searchData } from '../../datasources/maps/wire';
import { ZOO_ROAD_RESOLVE } from './support';

/**
 * Fixtures for what the sandbox does not send: the spec does not show search's result
 * shape beyond loccode, osm_id and distance_km, so a result that carries the members point
 * details name for a place (city, state...) must keep them, and one without them gives null.
 */
const searchResult = {
  name: 'Kano Central Market',
  address: '12 Zoo Road, Nassarawa, Kano, Kano',
  category: 'marketplace',
  type: 'marketplace',
  latitude: 12.0012,
  longitude: 8.5123,
  loccode: 'KN3A7QP',
  osm_id: 'N4839201',
  distance_km: 1.25,
};

describe('maps boundary: the members of a search result and of resolve data', () => {
  it('reads city, state and the other place members of a search result when the service sends them', () => {
    const [parsed] = searchData.parse([
      {
        ...searchResult,
        street: 'Zoo Road',
        city: 'Kano',
        state: 'Kano',
        country: 'Nigeria',
        country_code: 'NG',
        result_type: 'poi',
        entity_type: 'business',
        maiaddy_id: 'MA-77',
        rank: 3,
      },
    ]);
    expect(placeFromSearch(parsed!)).toMatchObject({
      name: 'Kano Central Market',
      streetName: 'Zoo Road',
      city: 'Kano',
      state: 'Kano',
      country: 'Nigeria',
      countryCode: 'NG',
      resultType: 'poi',
      entityType: 'business',
      maiaddyId: 'MA-77',
      distanceKm: 1.25,
      loccode: { code: 'KN3A 7QP' },
    });
  });

  it('answers null for the members a search result does not carry', () => {
    const [parsed] = searchData.parse([searchResult]);
    expect(placeFromSearch(parsed!)).toMatchObject({
      streetName: null,
      city: null,
      state: null,
      country: null,
    });
  });

  it('keeps valid and coverage of resolve data as the service sent them, false included', () => {
    const resolved = resolveData.parse({
      ...ZOO_ROAD_RESOLVE,
      valid: false,
      coverage: false,
      geometry: {
        type: 'LineString',
        coordinates: [
          [8.5, 12],
          [8.51, 12.01],
        ],
      },
      representative_point: { latitude: 12.005, longitude: 8.505 },
    });
    expect(streetFromResolve(resolved)).toMatchObject({ valid: false, coverage: false });
  });
});
