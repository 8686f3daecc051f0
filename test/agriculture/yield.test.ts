import { useTestStack } from '../support/gateway';
import { callsTo, PATHS, sandboxGet, streetOf } from './support';

describe('Loccode.cropYield (Get Crop Yield) and Query.crops', () => {
  const stack = useTestStack();

  const benue = () => streetOf(stack.sandbox, 'Benue').code;

  it('gives the prediction of the service with units in the names, its bag unit and the bag size read from it', async () => {
    const upstream = (await sandboxGet(stack, PATHS.yield, { loccode: benue(), crop: 'yam' })).json;
    const figures = upstream.yield_prediction;
    const { data, errors } = await stack.query(
      `query($code: String!) { loccode(code: $code) { cropYield(crop: YAM) {
        crop locationName landSizeHectares tonnesPerHectare totalTonnes totalKg bagCount bagUnit bagSizeKg
        summary perHectareSummary seasonalNote growingAdvice
      } } }`,
      { code: benue() },
    );
    expect(errors).toBeUndefined();
    expect(data.loccode.cropYield).toEqual({
      crop: 'YAM',
      locationName: upstream.location,
      landSizeHectares: upstream.land_size_ha,
      tonnesPerHectare: figures.tonnes_per_hectare,
      totalTonnes: figures.total_tonnes,
      totalKg: figures.total_kg,
      bagCount: figures.total_count,
      // Spec: unit is "currently the 50 kg bag unit"; the sandbox words it `50kg bag`.
      bagUnit: '50kg bag',
      bagSizeKg: 50,
      summary: figures.total_yield,
      perHectareSummary: figures.per_hectare,
      seasonalNote: upstream.seasonal_note,
      growingAdvice: upstream.growing_advice,
    });
  });

  it('sends the crop as its lower-case token', async () => {
    await stack.query(
      `query($code: String!) { loccode(code: $code) { cropYield(crop: BAMBARA_GROUNDNUT) { crop } } }`,
      {
        code: benue(),
      },
    );
    const [logged] = stack.sandbox.controls.requests({ service: 'agriculture', operation: 'yield' });
    expect(logged!.query).toEqual({ loccode: benue(), crop: 'bambara_groundnut' });
  });

  it('makes one call per distinct crop', async () => {
    const { data } = await stack.query(
      `query($code: String!) { loccode(code: $code) {
        a: cropYield(crop: RICE) { crop } b: cropYield(crop: RICE) { totalKg } c: cropYield(crop: MAIZE) { crop }
      } }`,
      { code: benue() },
    );
    expect(data.loccode.a.crop).toBe('RICE');
    expect(data.loccode.c.crop).toBe('MAIZE');
    expect(callsTo(stack, 'yield')).toBe(2);
  });

  it('lists the 21 supported crops without calling the service', async () => {
    const { data } = await stack.query('{ crops }');
    // Spec, "Supported crop names": the accepted tokens, in the spec's order, as GraphQL enum values.
    const tokens =
      'yam, cassava, maize, rice, groundnut, sorghum, cowpea, millet, tomato, pepper, cocoa, palm, plantain, cocoyam, kola_nut, mango_green, watermelon, pineapple, onion_dried, bambara_groundnut, rubber_latex';
    expect(data.crops).toEqual(tokens.split(', ').map((token) => token.toUpperCase()));
    expect(stack.sandbox.controls.count({ service: 'agriculture' })).toBe(0);
  });
});
