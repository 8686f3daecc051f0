import { expectNoUpstreamEcho, failWithStatus } from '../support/sandbox';
import { useTestStack } from '../support/gateway';
import { areaOf, expectFieldError, streetInAreaOf, streetOf } from './support';

/**
 * Spec "Errors", each through the graph: the error sits at the field's path with our
 * code and `service: agriculture`, and the rest of the query keeps its data.
 */
describe('agriculture errors through the graph', () => {
  const stack = useTestStack();

  const kano = () => streetOf(stack.sandbox, 'Kano').code;
  const lagos = () => streetOf(stack.sandbox, 'Lagos').code;
  /** A code with the right shape that no service registers. */
  const UNREGISTERED = 'ZZ9Z 9ZZ';

  describe('404 LOCCODE_NOT_FOUND (climate, pests, yield)', () => {
    it.each([
      ['climate', 'climate { state }'],
      ['pests', 'pests { __typename }'],
      ['cropYield', 'cropYield(crop: MAIZE) { totalKg }'],
    ])(
      'reports %s of an unregistered code at its path, the code still answered',
      async (field, selection) => {
        const result = await stack.query(`query($c: String!) { loccode(code: $c) { code ${selection} } }`, {
          c: UNREGISTERED,
        });
        const error = expectFieldError(result, ['loccode', field], 'LOCCODE_NOT_FOUND');
        expect(error.message).toContain(`"${UNREGISTERED}"`);
        expect(result.data.loccode).toEqual({ code: UNREGISTERED, [field]: null });
      },
    );
  });

  describe('supply', () => {
    const SUPPLY = `query($o: String!, $d: String!) {
      loccode(code: $o) { code climate { state } }
      supplyRoute(origin: $o, destination: $d) { distanceKm }
    }`;

    it('reports 404 ORIGIN_NOT_FOUND at supplyRoute; the rest of the query answers', async () => {
      const result = await stack.query(SUPPLY, { o: UNREGISTERED, d: lagos() });
      expectFieldError(result, ['supplyRoute'], 'ORIGIN_NOT_FOUND');
      expect(result.data.supplyRoute).toBeNull();
      expect(result.data.loccode.code).toBe(UNREGISTERED);
    });

    it('reports 404 DESTINATION_NOT_FOUND at supplyRoute; a sibling agriculture field has data', async () => {
      const result = await stack.query(SUPPLY, { o: kano(), d: UNREGISTERED });
      const error = expectFieldError(result, ['supplyRoute'], 'DESTINATION_NOT_FOUND');
      expect(error.message).toContain(`"${UNREGISTERED}"`);
      expect(result.data.loccode).toEqual({ code: kano(), climate: { state: 'Kano' } });
    });

    it('reports 400 SAME_LOCATION for two codes of one area; a sibling agriculture field has data', async () => {
      const area = areaOf(stack.sandbox, 'Kano');
      const street = streetInAreaOf(stack.sandbox, area).code;
      const result = await stack.query(SUPPLY, { o: area.code, d: street });
      expectFieldError(result, ['supplyRoute'], 'SAME_LOCATION');
      expect(result.data.loccode).toEqual({ code: area.code, climate: { state: 'Kano' } });
    });
  });

  describe('service health', () => {
    const BOTH = `query($c: String!) { loccode(code: $c) { code climate { state } pests { __typename } } }`;

    it.each([
      [503, 'SERVICE_UNAVAILABLE'],
      [500, 'INTERNAL_SERVER_ERROR'],
    ])('reports %s (%s) as UPSTREAM_UNAVAILABLE; pests still answers', async (status) => {
      failWithStatus(stack.sandbox.controls, 'agriculture', 'climate', { status });
      const result = await stack.query(BOTH, { c: kano() });
      expectFieldError(result, ['loccode', 'climate'], 'UPSTREAM_UNAVAILABLE');
      expect(result.data.loccode).toEqual({
        code: kano(),
        climate: null,
        pests: { __typename: 'PestOverview' },
      });
    });

    it('reports 429 as UPSTREAM_RATE_LIMITED with retryAfterSeconds from Retry-After', async () => {
      failWithStatus(stack.sandbox.controls, 'agriculture', 'climate', { status: 429, retryAfterSeconds: 7 });
      const result = await stack.query(BOTH, { c: kano() });
      const error = expectFieldError(result, ['loccode', 'climate'], 'UPSTREAM_RATE_LIMITED');
      expect(error.extensions!.retryAfterSeconds).toBe(7);
      expect(result.data.loccode.pests).toEqual({ __typename: 'PestOverview' });
    });

    it('reports 401 as UPSTREAM_UNAUTHORIZED, a server problem, not the client', async () => {
      failWithStatus(stack.sandbox.controls, 'agriculture', 'pests', { status: 401 });
      const result = await stack.query(BOTH, { c: kano() });
      expectFieldError(result, ['loccode', 'pests'], 'UPSTREAM_UNAUTHORIZED');
      expect(result.data.loccode.climate).toEqual({ state: 'Kano' });
    });

    it('never passes on the text of an upstream error, which may echo the URL and the key', async () => {
      failWithStatus(stack.sandbox.controls, 'agriculture', 'climate', { status: 503, echoRequest: true });
      const result = await stack.query(BOTH, { c: kano() });
      const error = expectFieldError(result, ['loccode', 'climate'], 'UPSTREAM_UNAVAILABLE');
      const text = JSON.stringify(result.errors);
      expectNoUpstreamEcho(text, stack.sandbox, 'agriculture');
      expect(error.message).toMatch(/agriculture service/);
    });

    it('reports a body that is not JSON as UPSTREAM_BAD_RESPONSE', async () => {
      stack.sandbox.controls.injectFault({ service: 'agriculture', operation: 'pests', kind: 'not-json' });
      const result = await stack.query(BOTH, { c: kano() });
      expectFieldError(result, ['loccode', 'pests'], 'UPSTREAM_BAD_RESPONSE');
      expect(result.data.loccode.climate).toEqual({ state: 'Kano' });
    });
  });
});
