import type { GraphQLResult } from '../support/gateway';
import { useStandInStack } from '../support/stand-in';
import { ExactCaseAddressService } from './exact-case-service';
import { ADDRESS_FIELDS, KANO_STREET } from './upstream';

const ADDRESS = `address { ${ADDRESS_FIELDS} }`;
const LOWER = KANO_STREET.toLowerCase();

/** What a client sees at one field: its value and the errors at or below it. */
function answerAt({ data, errors }: GraphQLResult, path: Array<string | number>) {
  return {
    value: path.reduce((parent, member) => parent?.[member], data),
    errors: (errors ?? [])
      .filter((error) => path.every((member, index) => error.path?.[index] === member))
      .map((error) => ({ code: error.extensions?.code, message: error.message })),
  };
}

/**
 * An audit found that a field's value depended on the other fields of its query: address
 * lookups were keyed by the upper-cased loccode, so `kn3a 7qp` and `KN3A 7QP` shared
 * one call made with whichever spelling was loaded first. Spec B does not say that the
 * address service folds case, so these run against one that does not.
 */
describe('an address answer does not depend on the fields asked beside it', () => {
  const { stack } = useStandInStack('address', ExactCaseAddressService.start);

  const kano = () => stack.sandbox.dataset.streetByCode.get(KANO_STREET)!;
  const position = () => ({ latitude: kano().point.latitude, longitude: kano().point.longitude });
  const alone = async (code: string) =>
    answerAt(await stack.query(`query($c: String!) { loccode(code: $c) { ${ADDRESS} } }`, { c: code }), [
      'loccode',
      'address',
    ]);

  it('answers each spelling alone as that service does: the upper-case code is found, the lower-case is not', async () => {
    const upper = await alone(KANO_STREET);
    expect(upper.errors).toEqual([]);
    expect(upper.value).toMatchObject({ loccode: { code: KANO_STREET }, streetName: kano().name });
    const lower = await alone(LOWER);
    expect(lower.value).toBeNull();
    expect(lower.errors.map((error) => error.code)).toEqual(['LOCCODE_NOT_FOUND']);
  });

  it.each([
    [KANO_STREET, LOWER],
    [LOWER, KANO_STREET],
  ])('gives %s the same address next to %s, in either order and beside other fields', async (code, other) => {
    const expected = await alone(code);
    const listed = `query($c: String!, $o: String!) {
      after: loccodes(codes: [$o, $c]) { ${ADDRESS} } before: loccodes(codes: [$c, $o]) { ${ADDRESS} } }`;
    const both = await stack.query(listed, { c: code, o: other });
    expect(answerAt(both, ['after', 1, 'address'])).toEqual(expected);
    expect(answerAt(both, ['before', 0, 'address'])).toEqual(expected);

    const busy = await stack.query(
      `query($c: String!, $o: String!, $name: String!, $at: CoordinatesInput!) {
        other: loccode(code: $o) { ${ADDRESS} }
        addressByStreet(streetName: $name) { loccode { ${ADDRESS} } }
        addressNear(location: $at) { loccode { ${ADDRESS} } }
        loccode(code: $c) {
          street { name } facilities(level: PRIMARY) { count } healthRisk { index } ${ADDRESS}
          upper: address { loccode { ${ADDRESS} } } } }`,
      { c: code, o: other, name: kano().name, at: position() },
    );
    expect(answerAt(busy, ['loccode', 'address'])).toEqual(expected);
  });

  it('a record found by street, by position or by another loccode answers its own loccode as asking it does', async () => {
    const result = await stack.query(
      `query($name: String!, $at: CoordinatesInput!, $c: String!) {
        addressByStreet(streetName: $name) { loccode { code ${ADDRESS} } }
        addressNear(location: $at) { loccode { code ${ADDRESS} } }
        loccode(code: $c) { address { loccode { code ${ADDRESS} } } } }`,
      { name: kano().name, at: position(), c: KANO_STREET },
    );
    expect(result.errors).toBeUndefined();
    for (const path of [
      ['addressByStreet', 'loccode'],
      ['addressNear', 'loccode'],
      ['loccode', 'address', 'loccode'],
    ]) {
      const { code } = answerAt(result, path).value;
      expect(answerAt(result, [...path, 'address'])).toEqual(await alone(code));
    }
  });
});
