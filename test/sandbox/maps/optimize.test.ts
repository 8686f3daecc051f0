import { shapeErrors } from '../../support/shape';
import { eastOf, expectSuccess, KANO_STREET, metersBetween, useMapsSandbox } from './harness';
import { atPoint, gridStops, mixedStops, tripBody } from './optimize-fixtures';
import { expectPolylineBetween, routeQuery, sum } from './route-checks';
import { OPTIMIZE_DATA } from './shapes';

describe('maps service: stop optimisation (POST /sdk/v1/optimize)', () => {
  const maps = useMapsSandbox();
  const kano = () => maps.street(KANO_STREET);

  it('visits the origin first, every stop once and the destination last, with legs that chain', async () => {
    const stops = mixedStops(maps);
    const res = await maps.post('optimize', tripBody(maps, stops, { origin_id: 'depot', dest_id: 'home' }));
    expectSuccess(res);
    const data = res.json.data;
    expect(shapeErrors(data, OPTIMIZE_DATA)).toEqual([]);

    const ids: string[] = data.optimizedOrderIds;
    expect(ids[0]).toBe('depot');
    expect(ids[ids.length - 1]).toBe('home');
    expect(ids.slice(1, -1).sort()).toEqual(stops.map((s) => s.id).sort());
    expect(data.orderedStops.map((s: { id: string }) => s.id)).toEqual(ids);
    expect(data.orderedStops.map((s: { sequence: number }) => s.sequence)).toEqual(ids.map((_, i) => i));

    for (const stop of data.orderedStops) {
      const sent = stops.find((s) => s.id === stop.id);
      const suppliedLoccode =
        stop.id === 'depot' ? KANO_STREET : sent && 'loccode' in sent ? sent.loccode : undefined;
      expect({ id: stop.id, loccode: stop.loccode }).toEqual({ id: stop.id, loccode: suppliedLoccode });
      if (suppliedLoccode !== undefined) {
        expect(metersBetween(stop, maps.street(suppliedLoccode).point)).toBeLessThan(0.5);
        expect(stop.name).toBe(maps.street(suppliedLoccode).name);
      }
    }

    expect(data.legs).toHaveLength(ids.length - 1);
    data.legs.forEach(
      (leg: { fromId: string; toId: string; geometry: string; distanceMeters: number }, i: number) => {
        expect([leg.fromId, leg.toId]).toEqual([ids[i], ids[i + 1]]);
        expectPolylineBetween(
          leg.geometry,
          data.orderedStops[i],
          data.orderedStops[i + 1],
          leg.distanceMeters,
        );
      },
    );
    const legMeters = sum(data.legs.map((leg: { distanceMeters: number }) => leg.distanceMeters));
    expect(Math.abs(data.totalDistanceMeters - legMeters)).toBeLessThan(0.1 * data.legs.length);
    const legSeconds = sum(data.legs.map((leg: { durationSeconds: number }) => leg.durationSeconds));
    expect(Math.abs(data.totalDurationSeconds - legSeconds)).toBeLessThan(0.1 * data.legs.length);
    expectPolylineBetween(
      data.geometry,
      data.orderedStops[0],
      data.orderedStops[ids.length - 1],
      data.totalDistanceMeters,
    );
  });

  it('gives the same answer whatever order the stops are sent in, even for stops at one spot', async () => {
    const twin = eastOf(kano().point, 7000);
    const stops = [...mixedStops(maps), atPoint('twin-b', twin), atPoint('twin-a', twin)];
    const answers = await Promise.all(
      [stops, [...stops].reverse(), [...stops.slice(2), ...stops.slice(0, 2)]].map((order) =>
        maps.post('optimize', tripBody(maps, order)),
      ),
    );
    for (const answer of answers) expectSuccess(answer);
    expect(answers[1]!.json.data).toEqual(answers[0]!.json.data);
    expect(answers[2]!.json.data).toEqual(answers[0]!.json.data);
  });

  it('finds the obvious order of stops strung along a road, whatever their ids', async () => {
    const start = eastOf(kano().point, 20_000);
    const onTheWay = [4, 1, 6, 2, 5, 3].map((step) => atPoint(`z${7 - step}`, eastOf(start, step * 2000)));
    const end = eastOf(start, 14_000);
    const res = await maps.post('optimize', { ...routeQuery(start, end), stops: onTheWay });
    expectSuccess(res);
    expect(res.json.data.optimizedOrderIds.join(' ')).toBe('origin z6 z5 z4 z3 z2 z1 destination');
  });

  it('improves on nearest-neighbour: it goes back for the stop behind the origin first', async () => {
    const start = eastOf(kano().point, 20_000);
    const behind = eastOf(start, -1500);
    const ahead = eastOf(start, 1000);
    const end = eastOf(start, 10_000);
    const res = await maps.post('optimize', {
      ...routeQuery(start, end),
      stops: [atPoint('ahead', ahead), atPoint('behind', behind)],
    });
    expectSuccess(res);
    // Far from every street, so nothing is snapped and the geometry of the problem is as sent.
    for (const [index, point] of [start, behind, ahead, end].entries()) {
      expect(metersBetween(res.json.data.orderedStops[index], point)).toBeLessThan(0.5);
    }
    expect(res.json.data.optimizedOrderIds).toEqual(['origin', 'behind', 'ahead', 'destination']);
  });

  it('snaps coordinates to a nearby street and names the stop after it', async () => {
    const offStreet = eastOf(kano().point, 40);
    const res = await maps.post('optimize', tripBody(maps, [atPoint('shop', offStreet)]));
    expectSuccess(res);
    const shop = res.json.data.orderedStops.find((s: { id: string }) => s.id === 'shop');
    expect(metersBetween(shop, offStreet)).toBeGreaterThan(1);
    expect(metersBetween(shop, offStreet)).toBeLessThanOrEqual(40);
    expect(shop.name).toBe(kano().name);
  });

  it.each([1, 50])('accepts %i stops', async (count) => {
    const res = await maps.post('optimize', tripBody(maps, gridStops(kano().point, count)));
    expectSuccess(res);
    expect(res.json.data.optimizedOrderIds).toHaveLength(count + 2);
    expect(res.json.data.legs).toHaveLength(count + 1);
  });
});
