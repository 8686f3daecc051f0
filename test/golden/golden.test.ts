import { buildSchema } from '../../src/graph/schema';
import { startTestStack, type TestStack, useTestStack } from '../support/gateway';
import { goldenQuery } from '../../bench/golden-query';

/** Leaves the specs themselves leave empty in the sandbox's records (e.g. "null in all seen records"). */
const NULLABLE_LEAVES = new Set(['bedsCapacity', 'waitTimeEstimateMinutes', 'phone']);

/** One round of calls: every call arrived before the first of them was answered. */
function allInFlightTogether(calls: Array<{ at: number; durationMs: number }>): boolean {
  const lastArrival = Math.max(...calls.map((c) => c.at));
  const firstAnswer = Math.min(...calls.map((c) => c.at + c.durationMs));
  return lastArrival < firstAnswer;
}

/** Paths of null values, except leaves the specs allow to be null. */
function nullPaths(value: unknown, path: string[] = []): string[] {
  if (value === null) return NULLABLE_LEAVES.has(path[path.length - 1] ?? '') ? [] : [path.join('.')];
  if (Array.isArray(value)) return value.flatMap((item, i) => nullPaths(item, [...path, String(i)]));
  if (typeof value === 'object')
    return Object.entries(value as object).flatMap(([k, v]) => nullPaths(v, [...path, k]));
  return [];
}

describe('the golden cross-domain query', () => {
  let stack: TestStack;
  let query: string;
  const code = 'KN3A 7QP';
  let destination: string;
  let supplyDestination: string;

  beforeAll(async () => {
    stack = await startTestStack();
    const { streets } = stack.sandbox.dataset;
    destination = streets.find((s) => s.state === 'Kano' && s.code !== code)!.code;
    supplyDestination = streets.find((s) => s.state === 'Lagos')!.code;
    query = goldenQuery(buildSchema(), destination, supplyDestination);
  });
  beforeEach(() => stack.sandbox.controls.reset());
  afterAll(() => stack.close());

  it('returns complete data for every Loccode field, without a single error', async () => {
    const { status, data, errors } = await stack.query(query, { code });
    expect(status).toBe(200);
    expect(errors).toBeUndefined();
    expect(nullPaths(data)).toEqual([]);
    expect(data.loccode.pestProfile.__typename).toBe('PestProfile');
    expect(data.loccode.pestOverview.__typename).toBe('PestOverview');
  });

  it('makes exactly one upstream call per distinct operation and input', async () => {
    await stack.query(query, { code });
    expect(stack.sandbox.controls.counts()).toEqual({
      'address/byLoccode': 1,
      'agriculture/climate': 1,
      'agriculture/pests': 2, // with a crop and without: two inputs
      'agriculture/supply': 1,
      'agriculture/yield': 1,
      'healthcare/access': 1,
      'healthcare/emergencyRoute': 1,
      'healthcare/facilities': 2, // SECONDARY and PRIMARY
      'healthcare/healthRisk': 1,
      'healthcare/heatmap': 1,
      'healthcare/specialist': 1,
      'maps/resolveLoccode': 2, // this loccode and the routes' destination, resolved before routing
      'maps/route': 2, // drive and walk
    });
  });

  it('answers with what the services say, converted to the graph conventions', async () => {
    const { data } = await stack.query(query, { code });
    const { urls, keys } = stack.sandbox;
    const agri = await stack.http.get(
      `${urls.agriculture}/api/v1/data/climate/by-loccode?loccode=KN3A%207QP`,
      {
        authorization: `Bearer ${keys.agriculture}`,
      },
    );
    const record = agri.json.climate_data[0];
    expect(data.loccode.climate.airTemperatureCelsius).toBe(record.temperature_2m);
    expect(data.loccode.climate.interpretation.overallOutlook).toBe(
      record.farmer_interpretation.overall_outlook.toUpperCase(),
    );

    const street = (
      await stack.http.get(`${urls.maps}/sdk/v1/loccode/KN3A%207QP`, { 'x-api-key': keys.maps })
    ).json.data;
    const [lng, lat] = street.geometry.coordinates[0];
    expect(data.loccode.street.geometry.coordinates[0]).toEqual({ latitude: lat, longitude: lng });
    expect(data.loccode.street.lengthMeters).toBe(street.street_length);

    const facilities = (
      await stack.http.get(
        `${urls.healthcare}/api/v1/facilities?loccode=KN3A%207QP&facility_level=Secondary&radius_km=40&limit=5`,
        {
          authorization: `Bearer ${keys.healthcare}`,
        },
      )
    ).json.data;
    expect(data.loccode.facilities.facilities.map((f: { name: string }) => f.name)).toEqual(
      facilities.facilities.map((f: { name: string }) => f.name),
    );

    const address = (
      await stack.http.get(`${urls.address}/v1/addresses/search/loccode/KN3A%207QP`, {
        authorization: `Bearer ${keys.address}`,
      })
    ).json;
    expect(data.loccode.address.streetName).toBe(address.streetName);
  });

  // The routes are billed and go out alongside the (never billed) resolves of their loccodes
  // (datasources/maps/billed-with-resolves.ts): nothing waits for anything else.
  it('is one round of parallel calls: with 200 ms on every upstream it answers well under two rounds', async () => {
    stack.sandbox.controls.setLatency('all', { fixedMs: 200, jitterMs: 0 });
    const started = Date.now();
    const { errors } = await stack.query(query, { code });
    const elapsed = Date.now() - started;
    expect(errors).toBeUndefined();
    // A generous bound for a shared machine; the benchmark measures the real ratio.
    expect(elapsed).toBeLessThan(5 * 200);
    expect(allInFlightTogether(stack.sandbox.controls.requests())).toBe(true);
  });

  it('asks once for a field named twice under aliases with the same arguments', async () => {
    await stack.query(
      `query($code: String!) { loccode(code: $code) { a: climate { state } b: climate { city } c: healthcareAccess { accessScore } d: healthcareAccess { coverageBand } } }`,
      { code },
    );
    expect(stack.sandbox.controls.counts()).toEqual({ 'agriculture/climate': 1, 'healthcare/access': 1 });
  });

  it('fetches 50 loccodes with a repeat: one call per distinct code per operation, all in flight together', async () => {
    // Sending 147 calls keeps the one process (gateway and sandbox) busy for a while, longer on a
    // machine where other suites run beside it: a second per answer leaves room to tell
    // "all at once" from "in rounds" on a loaded machine too.
    stack.sandbox.controls.setLatency('all', { fixedMs: 1000, jitterMs: 0 });
    const distinct = stack.sandbox.dataset.streets.slice(0, 49).map((s) => s.code);
    const codes = [...distinct, distinct[7]!];
    const { data, errors } = await stack.query(
      `query($codes: [String!]!) { loccodes(codes: $codes) { code climate { state } facilities(level: PRIMARY) { count } address { streetName } } }`,
      { codes },
    );
    expect(errors).toBeUndefined();
    expect(data.loccodes).toHaveLength(50);
    expect(data.loccodes[49]).toEqual(data.loccodes[7]);
    expect(stack.sandbox.controls.counts()).toEqual({
      'address/byLoccode': 49,
      'agriculture/climate': 49,
      'healthcare/facilities': 49,
    });
    expect(allInFlightTogether(stack.sandbox.controls.requests({ service: 'agriculture' }))).toBe(true);
  });
});

describe('the golden query with production upstream discipline', () => {
  const stack = useTestStack({});

  it('is answered warm entirely from cache: every operation it uses has a cache policy', async () => {
    const { streets } = stack.sandbox.dataset;
    const destination = streets.find((s) => s.state === 'Kano' && s.code !== 'KN3A 7QP')!.code;
    const query = goldenQuery(buildSchema(), destination, streets.find((s) => s.state === 'Lagos')!.code);
    const cold = await stack.query(query, { code: 'KN3A 7QP' });
    expect(cold.errors).toBeUndefined();
    expect(stack.sandbox.controls.count()).toBe(17);
    stack.sandbox.controls.clearLog();
    const warm = await stack.query(query, { code: 'KN3A 7QP' });
    expect(warm.data).toEqual(cold.data);
    expect(stack.sandbox.controls.counts()).toEqual({});
  });
});
