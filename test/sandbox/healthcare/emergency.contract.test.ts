import { shapeErrors } from '../../support/shape';
import { KANO_STREET, distanceKm, pointOf, useHealthcareSandbox } from './harness';
import { EMERGENCY_DATA, wrappedBody } from './shapes';

describe('healthcare /emergency-route', () => {
  const health = useHealthcareSandbox();
  const route = async (loccode = KANO_STREET) => (await health.get('emergency-route', { loccode })).json;

  it('returns every spec field with the spec types, wrapped', async () => {
    const body = await route();
    expect(shapeErrors(body, wrappedBody(EMERGENCY_DATA))).toEqual([]);
    expect(body.data.loccode).toBe('KN3A-7QP');
  });

  it('gives Nigerian emergency numbers as strings', async () => {
    const { emergency_contacts } = (await route()).data;
    expect(emergency_contacts).toEqual({
      police: '199',
      ambulance: '112',
      fire: '112',
      nema: '0800 2255 6362',
    });
  });

  it('ranks facilities with emergency services, nearest first, with a directions link from the loccode', async () => {
    const { location, nearest_emergency_facilities: facilities } = (await route()).data;
    const distances = facilities.map((f: { distance_km: number }) => f.distance_km);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const facility of facilities) {
      const recorded = health.sandbox.dataset.facilities.find(
        (f) =>
          f.name === facility.name &&
          f.point.latitude === facility.latitude &&
          f.point.longitude === facility.longitude,
      )!;
      expect(recorded.emergencyServices).toBe(true);
      expect(facility.phone).toBe(recorded.phone);
      expect(facility.distance_km).toBeCloseTo(distanceKm(pointOf(location), recorded.point), 1);
      expect(facility.web_maps_url).toBe(
        `https://www.google.com/maps/dir/${location.lat},${location.lon}/${facility.latitude},${facility.longitude}`,
      );
    }
  });
});
