import { SANDBOX_KEYS } from '../../src/sandbox';
import { SINGLE_REQUEST_DISCIPLINE, startTestStack, type TestStack } from '../support/gateway';
import { PATHS, sandboxGet, streetOf } from './support';
import { ScriptedAgriculture } from './scripted-upstream';

/**
 * Issue #17: an answer of the same bytes as one before is not parsed and checked again. With
 * every cache off, each request still calls the service, and what it serves is what the
 * service said this time: another body of the same length, a body that breaks the spec
 * between two good ones, the good one again.
 */
describe('the same climate answer again and again, every cache off', () => {
  let scripted: ScriptedAgriculture;
  let stack: TestStack;
  beforeAll(async () => {
    scripted = await ScriptedAgriculture.start();
    stack = await startTestStack({
      ...SINGLE_REQUEST_DISCIPLINE,
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

  it('serves what the service answered each time, and calls it each time', async () => {
    const kano = streetOf(stack.sandbox, 'Kano').code;
    const query = `{ loccode(code: "${kano}") { climate { state airTemperatureCelsius } } }`;
    const wire = (await sandboxGet(stack, PATHS.climate, { loccode: kano })).json;
    // The spec's `climate_data` list, normally of one record (the sandbox's is).
    const [record] = wire.climate_data as Array<Record<string, unknown>>;
    const real = record!.temperature_2m as number;
    const temperature = async () => {
      const { data, errors } = await stack.query(query);
      return errors ? errors[0]!.extensions!.code : data.loccode.climate.airTemperatureCelsius;
    };
    const calls = () => scripted.received.filter((path) => path === PATHS.climate).length;

    expect(await temperature()).toBe(real);
    expect(await temperature()).toBe(real);

    // The same body with one digit changed: the same length, another answer.
    const other = real === 19.5 ? 18.5 : 19.5;
    expect(String(other)).toHaveLength(String(real).length);
    scripted.script(PATHS.climate, {
      status: 200,
      body: { ...wire, climate_data: [{ ...record, temperature_2m: other }] },
    });
    expect(await temperature()).toBe(other);

    // A body that breaks the spec is refused every time it comes, and the good one served after it.
    scripted.script(PATHS.climate, {
      status: 200,
      body: { loccode: kano, climate_data: { temperature_2m: 30 } },
    });
    expect(await temperature()).toBe('UPSTREAM_BAD_RESPONSE');
    expect(await temperature()).toBe('UPSTREAM_BAD_RESPONSE');
    scripted.clear();
    expect(await temperature()).toBe(real);
    expect(calls()).toBe(6);
  });
});
