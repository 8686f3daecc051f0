import { useStandInStack } from '../support/stand-in';
import { decodeReference, encodeReference } from '../support/polyline';
import { ScriptedMaps } from './scripted-maps';
import { KANO_STREET, ONE_ROUTE_FIELDS, expectedOneRoute } from './support';

/* eslint-disable @typescript-eslint/no-explicit-any -- upstream JSON is compared field by field */

/*
 * Maps spec, Route data: the answer carries `routes[]`. The first is `Route` itself; the
 * others are `Route.alternatives`, in the service's order, drawn the same way. The sandbox
 * answers one route, so a stand-in adds a second (a detour) to the sandbox's own answer.
 */

/** A longer way round: the same ends, a path bent through a point off the line, other times. */
function detour(route: any) {
  const points = decodeReference(route.geometry);
  const middle = points[Math.floor(points.length / 2)]!;
  const bent = { latitude: middle.latitude + 0.01, longitude: middle.longitude - 0.01 };
  return {
    ...route,
    distance: Math.round(route.distance * 1.3),
    duration: Math.round(route.duration * 1.2),
    geometry: encodeReference([points[0]!, bent, points[points.length - 1]!]),
    legs: route.legs.map((leg: any) => ({ ...leg, summary: 'Eastern Bypass' })),
  };
}

describe('Route.alternatives', () => {
  const { standIn: maps, stack } = useStandInStack('maps', ScriptedMaps.start);
  let upstream: any;

  const ask = () =>
    stack.query(
      `query($d: String!) { route(origin: { loccode: "${KANO_STREET}" }, destination: { loccode: $d }) {
        ${ONE_ROUTE_FIELDS} waypoints { name } shareUrl alternatives { ${ONE_ROUTE_FIELDS} } } }`,
      { d: stack.sandbox.dataset.streets.find((s) => s.state === 'Kano' && s.code !== KANO_STREET)!.code },
    );

  it('lists the routes after the first, in order, with the same conventions; the first is unchanged', async () => {
    maps.script('/sdk/v1/route', async (_request, forward) => {
      const reply = await forward();
      upstream = reply.body;
      const [first] = upstream.data.routes;
      upstream.data.routes = [first, detour(first)];
      return { status: reply.status, body: upstream };
    });
    const { data, errors } = await ask();
    expect(errors).toBeUndefined();
    const [first, second] = upstream.data.routes;
    const { alternatives, waypoints, shareUrl, ...route } = data.route;
    expect(route).toEqual(expectedOneRoute(first));
    expect(waypoints).toHaveLength(upstream.data.waypoints.length);
    expect(shareUrl).toBe(upstream.data.shareUrl);
    expect(alternatives).toEqual([expectedOneRoute(second)]);
    expect(alternatives[0].distanceMeters).toBeGreaterThan(route.distanceMeters);
    expect(stack.sandbox.controls.count({ service: 'maps', operation: 'route' })).toBe(1);
  });

  it('is empty when the service answers one route', async () => {
    const { data, errors } = await ask();
    expect(errors).toBeUndefined();
    expect(data.route.alternatives).toEqual([]);
  });
});
