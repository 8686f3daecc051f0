import { useTestStack } from '../support/gateway';
import {
  healthcareDirect,
  healthLocation,
  KANO_STREET,
  LOCATION_FIELDS,
  type UpstreamJson,
} from './upstream';

const FACILITIES = `query($code: String!, $level: FacilityLevel!, $radiusKm: Float, $limit: Int) {
  loccode(code: $code) {
    facilities(level: $level, radiusKm: $radiusKm, limit: $limit) {
      ${LOCATION_FIELDS}
      level radiusKm count scoringDescription generatedAt
      facilities {
        rank name category ownership state lga ward address nhfrCode level functionalStatus
        accreditations { body status }
        specialties distanceKm travelTimeMinutes emergencyServices acceptedInsurancePlans
        bedsCapacity waitTimeEstimateMinutes rankingScore
        scoreWeights { distance travelTime accreditation capacity satisfaction waitTime }
      }
    }
  }
}`;

describe('Loccode.facilities', () => {
  const stack = useTestStack();

  beforeEach(() => stack.sandbox.controls.clearLog());

  it('lists the facilities the service ranks, in the graph names and coordinate shape', async () => {
    const upstream = await healthcareDirect(stack, 'facilities', {
      loccode: KANO_STREET,
      facility_level: 'Secondary',
      radius_km: '40',
      limit: '5',
    });
    const { data, errors } = await stack.query(FACILITIES, {
      code: KANO_STREET,
      level: 'SECONDARY',
      radiusKm: 40,
      limit: 5,
    });
    expect(errors).toBeUndefined();
    expect(upstream.facilities.length).toBeGreaterThan(0);
    expect(data.loccode.facilities).toEqual({
      location: healthLocation(upstream.location),
      level: 'SECONDARY',
      radiusKm: 40,
      count: upstream.count,
      scoringDescription: upstream.scoring,
      generatedAt: upstream.generated_at,
      facilities: upstream.facilities.map((f: UpstreamJson) => ({
        rank: f.rank,
        name: f.name,
        category: f.category,
        ownership: f.ownership,
        state: f.state,
        lga: f.lga,
        ward: f.ward,
        address: f.address,
        nhfrCode: f.nhfr_code,
        level: 'SECONDARY',
        functionalStatus: f.functional_status,
        accreditations: f.accreditations,
        specialties: f.specialties,
        distanceKm: f.distance_km,
        travelTimeMinutes: f.travel_time_minutes,
        emergencyServices: f.emergency_services,
        acceptedInsurancePlans: f.accepts_insurance_plans,
        bedsCapacity: null,
        waitTimeEstimateMinutes: null,
        rankingScore: f.ranking_score,
        scoreWeights: {
          distance: 0.35,
          travelTime: 0.25,
          accreditation: 0.2,
          capacity: 0.1,
          satisfaction: 0.05,
          waitTime: 0.05,
        },
      })),
    });
  });

  it('sends the level in the service spelling, the loccode upper-cased (the service folds case), and radius and limit only when given', async () => {
    const { errors } = await stack.query(FACILITIES, { code: 'kn3a 7qp', level: 'TERTIARY' });
    expect(errors).toBeUndefined();
    const [sent] = stack.sandbox.controls.requests({ service: 'healthcare', operation: 'facilities' });
    expect(sent!.query).toEqual({ loccode: 'KN3A 7QP', facility_level: 'Tertiary' });
  });

  it('reports the radius the service applied when none was asked for', async () => {
    const upstream = await healthcareDirect(stack, 'facilities', {
      loccode: KANO_STREET,
      facility_level: 'Primary',
    });
    const { data } = await stack.query(FACILITIES, { code: KANO_STREET, level: 'PRIMARY' });
    expect(data.loccode.facilities.radiusKm).toBe(upstream.radius_km);
    expect(data.loccode.facilities.count).toBe(upstream.count);
  });

  /** PRIMARY facilities with `given`: the field alone is refused, naming `argument`; the refusal's extensions. */
  async function refusalNaming(argument: string, given: Record<string, number>) {
    const { data, errors } = await stack.query(FACILITIES, { code: KANO_STREET, level: 'PRIMARY', ...given });
    expect(data.loccode).toEqual({ facilities: null });
    expect(errors).toHaveLength(1);
    expect(errors![0]!.path).toEqual(['loccode', 'facilities']);
    expect(errors![0]!.message).toContain(`"${argument}"`);
    return errors![0]!.extensions;
  }

  it.each([
    ['radiusKm', { radiusKm: 0 }],
    ['radiusKm', { radiusKm: -5 }],
    ['limit', { limit: 0 }],
    ['limit', { limit: -3 }],
  ])(
    'refuses %s that no radius or count can be (%j) with BAD_USER_INPUT before calling the service',
    async (argument, given) => {
      expect(await refusalNaming(argument, given)).toMatchObject({ code: 'BAD_USER_INPUT', argument });
      expect(stack.sandbox.controls.count({ service: 'healthcare' })).toBe(0);
    },
  );

  // The spec shows no bounds; the sandbox's own are radius 100 km and 50 facilities (its README).
  it.each([
    ['radiusKm', { radiusKm: 100.5 }, { radius_km: '100.5' }],
    ['radiusKm', { radiusKm: 250 }, { radius_km: '250' }],
    ['limit', { limit: 51 }, { limit: '51' }],
    ['limit', { limit: 1000 }, { limit: '1000' }],
  ])(
    'leaves %s %j to the service: past its own bounds, its refusal is the answer (BAD_USER_INPUT)',
    async (argument, given, sentAs) => {
      expect(await refusalNaming(argument, given)).toMatchObject({
        code: 'BAD_USER_INPUT',
        service: 'healthcare',
      });
      const sent = stack.sandbox.controls.requests({ service: 'healthcare', operation: 'facilities' });
      expect(sent).toHaveLength(1);
      expect(sent[0]!.query).toMatchObject(sentAs);
      expect(sent[0]!.status).toBe(400);
    },
  );

  it('costs one upstream call whatever the limit, and with none', async () => {
    for (const limit of [1, 50, 100_000, null]) {
      const { response } = await stack.query(
        `query($limit: Int) { loccode(code: "${KANO_STREET}") {
          facilities(level: PRIMARY, limit: $limit) { count facilities { name } } } }`,
        { limit },
      );
      expect(response.json.extensions.cost.requested).toBe(1);
    }
  });

  it('accepts the bounds themselves: radiusKm 100 and limit 1 and 50', async () => {
    const { data, errors } = await stack.query(
      `{ loccode(code: "${KANO_STREET}") {
          one: facilities(level: PRIMARY, radiusKm: 100, limit: 1) { count }
          many: facilities(level: PRIMARY, radiusKm: 100, limit: 50) { count } } }`,
    );
    expect(errors).toBeUndefined();
    expect(data.loccode.one.count).toBe(1);
    expect(data.loccode.many.count).toBeGreaterThan(1);
  });
});
