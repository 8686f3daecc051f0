import { useStandInStack } from '../support/stand-in';
import { PATHS, streetOf } from './support';
import { ScriptedAgriculture } from './scripted-upstream';

/**
 * An upstream body that breaks the spec is checked before it is cached: were it kept, one
 * malformed 2xx answer would be UPSTREAM_BAD_RESPONSE for the whole TTL, with no call to
 * recover. With the production cache on, the next request asks again.
 */
describe('a malformed 2xx answer, then a good one (upstream cache on)', () => {
  const { standIn: scripted, stack } = useStandInStack('agriculture', ScriptedAgriculture.start, {
    productionCaches: true,
  });

  it('answers the second request with data, after a second upstream call', async () => {
    const kano = streetOf(stack.sandbox, 'Kano').code;
    const query = `{ loccode(code: "${kano}") { climate { state } } }`;
    scripted.script(PATHS.climate, {
      status: 200,
      body: { loccode: kano, climate_data: { temperature_2m: 30 } },
    });
    const bad = await stack.query(query);
    expect(bad.errors![0]!.extensions).toMatchObject({
      code: 'UPSTREAM_BAD_RESPONSE',
      service: 'agriculture',
    });

    scripted.clear();
    const good = await stack.query(query);
    expect(good.errors).toBeUndefined();
    expect(good.data.loccode.climate.state).toBe('Kano');
    expect(scripted.received.filter((path) => path === PATHS.climate.split('?')[0])).toHaveLength(2);

    // And the good answer is cached as before: a third request calls nothing.
    await stack.query(query);
    expect(scripted.received.filter((path) => path === PATHS.climate.split('?')[0])).toHaveLength(2);
  });
});
