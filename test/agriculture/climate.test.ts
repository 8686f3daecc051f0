import { useTestStack } from '../support/gateway';
import { renamed } from '../support/renamed';
import { areaOf, callsTo, expectFieldError, PATHS, sandboxGet, streetOf } from './support';

const CLIMATE_FIELDS = `
  state city location { latitude longitude } recordedAt
  airTemperatureCelsius relativeHumidityPercent precipitationMm
  soilMoisture0To10CmM3PerM3 soilMoisture10To40CmM3PerM3
  soilTemperature0CmCelsius soilTemperature6CmCelsius
  interpretation {
    temperature humidity rainfall soilMoisture soilTemperature overallOutlook outlookSummary
  }
  readings { recordedAt airTemperatureCelsius interpretation { overallOutlook } }
`;

describe('Loccode.climate (Get Climate)', () => {
  const stack = useTestStack();

  const kano = () => streetOf(stack.sandbox, 'Kano').code;

  it('gives the record the service returns, renamed with units and coordinates as Coordinates', async () => {
    const upstream = (await sandboxGet(stack, PATHS.climate, { loccode: kano() })).json;
    const [record] = upstream.climate_data;
    const { data, errors } = await stack.query(
      `query($code: String!) { loccode(code: $code) { climate { ${CLIMATE_FIELDS} } } }`,
      { code: kano() },
    );
    expect(errors).toBeUndefined();
    const outlook = record.farmer_interpretation.overall_outlook.toUpperCase();
    const measurements = renamed(record, {
      state: 'state',
      city: 'city',
      recordedAt: 'event_timestamp',
      airTemperatureCelsius: 'temperature_2m',
      relativeHumidityPercent: 'relative_humidity_2m',
      precipitationMm: 'precipitation',
      soilMoisture0To10CmM3PerM3: 'soil_moisture_0_10cm',
      soilMoisture10To40CmM3PerM3: 'soil_moisture_10_40cm',
      soilTemperature0CmCelsius: 'soil_temperature_0cm',
      soilTemperature6CmCelsius: 'soil_temperature_6cm',
    });
    const interpretation = renamed(record.farmer_interpretation, {
      temperature: 'temperature',
      humidity: 'humidity',
      rainfall: 'rainfall',
      soilMoisture: 'soil_moisture',
      soilTemperature: 'soil_temperature',
      outlookSummary: 'outlook_summary',
    });
    expect(data.loccode.climate).toEqual({
      ...measurements,
      location: { latitude: record.latitude, longitude: record.longitude },
      interpretation: { ...interpretation, overallOutlook: outlook },
      readings: [
        {
          recordedAt: record.event_timestamp,
          airTemperatureCelsius: record.temperature_2m,
          interpretation: { overallOutlook: outlook },
        },
      ],
    });
    expect(['CHALLENGING', 'FAVOURABLE', 'MODERATE']).toContain(outlook);
  });

  it('answers for an area loccode (three letters, a space, six digits) too', async () => {
    const area = areaOf(stack.sandbox, 'Lagos');
    const { data, errors } = await stack.query(
      `query($code: String!) { loccode(code: $code) { climate { state city } } }`,
      { code: area.code },
    );
    expect(errors).toBeUndefined();
    expect(data.loccode.climate).toEqual({ state: 'Lagos', city: area.city });
  });

  it('sends the Bearer key and Content-Type: application/json on the GET', async () => {
    await stack.query(`query($code: String!) { loccode(code: $code) { climate { state } } }`, {
      code: kano(),
    });
    const [logged] = stack.sandbox.controls.requests({ service: 'agriculture', operation: 'climate' });
    expect(logged).toMatchObject({
      method: 'GET',
      outcome: 'ok',
      jsonContentType: true,
      keyName: 'agriculture',
    });
  });

  it('sends the code byte for byte and reports that code, never the hyphenated echo', async () => {
    const { data } = await stack.query(
      `query($code: String!) { loccode(code: $code) { code climate { state } } }`,
      {
        code: kano(),
      },
    );
    expect(data.loccode.code).toBe(kano());
    const logged = stack.sandbox.controls.requests({ service: 'agriculture', operation: 'climate' });
    expect(logged.map((request) => request.query.loccode)).toEqual([kano()]);
  });

  it('does not fold case: a lower-case code reaches the service as sent, which answers LOCCODE_NOT_FOUND', async () => {
    const lower = kano().toLowerCase();
    const result = await stack.query(
      `query($code: String!) { loccode(code: $code) { code climate { state } } }`,
      {
        code: lower,
      },
    );
    expectFieldError(result, ['loccode', 'climate'], 'LOCCODE_NOT_FOUND');
    expect(result.data.loccode).toEqual({ code: lower, climate: null });
    const logged = stack.sandbox.controls.requests({ service: 'agriculture', operation: 'climate' });
    expect(logged.map((request) => request.query.loccode)).toEqual([lower]);
  });

  it('makes one call for the same climate asked twice under aliases', async () => {
    const { data } = await stack.query(
      `query($code: String!) { loccode(code: $code) { a: climate { state } b: climate { airTemperatureCelsius } } }`,
      { code: kano() },
    );
    expect(data.loccode.a.state).toBe('Kano');
    expect(typeof data.loccode.b.airTemperatureCelsius).toBe('number');
    expect(callsTo(stack, 'climate')).toBe(1);
  });

  it('makes one call per distinct code in loccodes, whatever the repeats', async () => {
    const lagos = streetOf(stack.sandbox, 'Lagos').code;
    const { data, errors } = await stack.query(
      `query($codes: [String!]!) { loccodes(codes: $codes) { climate { state } } }`,
      { codes: [kano(), lagos, kano()] },
    );
    expect(errors).toBeUndefined();
    expect(data.loccodes.map((entry: { climate: { state: string } }) => entry.climate.state)).toEqual([
      'Kano',
      'Lagos',
      'Kano',
    ]);
    expect(callsTo(stack, 'climate')).toBe(2);
  });
});
