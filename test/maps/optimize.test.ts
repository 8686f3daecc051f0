import { decodeReference } from '../support/polyline';
import { useTestStack } from '../support/gateway';
import {
  errorAt,
  KANO_AREA,
  KANO_STREET,
  mapsCalls,
  street,
  UNISSUED_LOCCODE,
  upstreamData,
} from './support';

/* eslint-disable @typescript-eslint/no-explicit-any -- upstream JSON is compared field by field */

const TRIP_FIELDS = `
  totalDistanceMeters totalDurationSeconds optimizedOrderIds encodedPolyline
  geometry { coordinates { latitude longitude } }
  orderedStops { id sequence name loccode { code } location { latitude longitude } }
  legs { fromId toId distanceMeters durationSeconds encodedPolyline geometry { coordinates { latitude longitude } } }
`;

const OPTIMIZE = `query($origin: StopInput!, $destination: StopInput!, $stops: [StopInput!]!) {
  optimizeStops(origin: $origin, destination: $destination, stops: $stops) { ${TRIP_FIELDS} } }`;

/** Spec, Optimize data (camelCase), in the graph's names. */
function expectedTrip(data: any) {
  return {
    totalDistanceMeters: data.totalDistanceMeters,
    totalDurationSeconds: data.totalDurationSeconds,
    optimizedOrderIds: data.optimizedOrderIds,
    encodedPolyline: data.geometry,
    geometry: { coordinates: decodeReference(data.geometry) },
    orderedStops: data.orderedStops.map((stop: any) => ({
      id: stop.id,
      sequence: stop.sequence,
      name: stop.name,
      loccode: stop.loccode === undefined ? null : { code: stop.loccode },
      location: { latitude: stop.latitude, longitude: stop.longitude },
    })),
    legs: data.legs.map((leg: any) => ({
      fromId: leg.fromId,
      toId: leg.toId,
      distanceMeters: leg.distanceMeters,
      durationSeconds: leg.durationSeconds,
      encodedPolyline: leg.geometry,
      geometry: { coordinates: decodeReference(leg.geometry) },
    })),
  };
}

describe('Query.optimizeStops', () => {
  const stack = useTestStack();

  const kanoStreets = () => stack.sandbox.dataset.streets.filter((candidate) => candidate.state === 'Kano');

  it('orders the stops as the maps service solves them, loccodes as links', async () => {
    const [, second, third, fourth] = kanoStreets();
    const depot = street(stack, KANO_STREET).point;
    const stops = [
      { id: 'shop-3', loccode: third!.code },
      { id: 'shop-1', coordinates: second!.point },
      { id: 'shop-2', coordinates: fourth!.point },
    ];
    const upstream = await upstreamData(stack, 'optimize', {
      body: {
        origin_id: 'depot',
        origin_loccode: KANO_STREET,
        dest_id: 'home',
        dest_lat: depot.latitude,
        dest_lng: depot.longitude,
        stops: stops.map(({ id, loccode, coordinates }) => ({ id, loccode, ...coordinates })),
        mode: 'drive',
      },
    });
    stack.sandbox.controls.clearLog();
    const { data, errors } = await stack.query(OPTIMIZE, {
      origin: { id: 'depot', loccode: KANO_STREET },
      destination: { id: 'home', coordinates: depot },
      stops,
    });
    expect(errors).toBeUndefined();
    expect(data.optimizeStops).toEqual(expectedTrip(upstream));
    expect(data.optimizeStops.optimizedOrderIds[0]).toBe('depot');
    expect(data.optimizeStops.orderedStops.find((stop: any) => stop.id === 'shop-3').loccode).toEqual({
      code: third!.code,
    });
    expect(mapsCalls(stack, 'optimize')).toBe(1);
  });

  it('asks once for the same trip under two aliases', async () => {
    const document = `query($o: StopInput!, $s: [StopInput!]!) {
      a: optimizeStops(origin: $o, destination: $o, stops: $s) { totalDistanceMeters }
      b: optimizeStops(origin: $o, destination: $o, stops: $s, mode: DRIVE) { optimizedOrderIds } }`;
    const { data, errors } = await stack.query(document, {
      o: { id: 'depot', loccode: KANO_STREET },
      s: [{ id: 'a', loccode: kanoStreets()[1]!.code }],
    });
    expect(errors).toBeUndefined();
    expect(data.b.optimizedOrderIds).toEqual(['depot', 'a', 'depot']);
    expect(mapsCalls(stack, 'optimize')).toBe(1);
  });

  /** Resolves of one loccode since the log was last cleared (the space is sent as %20). */
  const resolvesOf = (code: string) =>
    stack.sandbox.controls
      .requests({ service: 'maps', operation: 'resolveLoccode' })
      .filter(({ path }) => decodeURIComponent(path).endsWith(`/${code}`)).length;

  it('resolves each loccode of a known trip once (never billed), then makes exactly one optimize call', async () => {
    const [, second, third] = kanoStreets();
    const { data, errors, response } = await stack.query(OPTIMIZE, {
      origin: { id: 'depot', loccode: KANO_STREET },
      destination: { id: 'depot', loccode: KANO_STREET },
      stops: [
        { id: 'a', loccode: second!.code },
        { id: 'b', loccode: third!.code },
        { id: 'c', coordinates: second!.point },
      ],
    });
    expect(errors).toBeUndefined();
    expect(data.optimizeStops.optimizedOrderIds).toHaveLength(5);
    expect(mapsCalls(stack, 'optimize')).toBe(1);
    expect([KANO_STREET, second!.code, third!.code].map(resolvesOf)).toEqual([1, 1, 1]);
    expect(mapsCalls(stack, 'resolveLoccode')).toBe(3);
    // Each distinct loccode costs its resolve: the one the origin and destination share, once.
    expect(response.json.extensions.cost).toMatchObject({ requested: 1 + 3, actual: 1 + 3 });
  });

  it('names only the unknown loccode and its argument, for at most the one optimize call the service refuses', async () => {
    const [, second, third] = kanoStreets();
    const result = await stack.query(OPTIMIZE, {
      origin: { id: 'o', loccode: KANO_STREET },
      destination: { id: 'd', coordinates: street(stack, KANO_STREET).point },
      stops: [
        { id: 'a', loccode: second!.code },
        { id: 'b', loccode: UNISSUED_LOCCODE },
        { id: 'c', loccode: third!.code },
      ],
    });
    const error = errorAt(result, ['optimizeStops']);
    expect(result.errors).toHaveLength(1);
    expect(error.extensions).toMatchObject({ code: 'LOCCODE_NOT_FOUND', service: 'maps' });
    expect(error.message).toContain(`"${UNISSUED_LOCCODE}" (stops[1].loccode)`);
    for (const known of [KANO_STREET, second!.code, third!.code]) expect(error.message).not.toContain(known);
    expect(result.data.optimizeStops).toBeNull();
    // Sent alongside the resolves (billed-with-resolves.ts): its 404 is the one billed call.
    expect(mapsCalls(stack, 'optimize')).toBeLessThanOrEqual(1);
    expect(resolvesOf(UNISSUED_LOCCODE)).toBe(1);
  });

  it('lists every unknown loccode once, with each argument that gave it', async () => {
    const other = 'ZZ8Z 8ZZ';
    const result = await stack.query(OPTIMIZE, {
      origin: { id: 'o', loccode: other },
      destination: { id: 'd', loccode: KANO_STREET },
      stops: [
        { id: 'a', loccode: UNISSUED_LOCCODE },
        { id: 'b', loccode: other },
      ],
    });
    const error = errorAt(result, ['optimizeStops']);
    expect(error.extensions).toMatchObject({ code: 'LOCCODE_NOT_FOUND' });
    expect(error.message).toContain(`"${other}" (origin.loccode, stops[1].loccode)`);
    expect(error.message).toContain(`"${UNISSUED_LOCCODE}" (stops[0].loccode)`);
    expect(error.message).not.toContain(KANO_STREET);
    // Sent alongside the resolves (billed-with-resolves.ts): its 404 is the one billed call.
    expect(mapsCalls(stack, 'optimize')).toBeLessThanOrEqual(1);
    expect(resolvesOf(other)).toBe(1);
  });

  it('takes an origin and destination without ids: the answer shows the ids the maps service gives them', async () => {
    const [, second] = kanoStreets();
    const { data, errors } = await stack.query(OPTIMIZE, {
      origin: { loccode: KANO_STREET },
      destination: { coordinates: second!.point },
      stops: [{ id: 'shop', loccode: second!.code }],
    });
    expect(errors).toBeUndefined();
    // Not shown in the spec; the sandbox answers `origin` and `destination` (src/sandbox/README.md).
    expect(data.optimizeStops.optimizedOrderIds).toEqual(['origin', 'shop', 'destination']);
    expect(data.optimizeStops.legs[0].fromId).toBe('origin');
  });

  it('lets the origin and destination share an id, for a round trip or two places', async () => {
    const [, second, third] = kanoStreets();
    const { data, errors } = await stack.query(OPTIMIZE, {
      origin: { id: 'depot', loccode: KANO_STREET },
      destination: { id: 'depot', loccode: third!.code },
      stops: [{ id: 'a', loccode: second!.code }],
    });
    expect(errors).toBeUndefined();
    expect(data.optimizeStops.optimizedOrderIds).toEqual(['depot', 'a', 'depot']);
    expect(data.optimizeStops.orderedStops.map((stop: any) => stop.loccode.code)).toEqual([
      KANO_STREET,
      second!.code,
      third!.code,
    ]);
  });

  // Spec, Limits rule 7: the field's own argument error, like any other, not a refusal of the request.
  it.each([
    [0, 'Give at least one stop'],
    [51, 'Split a longer trip'],
  ])(
    'refuses %i stops at the field with BAD_USER_INPUT on "stops", before any call',
    async (count, advice) => {
      const stops = Array.from({ length: count }, (_, index) => ({ id: `s${index}`, loccode: KANO_STREET }));
      const result = await stack.query(
        `query($origin: StopInput!, $destination: StopInput!, $stops: [StopInput!]!) {
        optimizeStops(origin: $origin, destination: $destination, stops: $stops) { totalDistanceMeters }
        sibling: crops }`,
        { origin: { id: 'o', loccode: KANO_STREET }, destination: { id: 'd', loccode: KANO_STREET }, stops },
      );
      expect(result.status).toBe(200);
      const error = errorAt(result, ['optimizeStops']);
      expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'stops' });
      expect(error.message).toContain(`"stops" takes 1 to 50 stops; got ${count}`);
      expect(error.message).toContain(advice);
      expect(result.data.optimizeStops).toBeNull();
      expect(result.data.sibling.length).toBeGreaterThan(0);
      expect(stack.sandbox.controls.count({ service: 'maps' })).toBe(0);
    },
  );

  it('answers 50 stops, the most the spec allows', async () => {
    const stops = Array.from({ length: 50 }, (_, index) => ({
      id: `s${index}`,
      coordinates: { latitude: 12 + index / 1000, longitude: 8.5 },
    }));
    const { data, errors } = await stack.query(OPTIMIZE, {
      origin: { id: 'o', loccode: KANO_STREET },
      destination: { id: 'd', loccode: KANO_STREET },
      stops,
    });
    expect(errors).toBeUndefined();
    expect(data.optimizeStops.optimizedOrderIds).toHaveLength(52);
    expect(mapsCalls(stack, 'optimize')).toBe(1);
  });

  it.each([
    [{ id: 'x', loccode: KANO_STREET, coordinates: { latitude: 12, longitude: 8.5 } }, 'not both'],
    [{ id: 'x' }, 'not neither'],
  ])('refuses a stop %j that is not exactly one of coordinates or loccode', async (stop, message) => {
    const result = await stack.query(OPTIMIZE, {
      origin: { id: 'o', loccode: KANO_STREET },
      destination: { id: 'd', loccode: KANO_STREET },
      stops: [stop],
    });
    const error = errorAt(result, ['optimizeStops']);
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(error.message).toContain('"stops[0]" takes exactly one of "coordinates" or "loccode"');
    expect(error.message).toContain(message);
    expect(mapsCalls(stack, 'optimize')).toBe(0);
  });

  it('refuses a stop without an id, naming it, before any call', async () => {
    const result = await stack.query(OPTIMIZE, {
      origin: { id: 'o', loccode: KANO_STREET },
      destination: { id: 'd', loccode: KANO_STREET },
      stops: [{ id: 'a', loccode: KANO_STREET }, { loccode: KANO_STREET }],
    });
    const error = errorAt(result, ['optimizeStops']);
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'stops[1].id' });
    expect(error.message).toContain('"stops[1].id" is missing');
    expect(stack.sandbox.controls.count({ service: 'maps' })).toBe(0);
  });

  it.each([
    ['the origin', 'o', 'origin'],
    ['another stop', 'a', 'stops[0]'],
  ])('refuses a stop id already used by %s, naming the stop', async (_owner, id, owner) => {
    const result = await stack.query(OPTIMIZE, {
      origin: { id: 'o', loccode: KANO_STREET },
      destination: { id: 'd', loccode: KANO_STREET },
      stops: [
        { id: 'a', loccode: KANO_STREET },
        { id, loccode: KANO_STREET },
      ],
    });
    const error = errorAt(result, ['optimizeStops']);
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'stops[1].id' });
    expect(error.message).toContain(`"stops[1].id" is "${id}", already used by ${owner}`);
    expect(stack.sandbox.controls.count({ service: 'maps' })).toBe(0);
  });

  it('refuses an area code, which the maps service cannot visit, before any call', async () => {
    const result = await stack.query(OPTIMIZE, {
      origin: { id: 'o', loccode: KANO_STREET },
      destination: { id: 'd', loccode: KANO_STREET },
      stops: [{ id: 'a', loccode: KANO_AREA }],
    });
    const error = errorAt(result, ['optimizeStops']);
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'stops[0].loccode' });
    expect(error.message).toContain('four letters or digits, a space, three');
    expect(stack.sandbox.controls.count({ service: 'maps' })).toBe(0);
  });
});
