import { ACCRA, expectFailure, KANO_STREET, UNISSUED_LOCCODE, useMapsSandbox } from './harness';
import { atPoint, gridStops, mixedStops, tripBody } from './optimize-fixtures';

describe('maps service: POST /sdk/v1/optimize refuses what the spec refuses', () => {
  const maps = useMapsSandbox();
  const kano = () => maps.street(KANO_STREET);

  it.each([
    ['no stops', []],
    ['51 stops', gridStops({ latitude: 12, longitude: 8.5 }, 51)],
    ['stops left out', undefined],
    ['stops not an array', { id: 'a', latitude: 12, longitude: 8.5 }],
  ])('returns 400 VALIDATION_ERROR naming stops for %s', async (_label, stops) => {
    const res = await maps.post('optimize', tripBody(maps, stops));
    expectFailure(res, 400, 'VALIDATION_ERROR');
    expect(res.json.message).toContain('stops');
  });

  it('returns 400 VALIDATION_ERROR listing every offending field', async () => {
    const stops = [
      { id: 'a', latitude: 12, longitude: 8.5 },
      { id: 'a', loccode: KANO_STREET },
      'b',
      { loccode: KANO_STREET },
    ];
    const res = await maps.post('optimize', tripBody(maps, stops, { origin_id: 7, mode: 'boat' }));
    expectFailure(res, 400, 'VALIDATION_ERROR');
    for (const field of ['origin_id', 'mode', 'stops[2]', 'stops[3].id', 'stops[].id']) {
      expect(res.json.message).toContain(field);
    }
  });

  it.each([
    ['a stop has neither coordinates nor loccode', { stops: [{ id: 'a' }] }],
    ['a stop has a malformed loccode', { stops: [{ id: 'a', loccode: 'KN3A-7QP' }] }],
    ['a stop has a latitude only', { stops: [{ id: 'a', latitude: 12 }] }],
    ['the origin is missing', { origin_loccode: undefined }],
    [
      'the destination loccode is malformed',
      { dest_lat: undefined, dest_lng: undefined, dest_loccode: 'KN3A7QP' },
    ],
  ])('returns 400 INVALID_PARAMS when %s', async (_label, change) => {
    const request = JSON.parse(
      JSON.stringify({ ...tripBody(maps, [atPoint('x', kano().point)]), ...change }),
    );
    expectFailure(await maps.post('optimize', request), 400, 'INVALID_PARAMS');
  });

  it('returns 404 NOT_FOUND when a well-formed loccode does not exist', async () => {
    expect(maps.sandbox.dataset.streetByCode.has(UNISSUED_LOCCODE)).toBe(false);
    const stops = [...mixedStops(maps), { id: 'ghost', loccode: UNISSUED_LOCCODE }];
    expectFailure(await maps.post('optimize', tripBody(maps, stops)), 404, 'NOT_FOUND');
    expectFailure(
      await maps.post('optimize', tripBody(maps, mixedStops(maps), { origin_loccode: UNISSUED_LOCCODE })),
      404,
      'NOT_FOUND',
    );
  });

  it('returns 422 ROUTING_FAILED when a stop is outside Nigeria', async () => {
    expectFailure(
      await maps.post('optimize', tripBody(maps, [...mixedStops(maps), atPoint('accra', ACCRA)])),
      422,
      'ROUTING_FAILED',
    );
  });
});
