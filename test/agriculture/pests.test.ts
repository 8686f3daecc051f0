import { useTestStack } from '../support/gateway';
import { callsTo, PATHS, sandboxGet, streetOf } from './support';

const REPORT_FIELDS = `
  __typename
  ... on PestProfile {
    crop locationName riskLevel dominantPests climateConditionsAffectingPests recommendedAction
  }
  ... on PestOverview {
    locationName state zone riskLevel activeClimateConditions climateRiskNotes dominantPests
    cropsAtRisk seasonalAlert seasonalKeyPests dataSources tip
  }
`;

describe('Loccode.pests (Get Pests): a PestProfile with a crop, a PestOverview without', () => {
  const stack = useTestStack();

  const kano = () => streetOf(stack.sandbox, 'Kano').code;

  it('returns a PestProfile for pests(crop: MAIZE), equal to the crop-mode answer of the service', async () => {
    const upstream = (await sandboxGet(stack, PATHS.pests, { loccode: kano(), crop: 'maize' })).json;
    const { data, errors } = await stack.query(
      `query($code: String!) { loccode(code: $code) { pests(crop: MAIZE) { ${REPORT_FIELDS} } } }`,
      { code: kano() },
    );
    expect(errors).toBeUndefined();
    expect(data.loccode.pests).toEqual({
      __typename: 'PestProfile',
      crop: 'MAIZE',
      locationName: upstream.location,
      riskLevel: upstream.risk_level.toUpperCase(),
      dominantPests: upstream.dominant_pests,
      climateConditionsAffectingPests: upstream.climate_conditions_affecting_pests,
      recommendedAction: upstream.recommended_action,
    });
    expect(data.loccode.pests.dominantPests.length).toBeGreaterThan(0);
  });

  it('returns a PestOverview for pests without a crop, equal to the location-mode answer', async () => {
    const upstream = (await sandboxGet(stack, PATHS.pests, { loccode: kano() })).json;
    const { data, errors } = await stack.query(
      `query($code: String!) { loccode(code: $code) { pests { ${REPORT_FIELDS} } } }`,
      { code: kano() },
    );
    expect(errors).toBeUndefined();
    expect(data.loccode.pests).toEqual({
      __typename: 'PestOverview',
      locationName: upstream.location,
      state: upstream.state,
      zone: upstream.zone,
      riskLevel: upstream.risk_level.toUpperCase(),
      activeClimateConditions: upstream.active_climate_conditions,
      climateRiskNotes: upstream.climate_risk_notes,
      dominantPests: upstream.dominant_pests_in_location,
      cropsAtRisk: upstream.crops_at_risk,
      seasonalAlert: upstream.seasonal_alert,
      seasonalKeyPests: upstream.seasonal_key_pests,
      dataSources: upstream.data_sources,
      tip: upstream.tip,
    });
    // Spec: tip is the "prompt to include a crop for crop-specific advice".
    expect(data.loccode.pests.tip).toMatch(/crop/);
  });

  it('sends the crop as its lower-case token and leaves crop out for the overview', async () => {
    await stack.query(
      `query($code: String!) { loccode(code: $code) { p: pests(crop: KOLA_NUT) { __typename } o: pests { __typename } } }`,
      { code: kano() },
    );
    const queries = stack.sandbox.controls
      .requests({ service: 'agriculture', operation: 'pests' })
      .map((request) => request.query);
    expect(queries).toHaveLength(2);
    expect(queries).toEqual(
      expect.arrayContaining([{ loccode: kano() }, { loccode: kano(), crop: 'kola_nut' }]),
    );
  });

  it('makes one call for pests(crop: MAIZE) asked twice under aliases', async () => {
    const { data } = await stack.query(
      `query($code: String!) { loccode(code: $code) { a: pests(crop: MAIZE) { __typename } b: pests(crop: MAIZE) { ... on PestProfile { riskLevel } } } }`,
      { code: kano() },
    );
    expect(data.loccode.a).toEqual({ __typename: 'PestProfile' });
    expect(['LOW', 'MEDIUM', 'HIGH']).toContain(data.loccode.b.riskLevel);
    expect(callsTo(stack, 'pests')).toBe(1);
  });

  it('makes two calls for pests with and without a crop', async () => {
    const { data } = await stack.query(
      `query($code: String!) { loccode(code: $code) { a: pests(crop: MAIZE) { __typename } b: pests { __typename } } }`,
      { code: kano() },
    );
    expect(data.loccode).toEqual({ a: { __typename: 'PestProfile' }, b: { __typename: 'PestOverview' } });
    expect(callsTo(stack, 'pests')).toBe(2);
  });
});
