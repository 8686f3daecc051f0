import type { GraphQLResult } from '../support/gateway';
import { useStandInStack } from '../support/stand-in';
import { PATHS, sandboxGet, streetOf } from './support';
import { ScriptedAgriculture } from './scripted-upstream';

/** Raw upstream JSON, edited and read member by member. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type UpstreamJson = any;

/**
 * What the agriculture spec leaves open is read leniently, and a member that cannot be read
 * costs the client that field alone: null, with one UPSTREAM_BAD_RESPONSE at its own path.
 * Bodies are the sandbox's own answers with one member changed. Each query runs three times:
 * the first on graphql-js, the later ones on the compiled (graphql-jit) path, which must agree.
 */
describe('agriculture members read one by one', () => {
  const { standIn: scripted, stack } = useStandInStack('agriculture', ScriptedAgriculture.start);

  const kano = () => streetOf(stack.sandbox, 'Kano').code;

  /** The sandbox's own body for `path`, changed by `edit`, scripted as the service's answer. */
  async function serveEdited(
    path: (typeof PATHS)[keyof typeof PATHS],
    query: Record<string, string>,
    edit: (body: UpstreamJson) => void,
  ): Promise<UpstreamJson> {
    const { status, json } = await sandboxGet(stack, path, query);
    expect(status).toBe(200);
    edit(json);
    scripted.script(path, { status: 200, body: json });
    return json;
  }

  /** The query's result, the same on both executors. */
  async function answered(query: string): Promise<GraphQLResult> {
    const first = await stack.query(query, { c: kano() });
    for (let run = 0; run < 2; run += 1) {
      const again = await stack.query(query, { c: kano() });
      expect(again.data).toEqual(first.data);
      expect(
        again.errors?.map(({ path, message, extensions }) => ({ path, message, code: extensions?.code })),
      ).toEqual(
        first.errors?.map(({ path, message, extensions }) => ({ path, message, code: extensions?.code })),
      );
    }
    return first;
  }

  const CLIMATE = `query($c: String!) { loccode(code: $c) { climate {
    state city location { latitude longitude } recordedAt airTemperatureCelsius relativeHumidityPercent
    interpretation { temperature overallOutlook outlookSummary }
    readings { recordedAt airTemperatureCelsius }
  } } }`;

  it('answers a reading whose time has no offset whole, taking the time as Nigeria time (UTC+01:00)', async () => {
    const body = await serveEdited(PATHS.climate, { loccode: kano() }, (json) => {
      json.climate_data[0].event_timestamp = '2025-06-15T09:00:00';
    });
    const record = body.climate_data[0];
    const { data, errors } = await answered(CLIMATE);
    expect(errors).toBeUndefined();
    expect(data.loccode.climate).toMatchObject({
      state: record.state,
      city: record.city,
      recordedAt: '2025-06-15T08:00:00.000Z',
      airTemperatureCelsius: record.temperature_2m,
      relativeHumidityPercent: record.relative_humidity_2m,
      interpretation: { temperature: record.farmer_interpretation.temperature },
      readings: [{ recordedAt: '2025-06-15T08:00:00.000Z', airTemperatureCelsius: record.temperature_2m }],
    });
  });

  it.each([
    ['a time that is not ISO 8601', 'event_timestamp', 'yesterday morning', 'recordedAt'],
    ['a date that does not exist', 'event_timestamp', '2025-02-30T09:00:00', 'recordedAt'],
    ['text where the spec gives a number', 'temperature_2m', 'hot', 'airTemperatureCelsius'],
  ])('answers %s as that field null with one error at its path', async (_, member, value, field) => {
    const body = await serveEdited(PATHS.climate, { loccode: kano() }, (json) => {
      json.climate_data[0][member] = value;
    });
    const record = body.climate_data[0];
    const result = await answered(CLIMATE);
    expect(result.errors).toHaveLength(2);
    for (const path of [
      ['loccode', 'climate', field],
      ['loccode', 'climate', 'readings', 0, field],
    ]) {
      const error = result.errors!.find(
        (candidate) => JSON.stringify(candidate.path) === JSON.stringify(path),
      );
      expect(error).toMatchObject({ extensions: { code: 'UPSTREAM_BAD_RESPONSE', service: 'agriculture' } });
      expect(error!.message).toContain(`\`${member}\``);
      expect(error!.message).not.toContain(value);
    }
    const climate = result.data.loccode.climate;
    expect(climate[field]).toBeNull();
    expect(climate.readings[0][field]).toBeNull();
    expect(climate.state).toBe(record.state);
    expect(climate.location).toEqual({ latitude: record.latitude, longitude: record.longitude });
    expect(climate.relativeHumidityPercent).toBe(record.relative_humidity_2m);
    expect(climate.interpretation.outlookSummary).toBe(record.farmer_interpretation.outlook_summary);
  });

  it('reads an outlook in another letter case, and answers an unknown one as that field null with its error', async () => {
    const body = await serveEdited(PATHS.climate, { loccode: kano() }, (json) => {
      json.climate_data[0].farmer_interpretation.overall_outlook = 'FAVOURABLE';
    });
    expect((await answered(CLIMATE)).data.loccode.climate.interpretation.overallOutlook).toBe('FAVOURABLE');

    await serveEdited(PATHS.climate, { loccode: kano() }, (json) => {
      json.climate_data[0].farmer_interpretation.overall_outlook = 'Stormy';
    });
    const result = await answered(CLIMATE);
    expect(result.errors).toEqual([
      expect.objectContaining({
        path: ['loccode', 'climate', 'interpretation', 'overallOutlook'],
        extensions: expect.objectContaining({ code: 'UPSTREAM_BAD_RESPONSE', service: 'agriculture' }),
      }),
    ]);
    expect(result.errors![0]!.message).toContain('Challenging, Favourable, Moderate');
    expect(result.data.loccode.climate.interpretation).toEqual({
      temperature: body.climate_data[0].farmer_interpretation.temperature,
      overallOutlook: null,
      outlookSummary: body.climate_data[0].farmer_interpretation.outlook_summary,
    });
  });

  const PESTS = `query($c: String!) { loccode(code: $c) {
    pests(crop: MAIZE) { ... on PestProfile { crop locationName riskLevel dominantPests recommendedAction } }
  } }`;

  it('reads risk_level "High" as HIGH', async () => {
    await serveEdited(PATHS.pests, { loccode: kano(), crop: 'maize' }, (json) => {
      json.risk_level = 'High';
    });
    const { data, errors } = await answered(PESTS);
    expect(errors).toBeUndefined();
    expect(data.loccode.pests.riskLevel).toBe('HIGH');
  });

  it('answers risk_level "extreme" as that field null with its error; the rest of the report stands', async () => {
    const body = await serveEdited(PATHS.pests, { loccode: kano(), crop: 'maize' }, (json) => {
      json.risk_level = 'extreme';
    });
    const result = await answered(PESTS);
    expect(result.errors).toEqual([
      expect.objectContaining({
        path: ['loccode', 'pests', 'riskLevel'],
        extensions: expect.objectContaining({ code: 'UPSTREAM_BAD_RESPONSE', service: 'agriculture' }),
      }),
    ]);
    expect(result.errors![0]!.message).toMatch(
      /unreadable `risk_level` \(expected one of low, medium, high\)/,
    );
    expect(result.data.loccode.pests).toEqual({
      crop: 'MAIZE',
      locationName: body.location,
      riskLevel: null,
      dominantPests: body.dominant_pests,
      recommendedAction: body.recommended_action,
    });
  });
});
