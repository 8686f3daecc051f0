import { useTestStack } from '../support/gateway';
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
    for (const loccode of sent) expect(['KN3A 7QP', 'kn3a 7qp']).toContain(loccode);
  });

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
