import { SANDBOX_KEYS } from '../../src/sandbox';
import { ScriptedAgriculture as ScriptedService } from '../agriculture/scripted-upstream';
import type { GraphQLResult } from '../support/gateway';
import { useStandInStack } from '../support/stand-in';
import { KANO_STREET, type UpstreamJson } from './upstream';

/**
 * What the healthcare spec leaves open is read leniently (times without an offset, numbers
 * as text where the type is not shown, closed sets in another letter case), and a member that
 * cannot be read costs the client that field alone. Bodies are the sandbox's own answers with
 * one member changed, served by a scripted stand-in that forwards everything else.
 */
describe('healthcare members read one by one', () => {
  const { standIn: scripted, stack } = useStandInStack('healthcare', ScriptedService.start);

  /** The sandbox's own (wrapped or not) body for `endpoint`, changed by `edit`, scripted as the answer. */
  async function serveEdited(
    endpoint: string,
    query: Record<string, string>,
    edit: (body: UpstreamJson) => void,
  ): Promise<UpstreamJson> {
    const url = `${stack.sandbox.urls.healthcare}/api/v1/${endpoint}?${new URLSearchParams(query)}`;
    const response = await stack.http.get(url, { authorization: `Bearer ${SANDBOX_KEYS.healthcare}` });
    expect(response.status).toBe(200);
    const body = response.json;
    edit('success' in body ? body.data : body);
    scripted.script(`/${endpoint}`, { status: 200, body });
    return 'success' in body ? body.data : body;
  }

  const FACILITY_QUERY = { loccode: KANO_STREET, facility_level: 'Secondary', radius_km: '40', limit: '5' };
  const FACILITIES = `query($c: String!) { loccode(code: $c) {
    facilities(level: SECONDARY, radiusKm: 40, limit: 5) {
      level count generatedAt
      facilities { rank name level distanceKm bedsCapacity waitTimeEstimateMinutes rankingScore }
    }
  } }`;
  const query = (text: string) => stack.query(text, { c: KANO_STREET });

  /** A facility as the graph answers it, from the sandbox's record. */
  const facilityOf = (f: UpstreamJson) => ({
    rank: f.rank,
    name: f.name,
    level: String(f.facility_level).toUpperCase(),
    distanceKm: f.distance_km,
    bedsCapacity: f.beds_capacity,
    waitTimeEstimateMinutes: f.wait_time_estimate_minutes,
    rankingScore: f.ranking_score,
  });

  function expectOneErrorAt(result: GraphQLResult, path: Array<string | number>, member: string): void {
    expect(result.errors).toEqual([
      expect.objectContaining({
        path,
        extensions: expect.objectContaining({ code: 'UPSTREAM_BAD_RESPONSE', service: 'healthcare' }),
      }),
    ]);
    expect(result.errors![0]!.message).toContain(`The healthcare service sent an unreadable \`${member}\``);
  }

  it('answers a facility list whose generated_at has no offset whole, the time taken as Nigeria time', async () => {
    const upstream = await serveEdited('facilities', FACILITY_QUERY, (data) => {
      data.generated_at = '2025-06-15T09:00:00';
    });
    const { data, errors } = await query(FACILITIES);
    expect(errors).toBeUndefined();
    expect(data.loccode.facilities).toEqual({
      level: 'SECONDARY',
      count: upstream.count,
      generatedAt: '2025-06-15T09:00:00+01:00',
      facilities: upstream.facilities.map(facilityOf),
    });
  });

  it('reads beds_capacity "120" as 120, and a facility_level in another letter case', async () => {
    const upstream = await serveEdited('facilities', FACILITY_QUERY, (data) => {
      data.facilities[1].beds_capacity = '120';
      data.facilities[1].wait_time_estimate_minutes = '45.5';
      data.facilities[2].facility_level = 'SECONDARY';
    });
    const { data, errors } = await query(FACILITIES);
    expect(errors).toBeUndefined();
    expect(data.loccode.facilities.facilities[1]).toMatchObject({
      bedsCapacity: 120,
      waitTimeEstimateMinutes: 45.5,
    });
    expect(data.loccode.facilities.facilities[2]).toEqual(facilityOf(upstream.facilities[2]));
  });

  it.each([
    ['beds_capacity', 'plenty', 'bedsCapacity'],
    ['beds_capacity', 12.5, 'bedsCapacity'],
    ['facility_level', 'Quaternary', 'level'],
  ])(
    'answers %s %j as that field null with one error at its path; the rest stands',
    async (member, value, field) => {
      const upstream = await serveEdited('facilities', FACILITY_QUERY, (data) => {
        expect(data.facilities.length).toBeGreaterThan(3);
        data.facilities[3][member] = value;
      });
      const result = await query(FACILITIES);
      expectOneErrorAt(result, ['loccode', 'facilities', 'facilities', 3, field], member);
      const expected = upstream.facilities.map(facilityOf);
      expected[3] = { ...facilityOf({ ...upstream.facilities[3], [member]: null }), [field]: null };
      expect(result.data.loccode.facilities.facilities).toEqual(expected);
      expect(result.data.loccode.facilities.count).toBe(upstream.count);
    },
  );

  const ACCESS = `query($c: String!) { loccode(code: $c) {
    healthcareAccess { accessScore coverageBand interpretation generatedAt facilityCounts { within5Km } }
  } }`;

  it('reads coverage_band in another letter case, and answers an unknown one as that field null with its error', async () => {
    await serveEdited('access', { loccode: KANO_STREET }, (body) => {
      body.coverage_band = 'excellent';
    });
    expect((await query(ACCESS)).data.loccode.healthcareAccess.coverageBand).toBe('EXCELLENT');

    const upstream = await serveEdited('access', { loccode: KANO_STREET }, (body) => {
      body.coverage_band = 'Superb';
    });
    const result = await query(ACCESS);
    expectOneErrorAt(result, ['loccode', 'healthcareAccess', 'coverageBand'], 'coverage_band');
    expect(result.errors![0]!.message).toContain('Poor, Adequate, Strong, Excellent');
    expect(result.errors![0]!.message).not.toContain('Superb');
    expect(result.data.loccode.healthcareAccess).toEqual({
      accessScore: upstream.access_score,
      coverageBand: null,
      interpretation: upstream.interpretation,
      generatedAt: upstream.generated_at,
      facilityCounts: { within5Km: upstream.facility_counts.within_5km },
    });
  });

  it('gives a phone number sent as a number as its digits', async () => {
    await serveEdited('emergency-route', { loccode: KANO_STREET }, (data) => {
      data.nearest_emergency_facilities[0].phone = 8031234567;
    });
    const { data, errors } = await query(
      `query($c: String!) { loccode(code: $c) { emergency { nearestFacilities { phone } } } }`,
    );
    expect(errors).toBeUndefined();
    expect(data.loccode.emergency.nearestFacilities[0].phone).toBe('8031234567');
  });
});

/**
 * With both caches on (the production settings): an answer with an unreadable member is never
 * stored as a clean answer. The response cache keeps only answers without errors; the upstream
 * cache keeps the body as the service sent it, so the next answer from it carries the same error.
 */
describe('an unreadable member with the caches on', () => {
  const { standIn: scripted, stack } = useStandInStack('healthcare', ScriptedService.start, {
    productionCaches: true,
  });

  it('answers the same error at the same path on the next request, from one upstream call', async () => {
    const url = `${stack.sandbox.urls.healthcare}/api/v1/access?loccode=${encodeURIComponent(KANO_STREET)}`;
    const body = (await stack.http.get(url, { authorization: `Bearer ${SANDBOX_KEYS.healthcare}` })).json;
    scripted.script('/access', { status: 200, body: { ...body, coverage_band: 'Superb' } });
    const ACCESS = `query($c: String!) { loccode(code: $c) { healthcareAccess { accessScore coverageBand } } }`;
    for (let request = 0; request < 2; request += 1) {
      const result = await stack.query(ACCESS, { c: KANO_STREET });
      expect(result.errors).toEqual([
        expect.objectContaining({
          path: ['loccode', 'healthcareAccess', 'coverageBand'],
          extensions: expect.objectContaining({ code: 'UPSTREAM_BAD_RESPONSE', service: 'healthcare' }),
        }),
      ]);
      expect(result.data.loccode.healthcareAccess).toEqual({
        accessScore: body.access_score,
        coverageBand: null,
      });
    }
    expect(scripted.received.filter((path) => path === '/access')).toHaveLength(1);
  });
});
