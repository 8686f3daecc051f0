import { useTestStack } from '../support/gateway';
import {
  errorAt,
  expectedOneRoute,
  fromLngLat,
  KANO_AREA,
  KANO_STREET,
  mapsCalls,
  ONE_ROUTE_FIELDS,
  otherKanoCode,
  street,
  UNISSUED_LOCCODE,
  upstreamData,
} from './support';

/* eslint-disable @typescript-eslint/no-explicit-any -- upstream JSON is compared field by field */

const ROUTE_FIELDS = `${ONE_ROUTE_FIELDS} shareUrl waypoints { name location { latitude longitude } }`;

/** Spec, Route data, in the graph's names: the first route, its waypoints and share link. */
function expectedRoute(data: any) {
  return {
    ...expectedOneRoute(data.routes[0]),
    shareUrl: data.shareUrl,
    waypoints: data.waypoints.map((waypoint: any) => ({
      name: waypoint.name,
      location: fromLngLat(waypoint.location),
    })),
  };
}

describe('Query.route and Loccode.routeTo', () => {
  const stack = useTestStack();

  /** Resolves of one loccode since the log was last cleared (the space is sent as %20). */
  const resolvesOf = (code: string) =>
    stack.sandbox.controls
      .requests({ service: 'maps', operation: 'resolveLoccode' })
      .filter(({ path }) => decodeURIComponent(path).endsWith(`/${code}`)).length;

  const destinationCode = () => otherKanoCode(stack);

  it('routes between two loccodes as the maps service does, geometry decoded', async () => {
    const destination = destinationCode();
    const upstream = await upstreamData(stack, 'route', {
      body: { origin_loccode: KANO_STREET, dest_loccode: destination, mode: 'drive' },
    });
    stack.sandbox.controls.clearLog();
    const { data, errors, response } = await stack.query(
      `query($o: RouteEndpointInput!, $d: RouteEndpointInput!) { route(origin: $o, destination: $d) { ${ROUTE_FIELDS} } }`,
      { o: { loccode: KANO_STREET }, d: { loccode: destination } },
    );
    expect(errors).toBeUndefined();
    expect(data.route).toEqual(expectedRoute(upstream));
    expect(data.route.geometry.coordinates.length).toBeGreaterThan(2);
    // Each loccode is resolved first (never billed), then one billed route; the cost says so.
    expect(stack.sandbox.controls.counts()).toEqual({ 'maps/resolveLoccode': 2, 'maps/route': 1 });
    expect(response.json.extensions.cost).toMatchObject({ requested: 3, actual: 3 });
  });

  it('visits waypoints in the order listed, on foot when asked', async () => {
    const origin = street(stack, KANO_STREET).point;
    const destination = street(stack, destinationCode()).point;
    const first = { latitude: origin.latitude + 0.01, longitude: origin.longitude };
    const second = { latitude: origin.latitude, longitude: origin.longitude + 0.01 };
    const upstream = await upstreamData(stack, 'route', {
      body: {
        origin_lat: origin.latitude,
        origin_lng: origin.longitude,
        dest_lat: destination.latitude,
        dest_lng: destination.longitude,
        waypoints: [
          { order: 0, ...first },
          { order: 1, ...second },
        ],
        mode: 'walk',
      },
    });
    const { data, errors } = await stack.query(
      `query($o: CoordinatesInput!, $d: CoordinatesInput!, $w: [CoordinatesInput!]) {
        route(origin: { coordinates: $o }, destination: { coordinates: $d }, waypoints: $w, mode: WALK) { ${ROUTE_FIELDS} } }`,
      { o: origin, d: destination, w: [first, second] },
    );
    expect(errors).toBeUndefined();
    expect(data.route).toEqual(expectedRoute(upstream));
    expect(data.route.legs).toHaveLength(3);
    expect(data.route.legs[0].steps[0].travelMode).toBe('walking');
  });

  it('routes from a loccode with routeTo, once for aliases and for route() with the same points', async () => {
    const destination = destinationCode();
    const { data, errors } = await stack.query(
      `{ loccode(code: "${KANO_STREET}") {
          a: routeTo(destination: "${destination}") { distanceMeters }
          b: routeTo(destination: "${destination}", mode: DRIVE) { durationSeconds } }
         route(origin: { loccode: "${KANO_STREET}" }, destination: { loccode: "${destination}" }) { distanceMeters } }`,
    );
    expect(errors).toBeUndefined();
    expect(data.loccode.a.distanceMeters).toBe(data.route.distanceMeters);
    expect(data.loccode.b.durationSeconds).toBeGreaterThan(0);
    expect(mapsCalls(stack, 'route')).toBe(1);
  });

  it('resolves a loccode once for the route and for Loccode.street in the same query', async () => {
    const destination = destinationCode();
    const { data, errors } = await stack.query(
      `{ loccode(code: "${KANO_STREET}") { street { name } }
         route(origin: { loccode: "${KANO_STREET}" }, destination: { loccode: "${destination}" }) { distanceMeters } }`,
    );
    expect(errors).toBeUndefined();
    expect(data.loccode.street.name).toBe(street(stack, KANO_STREET).name);
    expect(resolvesOf(KANO_STREET)).toBe(1);
    expect(resolvesOf(destination)).toBe(1);
    expect(mapsCalls(stack, 'route')).toBe(1);
  });

  it('costs a route between coordinates one point: nothing to resolve', async () => {
    const { errors, response } = await stack.query(
      `{ route(origin: { coordinates: { latitude: 12, longitude: 8.5 } },
          destination: { coordinates: { latitude: 12.01, longitude: 8.52 } }) { distanceMeters } }`,
    );
    expect(errors).toBeUndefined();
    expect(stack.sandbox.controls.counts()).toEqual({ 'maps/route': 1 });
    expect(response.json.extensions.cost).toMatchObject({ requested: 1, actual: 1 });
  });

  it.each([
    [
      'route(origin: { loccode: "KN3A 7QP" }, destination: { loccode: "ZZ9Z 9ZZ" })',
      ['route'],
      'destination.loccode',
    ],
    ['loccode(code: "KN3A 7QP") { routeTo(destination: "ZZ9Z 9ZZ")', ['loccode', 'routeTo'], 'destination'],
    ['loccode(code: "ZZ9Z 9ZZ") { routeTo(destination: "KN3A 7QP")', ['loccode', 'routeTo'], 'this loccode'],
  ])(
    '%s: LOCCODE_NOT_FOUND naming the code and its argument, at most one route call',
    async (call, path, argument) => {
      const document = `{ ${call} { distanceMeters } }${call.startsWith('loccode') ? ' }' : ''}`;
      const result = await stack.query(document);
      expect(result.errors).toHaveLength(1);
      const error = errorAt(result, path);
      expect(error.extensions).toMatchObject({ code: 'LOCCODE_NOT_FOUND', service: 'maps' });
      expect(error.message).toContain(`"${UNISSUED_LOCCODE}" (${argument})`);
      expect(error.message).not.toContain(KANO_STREET);
      // Sent alongside the resolves (billed-with-resolves.ts): at most the one billed call the service refuses.
      expect(mapsCalls(stack, 'route')).toBeLessThanOrEqual(1);
      expect(resolvesOf(UNISSUED_LOCCODE)).toBe(1);
    },
  );

  it('refuses an area code, which the maps service cannot route, before any call', async () => {
    const result = await stack.query(
      `{ route(origin: { loccode: "${KANO_STREET}" }, destination: { loccode: "${KANO_AREA}" }) { distanceMeters } }`,
    );
    const error = errorAt(result, ['route']);
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'destination.loccode' });
    expect(error.message).toContain('four letters or digits, a space, three');
    expect(stack.sandbox.controls.count({ service: 'maps' })).toBe(0);
  });

  it('refuses routeTo from an area code before any call: the maps service routes street loccodes only', async () => {
    const result = await stack.query(
      `{ loccode(code: "${KANO_AREA}") { code routeTo(destination: "${KANO_STREET}") { distanceMeters } } }`,
    );
    const error = errorAt(result, ['loccode', 'routeTo']);
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(error.message).toContain(`"${KANO_AREA}", cannot start a route`);
    expect(result.data.loccode.code).toBe(KANO_AREA);
    expect(stack.sandbox.controls.count({ service: 'maps' })).toBe(0);
  });

  it('sets no bound of its own on waypoints: a list the maps service refuses is its BAD_USER_INPUT at the field', async () => {
    const origin = street(stack, KANO_STREET).point;
    // The sandbox takes at most 25 (src/sandbox/README.md); the spec gives no bound.
    const waypoints = Array.from({ length: 26 }, (_, index) => ({
      latitude: origin.latitude + index / 1000,
      longitude: origin.longitude,
    }));
    const result = await stack.query(
      `query($w: [CoordinatesInput!]) { route(origin: { loccode: "${KANO_STREET}" },
          destination: { loccode: "${destinationCode()}" }, waypoints: $w) { distanceMeters } sibling: crops }`,
      { w: waypoints },
    );
    expect(result.status).toBe(200);
    const error = errorAt(result, ['route']);
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', service: 'maps' });
    expect(error.message).toContain('waypoints');
    expect(result.data.sibling.length).toBeGreaterThan(0);
    expect(mapsCalls(stack, 'route')).toBe(1);
  });

  it('refuses the hyphenated display form before calling, showing the spaced form', async () => {
    const result = await stack.query(
      `{ loccode(code: "${KANO_STREET}") { code routeTo(destination: "KN3A-7QP") { distanceMeters } } }`,
    );
    const error = errorAt(result, ['loccode', 'routeTo']);
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(error.message).toContain('"KN3A 7QP"');
    expect(result.data.loccode.code).toBe(KANO_STREET);
    expect(mapsCalls(stack, 'route')).toBe(0);
  });

  it('refuses a waypoint out of range, naming it', async () => {
    const result = await stack.query(
      `{ route(origin: { loccode: "${KANO_STREET}" }, destination: { loccode: "${KANO_STREET}" },
          waypoints: [{ latitude: 12, longitude: 8.5 }, { latitude: 12, longitude: 190 }]) { distanceMeters } }`,
    );
    const error = errorAt(result, ['route']);
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(error.message).toContain('"waypoints[1].longitude" must be from -180 to 180');
    expect(mapsCalls(stack, 'route')).toBe(0);
  });

  it('refuses an endpoint with both coordinates and a loccode', async () => {
    const result = await stack.query(
      `{ route(origin: { loccode: "${KANO_STREET}", coordinates: { latitude: 12, longitude: 8.5 } },
          destination: { loccode: "${KANO_STREET}" }) { distanceMeters } }`,
    );
    expect(result.errors![0]!.message).toMatch(/exactly one/);
    expect(mapsCalls(stack, 'route')).toBe(0);
  });
});
