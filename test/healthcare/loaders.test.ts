import { useTestStack, type GraphQLResult } from '../support/gateway';
import { KANO_AREA, KANO_STREET } from './upstream';

const OPERATIONS = ['facilities', 'access', 'emergencyRoute', 'specialist', 'healthRisk', 'heatmap'];

const EVERY_FIELD = `
  facilities(level: PRIMARY) { count }
  healthcareAccess { accessScore }
  emergency { contacts { ambulance } }
  specialists(condition: "fever") { interpretedCondition }
  healthRisk { index }
  heatmap { radiusKm }`;

describe('healthcare loaders: each question is asked once per request', () => {
  const stack = useTestStack();

  beforeEach(() => stack.sandbox.controls.clearLog());

  const callsOf = (operation: string) => stack.sandbox.controls.count({ service: 'healthcare', operation });

  it('makes one call per operation for the same loccode in two letter cases (the service folds case)', async () => {
    const { data, errors } = await stack.query(
      `{ upper: loccode(code: "KN3A 7QP") { ${EVERY_FIELD} } lower: loccode(code: "kn3a 7qp") { ${EVERY_FIELD} } }`,
    );
    expect(errors).toBeUndefined();
    expect(data.lower).toEqual(data.upper);
    for (const operation of OPERATIONS) expect(callsOf(operation)).toBe(1);
    const sent = stack.sandbox.controls.requests({ service: 'healthcare' }).map((r) => r.query.loccode);
    expect(new Set(sent)).toEqual(new Set([KANO_STREET]));
  });

  /** The errors at or below `path`, by field, as a client reads them. */
  const errorsAt = (result: GraphQLResult, path: Array<string | number>) =>
    (result.errors ?? [])
      .filter((error) => path.every((member, index) => error.path?.[index] === member))
      .map((error) => ({ field: error.path!.at(-1), code: error.extensions?.code, message: error.message }))
      .sort((x, y) => String(x.field).localeCompare(String(y.field)));

  it.each([
    ['a known code', 'kn3a 7qp', KANO_STREET],
    ['an unknown code', 'zz9z 9zz', 'ZZ9Z 9ZZ'],
  ])(
    'answers %s the same alone and beside its other spelling, in either order (stable answers)',
    async (_case, lower, upper) => {
      const both = await stack.query(`{
        a: loccodes(codes: ["${lower}", "${upper}"]) { ${EVERY_FIELD} }
        b: loccodes(codes: ["${upper}", "${lower}"]) { ${EVERY_FIELD} } }`);
      const places: Array<[code: string, list: string, index: number]> = [
        [lower, 'a', 0],
        [lower, 'b', 1],
        [upper, 'a', 1],
        [upper, 'b', 0],
      ];
      for (const [code, list, index] of places) {
        const alone = await stack.query(`{ loccode(code: "${code}") { ${EVERY_FIELD} } }`);
        expect(both.data[list][index]).toEqual(alone.data.loccode);
        expect(errorsAt(both, [list, index])).toEqual(errorsAt(alone, ['loccode']));
      }
    },
  );

  it('makes one call for aliased fields with the same arguments, and one per distinct argument set', async () => {
    const { errors } = await stack.query(`{ loccode(code: "${KANO_STREET}") {
      a: facilities(level: PRIMARY, radiusKm: 10) { count }
      b: facilities(level: PRIMARY, radiusKm: 10) { count }
      c: facilities(level: PRIMARY, radiusKm: 20) { count }
      d: facilities(level: TERTIARY, radiusKm: 10) { count }
      e: specialists(condition: "fever") { interpretedCondition }
      f: specialists(condition: "fever") { interpretedCondition }
      g: specialists(condition: "toothache") { interpretedCondition }
      h: heatmap { radiusKm }
      i: heatmap { radiusKm } } }`);
    expect(errors).toBeUndefined();
    expect(callsOf('facilities')).toBe(3);
    expect(callsOf('specialist')).toBe(2);
    expect(callsOf('heatmap')).toBe(1);
  });

  it('makes one call per distinct code in loccodes(codes:) with repeats', async () => {
    const { data, errors } = await stack.query(
      `{ loccodes(codes: ["${KANO_STREET}", "${KANO_AREA}", "${KANO_STREET}", "${KANO_AREA.toLowerCase()}"]) {
        healthcareAccess { accessScore } } }`,
    );
    expect(errors).toBeUndefined();
    expect(data.loccodes).toHaveLength(4);
    expect(callsOf('access')).toBe(2);
  });
});
