import { SINGLE_REQUEST_DISCIPLINE, useTestStack } from '../support/gateway';

/**
 * Hardening II (issue #11), attack 1: fragments that spread the next one twice. Analysed
 * spread by spread, 30 of them (about 1 KB) meant 2^30 walks and a server stalled for
 * minutes; each fragment is now analysed once. Without that, this test does not finish.
 */
function doublySpreadFragments(count: number): string {
  const fragments = Array.from({ length: count }, (_, index) =>
    index + 1 < count
      ? `fragment F${index + 1} on Loccode { ...F${index + 2} ...F${index + 2} }`
      : `fragment F${index + 1} on Loccode { code climate { state } }`,
  );
  return `{ loccode(code: "KN3A 7QP") { ...F1 } }\n${fragments.join('\n')}`;
}

describe('a document whose fragments spread each other twice', () => {
  const stack = useTestStack(SINGLE_REQUEST_DISCIPLINE);

  it('is analysed once per fragment: 30 of them get their answer, costing one climate call', async () => {
    const document = doublySpreadFragments(30);
    expect(document.length).toBeLessThan(2048);
    const { status, data, errors, response } = await stack.query(document);
    expect(errors).toBeUndefined();
    expect(status).toBe(200);
    expect(data.loccode).toEqual({ code: 'KN3A 7QP', climate: { state: 'Kano' } });
    expect(response.json.extensions.cost.requested).toBe(1);
    expect(stack.sandbox.controls.count({ service: 'agriculture' })).toBe(1);
  });

  it('and a simple query sent right after it is answered as usual', async () => {
    void stack.query(doublySpreadFragments(30));
    const { data, errors } = await stack.query('{ loccode(code: "KN3A 7QP") { code } }');
    expect(errors).toBeUndefined();
    expect(data.loccode.code).toBe('KN3A 7QP');
  });
});
