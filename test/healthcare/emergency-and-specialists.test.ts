import { useTestStack } from '../support/gateway';
import {
  coordinates,
  healthcareDirect,
  healthLocation,
  KANO_STREET,
  LOCATION_FIELDS,
  type UpstreamJson,
} from './upstream';

const LEVEL = (level: string) => level.toUpperCase();

describe('Loccode.emergency and Loccode.specialists', () => {
  const stack = useTestStack();

  beforeEach(() => stack.sandbox.controls.clearLog());

  it('emergency gives the numbers to dial and the nearest emergency facilities with directions', async () => {
    const upstream = await healthcareDirect(stack, 'emergency-route', { loccode: KANO_STREET });
    const { data, errors } = await stack.query(`{ loccode(code: "${KANO_STREET}") { emergency {
      ${LOCATION_FIELDS} generatedAt contacts { police ambulance fire nema }
      nearestFacilities { name category phone level functionalStatus location { latitude longitude }
        distanceKm travelTimeMinutes directionsUrl } } } }`);
    expect(errors).toBeUndefined();
    expect(upstream.nearest_emergency_facilities.length).toBeGreaterThan(0);
    expect(data.loccode.emergency).toEqual({
      location: healthLocation(upstream.location),
      generatedAt: upstream.generated_at,
      contacts: upstream.emergency_contacts,
      nearestFacilities: upstream.nearest_emergency_facilities.map((f: UpstreamJson) => ({
        name: f.name,
        category: f.category,
        phone: f.phone,
        level: LEVEL(f.facility_level),
        functionalStatus: f.functional_status,
        location: { latitude: f.latitude, longitude: f.longitude },
        distanceKm: f.distance_km,
        travelTimeMinutes: f.travel_time_minutes,
        directionsUrl: f.web_maps_url,
      })),
    });
  });

  it('specialists maps a plain-language condition to specialties and nearby facilities', async () => {
    const condition = 'chest pain and shortness of breath';
    const upstream = await healthcareDirect(stack, 'specialist', {
      loccode: KANO_STREET,
      health_condition: condition,
    });
    const { data, errors } = await stack.query(
      `query($condition: String!) { loccode(code: "${KANO_STREET}") { specialists(condition: $condition) {
        ${LOCATION_FIELDS} interpretedCondition predictedSpecialties { name confidence }
        recommendedSpecialists { name status category specialtyMatched level location { latitude longitude }
          confidence distanceKm rankScore } } } }`,
      { condition },
    );
    expect(errors).toBeUndefined();
    expect(upstream.recommended_specialists.length).toBeGreaterThan(0);
    expect(data.loccode.specialists).toEqual({
      location: healthLocation(upstream.location),
      interpretedCondition: upstream.input_condition,
      predictedSpecialties: upstream.predicted_specialties,
      recommendedSpecialists: upstream.recommended_specialists.map((s: UpstreamJson) => ({
        name: s.name,
        status: s.status,
        category: s.category,
        specialtyMatched: s.specialty_matched,
        level: LEVEL(s.facility_level),
        location: coordinates(s.coordinates),
        confidence: s.confidence_score,
        distanceKm: s.distance_km,
        rankScore: s.final_rank_score,
      })),
    });
    const [sent] = stack.sandbox.controls.requests({ service: 'healthcare', operation: 'specialist' });
    expect(sent!.query).toEqual({ loccode: KANO_STREET, health_condition: condition });
  });

  it('refuses a blank condition with BAD_USER_INPUT before calling the service', async () => {
    const { data, errors } = await stack.query(
      `query($condition: String!) { loccode(code: "${KANO_STREET}") { code specialists(condition: $condition) { interpretedCondition } } }`,
      { condition: '   ' },
    );
    expect(data.loccode).toEqual({ code: KANO_STREET, specialists: null });
    expect(errors![0]!.path).toEqual(['loccode', 'specialists']);
    expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'condition' });
    expect(stack.sandbox.controls.count({ service: 'healthcare' })).toBe(0);
  });

  it('sends a long description as given: the spec bounds its length nowhere', async () => {
    const condition = 'sharp pain in the lower back that spreads down one leg, worse when sitting, '.repeat(
      4,
    );
    expect(condition.length).toBeGreaterThan(200);
    const upstream = await healthcareDirect(stack, 'specialist', {
      loccode: KANO_STREET,
      health_condition: condition,
    });
    stack.sandbox.controls.clearLog();
    const { data, errors } = await stack.query(
      `query($condition: String!) { loccode(code: "${KANO_STREET}") { specialists(condition: $condition) {
        interpretedCondition predictedSpecialties { name } } } }`,
      { condition },
    );
    expect(errors).toBeUndefined();
    expect(data.loccode.specialists).toEqual({
      interpretedCondition: upstream.input_condition,
      predictedSpecialties: upstream.predicted_specialties.map(({ name }: UpstreamJson) => ({ name })),
    });
    const sent = stack.sandbox.controls.requests({ service: 'healthcare', operation: 'specialist' });
    expect(sent.map((r) => r.query.health_condition)).toEqual([condition]);
  });
});
