import { failWithStatus } from '../support/sandbox';
import { type GraphQLResult, useTestStack } from '../support/gateway';
import { ACCRA, errorAt, KANO_AREA, KANO_STREET, mapsCalls, UNISSUED_LOCCODE } from './support';

/**
 * Spec, Errors: one test per documented upstream code, through the graph. Each failure is
 * an error at its field's path in our vocabulary, from service `maps`, and a sibling field
 * (another maps operation) keeps its data.
 */
const SIBLING = `sibling: loccode(code: "${KANO_STREET}") { street { name } }`;

function expectMapsError(result: GraphQLResult, path: Array<string | number>, code: string) {
  const error = errorAt(result, path);
  expect(error.extensions).toMatchObject({ code, service: 'maps' });
  expect(result.data.sibling.street.name).toEqual(expect.any(String));
  return error;
}

const route = (destination: string) =>
  `{ route(origin: { loccode: "${KANO_STREET}" }, destination: ${destination}) { distanceMeters } ${SIBLING} }`;

describe('maps upstream errors, through the graph', () => {
  const stack = useTestStack();

  // An area code itself is refused before any call (test/maps/route.test.ts); the service's refusal is injected.
  it('400 INVALID_PARAMS on a route is BAD_USER_INPUT naming the endpoints sent, without guessing which', async () => {
    failWithStatus(stack.sandbox.controls, 'maps', 'route', { status: 400, code: 'INVALID_PARAMS' });
    const result = await stack.query(route(`{ loccode: "${KANO_STREET}" }`));
    const error = expectMapsError(result, ['route'], 'BAD_USER_INPUT');
    expect(error.message).toContain('the arguments sent: "origin", "destination".');
    expect(mapsCalls(stack, 'route')).toBe(1);
  });

  it('an osmId without its type letter (and no osmType) is refused before any call: BAD_USER_INPUT about osmId', async () => {
    const result = await stack.query(
      `{ pointDetails(location: { latitude: 12, longitude: 8.5 }, osmId: "4839201") { shareUrl } ${SIBLING} }`,
    );
    const error = errorAt(result, ['pointDetails']);
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'osmId' });
    expect(error.message).toContain('"osmId" must be an OpenStreetMap id with its type letter first');
    expect(result.data.sibling.street.name).toEqual(expect.any(String));
    expect(stack.sandbox.controls.count({ service: 'maps', operation: 'pointDetails' })).toBe(0);
  });

  it('400 VALIDATION_ERROR (a category not in the taxonomy) is BAD_USER_INPUT at searchPlaces, siblings intact', async () => {
    const result = await stack.query(
      `{ searchPlaces(query: "a", category: "casino") { nodes { name } } ${SIBLING} }`,
    );
    const error = errorAt(result, ['searchPlaces']);
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', service: 'maps' });
    expect(error.message).toContain('"category" must be a key listed by placeCategories');
    // Spec: VALIDATION_ERROR's message lists the offending fields; they are kept, in our argument names.
    expect(error.extensions!.fields).toEqual(['category']);
    // Domain fields are nullable: the failure stays at its field.
    expect(result.data.searchPlaces).toBeNull();
    expect(result.data).not.toBeNull();
  });

  it('404 NOT_FOUND on resolve is LOCCODE_NOT_FOUND at Loccode.street', async () => {
    const result = await stack.query(
      `{ loccode(code: "${UNISSUED_LOCCODE}") { code street { name } } ${SIBLING} }`,
    );
    const error = expectMapsError(result, ['loccode', 'street'], 'LOCCODE_NOT_FOUND');
    expect(error.message).toContain(`"${UNISSUED_LOCCODE}"`);
    expect(result.data.loccode.code).toBe(UNISSUED_LOCCODE);
  });

  it('404 NOT_FOUND for an area code, which the maps service does not know, is LOCCODE_NOT_FOUND', async () => {
    const result = await stack.query(`{ loccode(code: "${KANO_AREA}") { street { name } } ${SIBLING} }`);
    expectMapsError(result, ['loccode', 'street'], 'LOCCODE_NOT_FOUND');
  });

  it('404 NOT_FOUND for an osmId that names no place is NOT_FOUND, without fields: only a validation refusal names them', async () => {
    const result = await stack.query(
      `{ pointDetails(location: { latitude: 12, longitude: 8.5 }, osmId: "N4839201") { shareUrl } ${SIBLING} }`,
    );
    const error = expectMapsError(result, ['pointDetails'], 'NOT_FOUND');
    expect(error.extensions!.fields).toBeUndefined();
  });

  it('404 NOT_FOUND outside coverage is NOT_FOUND on nearestLoccode', async () => {
    const result = await stack.query(
      `query($at: CoordinatesInput!) { nearestLoccode(location: $at) { code } ${SIBLING} }`,
      { at: ACCRA },
    );
    expectMapsError(result, ['nearestLoccode'], 'NOT_FOUND');
  });

  it('404 NOT_FOUND for a trip loccode is LOCCODE_NOT_FOUND naming the codes sent', async () => {
    const result = await stack.query(
      `{ optimizeStops(origin: { id: "o", loccode: "${KANO_STREET}" }, destination: { id: "d", loccode: "${KANO_STREET}" },
          stops: [{ id: "s", loccode: "${UNISSUED_LOCCODE}" }]) { totalDistanceMeters } ${SIBLING} }`,
    );
    const error = expectMapsError(result, ['optimizeStops'], 'LOCCODE_NOT_FOUND');
    expect(error.message).toContain(UNISSUED_LOCCODE);
  });

  it('422 ROUTING_FAILED (a destination outside Nigeria) is ROUTING_FAILED', async () => {
    const result = await stack.query(
      route(`{ coordinates: { latitude: ${ACCRA.latitude}, longitude: ${ACCRA.longitude} } }`),
    );
    expectMapsError(result, ['route'], 'ROUTING_FAILED');
  });

  it("an unknown loccode endpoint is LOCCODE_NOT_FOUND from the never-billed resolve, not the route's 502", async () => {
    const result = await stack.query(route(`{ loccode: "${UNISSUED_LOCCODE}" }`));
    const error = expectMapsError(result, ['route'], 'LOCCODE_NOT_FOUND');
    expect(error.message).toContain(`"${UNISSUED_LOCCODE}" (destination.loccode)`);
    expect(mapsCalls(stack, 'route')).toBeLessThanOrEqual(1);
  });

  it.each([
    ['coordinates', '{ coordinates: { latitude: 12.01, longitude: 8.52 } }'],
    ['an existing loccode', `{ loccode: "${KANO_STREET}" }`],
  ])('502 ENGINE_UNAVAILABLE with %s is UPSTREAM_UNAVAILABLE', async (_kind, destination) => {
    stack.sandbox.controls.injectFault({ service: 'maps', operation: 'route', kind: 'status', status: 502 });
    const result = await stack.query(route(destination));
    expectMapsError(result, ['route'], 'UPSTREAM_UNAVAILABLE');
  });

  it('429 rate_limited (the loccode budget spent) is UPSTREAM_RATE_LIMITED with retryAfterSeconds', async () => {
    stack.sandbox.controls.setRateLimit('maps', 'loccode', { kind: 'window', limit: 1, windowMs: 60_000 });
    await stack.query(`{ loccode(code: "${KANO_STREET}") { street { name } } }`);
    const result = await stack.query(
      `{ loccode(code: "${UNISSUED_LOCCODE}") { street { name } } sibling: placeCategories { nodes { key } } }`,
    );
    const error = errorAt(result, ['loccode', 'street']);
    expect(error.extensions).toMatchObject({ code: 'UPSTREAM_RATE_LIMITED', service: 'maps' });
    expect(error.extensions!.retryAfterSeconds).toBeGreaterThan(0);
    expect(result.data.sibling.nodes.length).toBeGreaterThan(0);
    expect(stack.sandbox.controls.count({ service: 'maps', outcome: 'rate-limited' })).toBe(1);
  });

  it.each([
    ['401 invalid_api_key', 'UPSTREAM_UNAUTHORIZED', 401, undefined],
    ['403 restriction_violation', 'UPSTREAM_UNAUTHORIZED', 403, undefined],
    ['429 quota_exceeded', 'UPSTREAM_RATE_LIMITED', 429, 30],
    ['500 INTERNAL_ERROR', 'UPSTREAM_UNAVAILABLE', 500, undefined],
    ['503 auth_unavailable', 'UPSTREAM_UNAVAILABLE', 503, undefined],
  ])('%s is %s', async (_name, code, status, retryAfterSeconds) => {
    failWithStatus(stack.sandbox.controls, 'maps', 'reverseGeocode', {
      status,
      retryAfterSeconds,
      echoRequest: true,
    });
    const result = await stack.query(
      `{ reverseGeocode(location: { latitude: 12, longitude: 8.5 }) { name } ${SIBLING} }`,
    );
    const error = expectMapsError(result, ['reverseGeocode'], code);
    expect(error.extensions!.retryAfterSeconds).toBe(retryAfterSeconds);
    // The upstream's own text (here echoing the request and its key) never reaches the client.
    expect(error.message).not.toMatch(/Injected|upstream request|mk_test_/);
  });

  it('a body that is not JSON is UPSTREAM_BAD_RESPONSE', async () => {
    stack.sandbox.controls.injectFault({ service: 'maps', operation: 'pointDetails', kind: 'not-json' });
    const result = await stack.query(
      `{ pointDetails(location: { latitude: 12, longitude: 8.5 }) { shareUrl } ${SIBLING} }`,
    );
    expectMapsError(result, ['pointDetails'], 'UPSTREAM_BAD_RESPONSE');
  });
});
