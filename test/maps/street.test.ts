import { useTestStack } from '../support/gateway';
import { errorAt, fromLngLat, KANO_STREET, mapsCalls, street, upstreamData } from './support';

const STREET_FIELDS = `
  name highwayType lengthMeters state lga country formattedCode unspacedCode
  geometry { coordinates { latitude longitude } }
  representativePoint { latitude longitude } valid coverage
`;

/* eslint-disable @typescript-eslint/no-explicit-any -- upstream JSON is compared field by field */
/** Spec, Loccode resolve data, in the graph's names: `[lng, lat]` becomes Coordinates. */
function expectedStreet(resolved: any) {
  return {
    name: resolved.street_name,
    highwayType: resolved.highway_type,
    lengthMeters: resolved.street_length,
    state: resolved.state,
    lga: resolved.lga,
    country: resolved.country,
    formattedCode: resolved.formatted,
    unspacedCode: resolved.loccode,
    geometry: { coordinates: resolved.geometry.coordinates.map(fromLngLat) },
    representativePoint: resolved.representative_point,
    valid: resolved.valid,
    coverage: resolved.coverage,
  };
}

describe('Loccode.street and Query.nearestLoccode', () => {
  const stack = useTestStack();

  it('answers the street a loccode names, as the maps service resolves it', async () => {
    const resolved = await upstreamData(stack, `loccode/${encodeURIComponent(KANO_STREET)}`);
    stack.sandbox.controls.clearLog();
    const { data, errors } = await stack.query(
      `{ loccode(code: "${KANO_STREET}") { street { ${STREET_FIELDS} } } }`,
    );
    expect(errors).toBeUndefined();
    expect(data.loccode.street).toEqual(expectedStreet(resolved));
    expect(data.loccode.street).toMatchObject({ formattedCode: 'KN3A 7QP', unspacedCode: 'KN3A7QP' });
  });

  it('carries the valid and coverage flags of resolve data (spec, Loccode resolve data)', async () => {
    const resolved = await upstreamData(stack, `loccode/${encodeURIComponent(KANO_STREET)}`);
    expect([typeof resolved.valid, typeof resolved.coverage]).toEqual(['boolean', 'boolean']);
    const { data, errors } = await stack.query(
      `{ loccode(code: "${KANO_STREET}") { street { valid coverage } } }`,
    );
    expect(errors).toBeUndefined();
    expect(data.loccode.street).toEqual({ valid: resolved.valid, coverage: resolved.coverage });
  });

  it('answers null for valid and coverage of a street that came with point details, which lack them', async () => {
    const { data, errors } = await stack.query(
      `query($at: CoordinatesInput!) { pointDetails(location: $at) { loccode { code street { name valid coverage } } } }`,
      { at: street(stack, KANO_STREET).point },
    );
    expect(errors).toBeUndefined();
    expect(data.pointDetails.loccode).toEqual({
      code: KANO_STREET,
      street: { name: street(stack, KANO_STREET).name, valid: null, coverage: null },
    });
    expect(mapsCalls(stack, 'resolveLoccode')).toBe(0);
  });

  it('sends the code byte for byte in the path, the space as %20', async () => {
    await stack.query('{ loccode(code: "KN3A 7QP") { street { name } } }');
    const [call] = stack.sandbox.controls.requests({ service: 'maps', operation: 'resolveLoccode' });
    expect(call!.path).toBe('/sdk/v1/loccode/KN3A%207QP');
  });

  it('asks once for the same street under two aliases', async () => {
    const { data } = await stack.query(
      `{ a: loccode(code: "${KANO_STREET}") { street { name } } b: loccode(code: "${KANO_STREET}") { street { lga } } }`,
    );
    expect(data.a.street.name).toBe(street(stack, KANO_STREET).name);
    expect(data.b.street.lga).toBe(street(stack, KANO_STREET).lga);
    expect(mapsCalls(stack, 'resolveLoccode')).toBe(1);
  });

  it('asks once per distinct code of loccodes(codes:)', async () => {
    const other = stack.sandbox.dataset.streets[40]!.code;
    const { data } = await stack.query(
      `{ loccodes(codes: ["${KANO_STREET}", "${other}", "${KANO_STREET}"]) { street { name } } }`,
    );
    expect(data.loccodes.map((entry: any) => entry.street.name)).toEqual([
      street(stack, KANO_STREET).name,
      street(stack, other).name,
      street(stack, KANO_STREET).name,
    ]);
    expect(mapsCalls(stack, 'resolveLoccode')).toBe(2);
  });

  it('finds the nearest loccode and its street with one call to the maps service', async () => {
    const here = street(stack, KANO_STREET).point;
    const nearest = await upstreamData(stack, 'loccodes/nearest', { query: { ...here } });
    stack.sandbox.controls.clearLog();
    const { data, errors } = await stack.query(
      `query($at: CoordinatesInput!) { nearestLoccode(location: $at) { code street { ${STREET_FIELDS} } } }`,
      { at: here },
    );
    expect(errors).toBeUndefined();
    expect(data.nearestLoccode).toEqual({ code: nearest.formatted, street: expectedStreet(nearest) });
    expect(mapsCalls(stack, 'nearestLoccode')).toBe(1);
    expect(stack.sandbox.controls.count({ service: 'maps' })).toBe(1);
  });

  it.each([
    [{ latitude: 91, longitude: 8 }, '"location.latitude" must be from -90 to 90'],
    [{ latitude: 12, longitude: -180.5 }, '"location.longitude" must be from -180 to 180'],
  ])('refuses %j with BAD_USER_INPUT before calling the service', async (at, message) => {
    const result = await stack.query(
      'query($at: CoordinatesInput!) { nearestLoccode(location: $at) { code } placeCategories { nodes { key } } }',
      { at },
    );
    const error = errorAt(result, ['nearestLoccode']);
    expect(error.extensions!.code).toBe('BAD_USER_INPUT');
    expect(error.message).toContain(message);
    expect(result.data.placeCategories.nodes.length).toBeGreaterThan(0);
    expect(mapsCalls(stack, 'nearestLoccode')).toBe(0);
  });
});
