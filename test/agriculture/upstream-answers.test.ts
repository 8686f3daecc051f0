import { SANDBOX_KEYS } from '../../src/sandbox';
import { useStandInStack } from '../support/stand-in';
import { PATHS, sandboxGet, streetOf } from './support';
import { ScriptedAgriculture } from './scripted-upstream';

/**
 * Answers the sandbox cannot be made to give through the graph, because the gateway's
 * own checks prevent the request that causes them (an empty or unknown crop, a missing
 * loccode) or because they break the spec. A scripted stand-in gives them on one path
 * and forwards everything else to the sandbox.
 */
describe('agriculture answers the gateway never provokes', () => {
  const { standIn: scripted, stack } = useStandInStack('agriculture', ScriptedAgriculture.start);

  const kano = () => streetOf(stack.sandbox, 'Kano').code;
  /** The scripted service answers Get Climate for Kano with `climateData` as its readings. */
  const serveClimate = (climateData: unknown) =>
    scripted.script(PATHS.climate, { status: 200, body: { loccode: kano(), climate_data: climateData } });
  const failure = (status: number, code: string) => ({
    status,
    body: { error: { code, message: `upstream text ${SANDBOX_KEYS.agriculture}`, details: 'crop' } },
  });
  const QUERY = `query($c: String!) { loccode(code: $c) {
    code climate { state } withCrop: pests(crop: MAIZE) { __typename } cropYield(crop: MAIZE) { totalKg }
  } }`;

  it.each([
    ['400 CROP_REQUIRED on pests', PATHS.pests, failure(400, 'CROP_REQUIRED'), 'withCrop', 'CROP_REQUIRED'],
    ['400 INVALID_CROP on pests', PATHS.pests, failure(400, 'INVALID_CROP'), 'withCrop', 'INVALID_CROP'],
    ['400 CROP_REQUIRED on yield', PATHS.yield, failure(400, 'CROP_REQUIRED'), 'cropYield', 'CROP_REQUIRED'],
    [
      '400 UNSUPPORTED_CROP on yield',
      PATHS.yield,
      failure(400, 'UNSUPPORTED_CROP'),
      'cropYield',
      'UNSUPPORTED_CROP',
    ],
    [
      '400 LOCCODE_REQUIRED (the service disagreeing with what we sent)',
      PATHS.yield,
      failure(400, 'LOCCODE_REQUIRED'),
      'cropYield',
      'UPSTREAM_BAD_RESPONSE',
    ],
    [
      '404 without a code (a wrong path)',
      PATHS.pests,
      failure(404, 'NOT_FOUND'),
      'withCrop',
      'UPSTREAM_BAD_RESPONSE',
    ],
  ])('maps %s to its code at the field; siblings keep their data', async (_, path, reply, field, code) => {
    scripted.script(path, reply);
    const result = await stack.query(QUERY, { c: kano() });
    const errors = (result.errors ?? []).filter((error) => error.path?.[1] === field);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      path: ['loccode', field],
      extensions: { code, service: 'agriculture' },
    });
    expect(errors[0]!.message).not.toContain('upstream text');
    expect(result.data.loccode.code).toBe(kano());
    expect(result.data.loccode.climate).toEqual({ state: 'Kano' });
    expect(result.data.loccode[field]).toBeNull();
  });

  it('quotes the crop it sent in the INVALID_CROP message, pointing at Query.crops', async () => {
    scripted.script(PATHS.pests, failure(400, 'INVALID_CROP'));
    const result = await stack.query(QUERY, { c: kano() });
    const error = result.errors!.find((candidate) => candidate.path?.[1] === 'withCrop');
    expect(error!.message).toContain('"maize"');
    expect(error!.message).toContain('Query.crops');
  });

  it('reports a body that does not match the spec as UPSTREAM_BAD_RESPONSE', async () => {
    serveClimate({ temperature_2m: 30 });
    const result = await stack.query(QUERY, { c: kano() });
    const error = result.errors!.find((candidate) => candidate.path?.[1] === 'climate');
    expect(error).toMatchObject({ extensions: { code: 'UPSTREAM_BAD_RESPONSE', service: 'agriculture' } });
    expect(result.data.loccode.withCrop).toEqual({ __typename: 'PestProfile' });
  });

  it('turns missing values into null and ignores unknown keys; readings are most recent first', async () => {
    serveClimate([
      { state: 'Kano', event_timestamp: '2026-07-15T09:00:00+01:00', temperature_2m: 25.5, sensor: 'x' },
      {
        state: 'Kano',
        city: 'Kano Municipal',
        event_timestamp: '2026-07-15T10:00:00Z',
        temperature_2m: 31,
      },
    ]);
    const { data, errors } = await stack.query(
      `query($c: String!) { loccode(code: $c) { climate {
        state city location { latitude } recordedAt airTemperatureCelsius precipitationMm interpretation { overallOutlook }
        readings { recordedAt airTemperatureCelsius }
      } } }`,
      { c: kano() },
    );
    expect(errors).toBeUndefined();
    expect(data.loccode.climate).toEqual({
      state: 'Kano',
      city: 'Kano Municipal',
      location: null,
      recordedAt: '2026-07-15T10:00:00.000Z',
      airTemperatureCelsius: 31,
      precipitationMm: null,
      interpretation: null,
      readings: [
        { recordedAt: '2026-07-15T10:00:00.000Z', airTemperatureCelsius: 31 },
        { recordedAt: '2026-07-15T08:00:00.000Z', airTemperatureCelsius: 25.5 },
      ],
    });
  });

  it('answers an empty climate_data with a null climate and NOT_FOUND naming the code; siblings keep their data', async () => {
    // Spec, Get Climate: climate_data is "normally one element"; none is allowed, so not a bad response.
    serveClimate([]);
    const climateCalls = () => scripted.received.filter((path) => path === PATHS.climate).length;
    const before = climateCalls();
    const result = await stack.query(QUERY, { c: kano() });
    const errors = result.errors ?? [];
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      path: ['loccode', 'climate'],
      extensions: { code: 'NOT_FOUND', service: 'agriculture' },
    });
    expect(errors[0]!.message).toContain(`no climate record for loccode "${kano()}"`);
    expect(result.data.loccode).toMatchObject({
      code: kano(),
      climate: null,
      withCrop: { __typename: 'PestProfile' },
    });
    expect(typeof result.data.loccode.cropYield.totalKg).toBe('number');
    expect(climateCalls() - before).toBe(1);
  });

  it('takes the top-level climate from the most recent reading; one without a time counts as oldest, ties keep the order sent', async () => {
    serveClimate([
      { state: 'Kano', temperature_2m: 20 },
      { state: 'Kano', event_timestamp: '2026-07-15T08:00:00Z', temperature_2m: 24 },
      { state: 'Kano', event_timestamp: '2026-07-15T09:00:00+01:00', temperature_2m: 26 },
    ]);
    const { data, errors } = await stack.query(
      `query($c: String!) { loccode(code: $c) { climate { airTemperatureCelsius readings { airTemperatureCelsius } } } }`,
      { c: kano() },
    );
    expect(errors).toBeUndefined();
    expect(data.loccode.climate).toEqual({
      airTemperatureCelsius: 24,
      readings: [{ airTemperatureCelsius: 24 }, { airTemperatureCelsius: 26 }, { airTemperatureCelsius: 20 }],
    });
  });

  it("gives the bag unit in the service's words, and no bag size when the unit names no kilograms", async () => {
    scripted.script(PATHS.yield, {
      status: 200,
      body: {
        loccode: kano(),
        crop: 'maize',
        land_size_ha: 1,
        location: 'Kano, Kano State',
        yield_prediction: { unit: 'basket', total_count: 12, total_kg: 600 },
      },
    });
    const { data, errors } = await stack.query(
      `query($c: String!) { loccode(code: $c) { cropYield(crop: MAIZE) { bagUnit bagSizeKg bagCount totalKg } } }`,
      { c: kano() },
    );
    expect(errors).toBeUndefined();
    expect(data.loccode.cropYield).toEqual({
      bagUnit: 'basket',
      bagSizeKg: null,
      bagCount: 12,
      totalKg: 600,
    });
  });

  // An answer of the same bytes as one before is not parsed and checked again. Each
  // request still calls the service, and serves what it said this time: another body of the
  // same length, a body that breaks the spec between two good ones, the good one again.
  it('serves what the service answered each time when the same answer repeats, and calls it each time', async () => {
    const query = `{ loccode(code: "${kano()}") { climate { state airTemperatureCelsius } } }`;
    const wire = (await sandboxGet(stack, PATHS.climate, { loccode: kano() })).json;
    // The spec's `climate_data` list, normally of one record (the sandbox's is).
    const [record] = wire.climate_data as Array<Record<string, unknown>>;
    const real = record!.temperature_2m as number;
    const temperature = async () => {
      const { data, errors } = await stack.query(query);
      return errors ? errors[0]!.extensions!.code : data.loccode.climate.airTemperatureCelsius;
    };
    const calls = () => scripted.received.filter((path) => path === PATHS.climate).length;
    const before = calls();

    expect(await temperature()).toBe(real);
    expect(await temperature()).toBe(real);

    // The same body with one digit changed: the same length, another answer.
    const other = real === 19.5 ? 18.5 : 19.5;
    expect(String(other)).toHaveLength(String(real).length);
    scripted.script(PATHS.climate, {
      status: 200,
      body: { ...wire, climate_data: [{ ...record, temperature_2m: other }] },
    });
    expect(await temperature()).toBe(other);

    // A body that breaks the spec is refused every time it comes, and the good one served after it.
    serveClimate({ temperature_2m: 30 });
    expect(await temperature()).toBe('UPSTREAM_BAD_RESPONSE');
    expect(await temperature()).toBe('UPSTREAM_BAD_RESPONSE');
    scripted.clear();
    expect(await temperature()).toBe(real);
    expect(calls() - before).toBe(6);
  });
});
