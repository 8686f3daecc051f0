import { useStandInStack } from '../support/stand-in';
import { ExactCaseAddressService } from '../address/exact-case-service';
import { KANO_STREET, UNISSUED_LOCCODE, errorAt } from './support';

/*
 * Loccodes are issued in capitals. Agriculture matches them exactly (its spec), and so do
 * the sandbox's maps service and the stand-in address service here: a lower-case code is
 * sent as typed and comes back unknown. Every such "not found" says the same: capitals
 * matter, and the upper-case form. An unknown code in capitals gets no such sentence.
 */
const LOWER = KANO_STREET.toLowerCase();
const CAPITALS = `Loccodes are issued in capitals and this service matches them exactly, letter case included: did you mean "${KANO_STREET}"?`;

describe('a lower-case loccode that a service does not find', () => {
  const { stack } = useStandInStack('address', ExactCaseAddressService.start);

  const LOCCODE_FIELDS = 'climate { state } street { name } address { streetName }';

  it('is sent as typed and answered with one sentence about capitals by agriculture, maps and address', async () => {
    const result = await stack.query(`query($c: String!) { loccode(code: $c) { ${LOCCODE_FIELDS} } }`, {
      c: LOWER,
    });
    expect(result.data.loccode).toEqual({ climate: null, street: null, address: null });
    for (const [field, service] of [
      ['climate', 'agriculture'],
      ['street', 'maps'],
      ['address', 'address'],
    ]) {
      const error = errorAt(result, ['loccode', field!]);
      expect(error.extensions).toMatchObject({ code: 'LOCCODE_NOT_FOUND', service });
      expect(error.message).toContain(`"${LOWER}"`);
      expect(error.message.endsWith(` ${CAPITALS}`)).toBe(true);
    }
    const [climate] = stack.sandbox.controls.requests({ service: 'agriculture', operation: 'climate' });
    expect(climate!.query.loccode).toBe(LOWER);
    const [resolve] = stack.sandbox.controls.requests({ service: 'maps', operation: 'resolveLoccode' });
    expect(decodeURIComponent(resolve!.path)).toContain(LOWER);
  });

  it('as an origin of a supply route, a route or a trip says the same', async () => {
    const other = stack.sandbox.dataset.streets.find((street) => street.state === 'Lagos')!.code;
    const result = await stack.query(
      `query($c: String!, $o: String!) {
        supplyRoute(origin: $c, destination: $o) { __typename }
        route(origin: { loccode: $c }, destination: { loccode: $o }) { distanceMeters }
        optimizeStops(origin: { loccode: $o }, destination: { loccode: $o }, stops: [{ id: "s", loccode: $c }]) { totalDistanceMeters }
      }`,
      { c: LOWER, o: other },
    );
    expect(errorAt(result, ['supplyRoute']).extensions!.code).toBe('ORIGIN_NOT_FOUND');
    for (const field of ['supplyRoute', 'route', 'optimizeStops']) {
      expect(errorAt(result, [field]).message.endsWith(` ${CAPITALS}`)).toBe(true);
    }
  });

  it('an unknown code in capitals gets no sentence about capitals', async () => {
    const result = await stack.query(`query($c: String!) { loccode(code: $c) { ${LOCCODE_FIELDS} } }`, {
      c: UNISSUED_LOCCODE,
    });
    for (const field of ['climate', 'street', 'address']) {
      const error = errorAt(result, ['loccode', field]);
      expect(error.extensions!.code).toBe('LOCCODE_NOT_FOUND');
      expect(error.message).not.toContain('capitals');
    }
  });
});
