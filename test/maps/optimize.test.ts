import { decodeReference } from '../support/polyline';
import { useTestStack } from '../support/gateway';
import { errorAt, KANO_STREET, mapsCalls, street, upstreamData } from './support';

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

  // 51 stops are refused for the whole request, before execution (test/hardening/limits.test.ts).
  it.each([[0, '"stops" takes 1 to 50 stops; got 0']])(
    'refuses %i stops with BAD_USER_INPUT naming the limit, before calling',
    async (count, message) => {
      const stops = Array.from({ length: count }, (_, index) => ({ id: `s${index}`, loccode: KANO_STREET }));
      const result = await stack.query(OPTIMIZE, {
        origin: { id: 'o', loccode: KANO_STREET },
        destination: { id: 'd', loccode: KANO_STREET },
        stops,
      });
      const error = errorAt(result, ['optimizeStops']);
      expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
      expect(error.message).toContain(message);
      expect(mapsCalls(stack, 'optimize')).toBe(0);
    },
  );

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

  it('refuses a stop id used twice', async () => {
    const result = await stack.query(OPTIMIZE, {
      origin: { id: 'o', loccode: KANO_STREET },
      destination: { id: 'd', loccode: KANO_STREET },
      stops: [
        { id: 'a', loccode: KANO_STREET },
        { id: 'o', loccode: KANO_STREET },
      ],
    });
    expect(errorAt(result, ['optimizeStops']).message).toContain('"stops[1].id" is "o", already used');
    expect(mapsCalls(stack, 'optimize')).toBe(0);
  });
});
