import { SANDBOX_KEYS } from '../../src/sandbox';
import { startTestStack, type TestStack } from '../support/gateway';
import { PATHS, streetOf } from './support';
import { ScriptedAgriculture } from './scripted-upstream';

/**
 * An upstream body that breaks the spec is checked before it is cached: were it kept, one
 * malformed 2xx answer would be UPSTREAM_BAD_RESPONSE for the whole TTL, with no call to
 * recover. With the production cache on, the next request asks again.
 */
describe('a malformed 2xx answer, then a good one (upstream cache on)', () => {
  let scripted: ScriptedAgriculture;
  let stack: TestStack;
  beforeAll(async () => {
    scripted = await ScriptedAgriculture.start();
    stack = await startTestStack({
      CLIENT_POINTS_PER_MINUTE: '100000000',
      AGRI_BASE_URL: scripted.url,
      AGRI_API_KEY: SANDBOX_KEYS.agriculture,
      SANDBOX: 'all',
      ALLOW_ANONYMOUS: 'true',
    });
    scripted.forwardTo(stack.sandbox.urls.agriculture);
  });
  afterAll(async () => {
    await stack.close();
    await scripted.close();
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
