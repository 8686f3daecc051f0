import { SINGLE_REQUEST_DISCIPLINE, useTestStack } from '../support/gateway';

/**
 * Fragments that spread the next one twice. Analysed spread by spread, 30 of them (about
 * 1 KB) mean 2^30 walks and a stalled server. Each fragment is analysed once, and the
 * document is refused for what it stands for: a query of over a billion fields. Without the
 * memoised analysis this suite does not finish.
 */
function doublySpreadFragments(count: number): string {
  const fragments = Array.from({ length: count }, (_, index) =>
    index + 1 < count
      ? `fragment F${index + 1} on Loccode { ...F${index + 2} ...F${index + 2} }`
      : `fragment F${index + 1} on Loccode { code climate { state } }`,
  );
  return `{ loccode(code: "KN3A 7QP") { ...F1 } }\n${fragments.join('\n')}`;
}

/** Fields of `doublySpreadFragments(count)` written out: the last fragment's 3, doubled by each of the others, plus `loccode`. */
function writtenOutFields(count: number): number {
  return 3 * 2 ** (count - 1) + 1;
}

describe('a document whose fragments spread each other twice', () => {
  const stack = useTestStack(SINGLE_REQUEST_DISCIPLINE);

  it('30 of them (about 1 KB) are refused with TOO_MANY_FIELDS, and nothing is called', async () => {
    const document = doublySpreadFragments(30);
    expect(document.length).toBeLessThan(2048);
    const { status, data, errors } = await stack.query(document);
    expect(status).toBe(400);
    expect(data).toBeUndefined();
    expect(errors![0]!.extensions).toMatchObject({
      code: 'TOO_MANY_FIELDS',
      limit: 5000,
      actual: writtenOutFields(30),
    });
    expect(errors![0]!.message).toMatch(/QUERY_MAX_FIELDS/);
    expect(stack.sandbox.controls.count({ service: 'agriculture' })).toBe(0);
  });

  it('a simple query sent at the same moment is answered as usual', async () => {
    const [attack, simple] = await Promise.all([
      stack.query(doublySpreadFragments(30)),
      stack.query('{ loccode(code: "KN3A 7QP") { code } }'),
    ]);
    expect(attack.status).toBe(400);
    expect(simple.errors).toBeUndefined();
    expect(simple.data.loccode.code).toBe('KN3A 7QP');
  });

  it('10 of them (1,537 fields written out) are answered, costing the one climate call they need', async () => {
    expect(writtenOutFields(10)).toBeLessThan(5000);
    const { status, data, errors, response } = await stack.query(doublySpreadFragments(10));
    expect(errors).toBeUndefined();
    expect(status).toBe(200);
    expect(data.loccode).toEqual({ code: 'KN3A 7QP', climate: { state: 'Kano' } });
    expect(response.json.extensions.cost.requested).toBe(1);
    expect(stack.sandbox.controls.count({ service: 'agriculture' })).toBe(1);
  });
});

describe('fragment and directive counts', () => {
  const stack = useTestStack(SINGLE_REQUEST_DISCIPLINE);

  it('more than 100 fragment definitions are refused with TOO_MANY_FRAGMENTS', async () => {
    const names = Array.from({ length: 101 }, (_, index) => `G${index}`);
    const document = [
      `{ loccode(code: "KN3A 7QP") { ${names.map((name) => `...${name}`).join(' ')} } }`,
      ...names.map((name) => `fragment ${name} on Loccode { code }`),
    ].join('\n');
    const { status, errors } = await stack.query(document);
    expect(status).toBe(400);
    expect(errors![0]!.extensions).toMatchObject({ code: 'TOO_MANY_FRAGMENTS', limit: 100, actual: 101 });
    expect(errors![0]!.message).toMatch(/QUERY_MAX_FRAGMENTS/);
  });

  it('more than 50 directives are refused with TOO_MANY_DIRECTIVES, counted where fragments are spread', async () => {
    // 26 directives in the fragment, spread twice: 52 once written out.
    const directives = Array.from({ length: 26 }, () => '... @include(if: true) { code }').join(' ');
    const document = `{ a: loccode(code: "KN3A 7QP") { ...D } b: loccode(code: "KN3A 7QP") { ...D } }
fragment D on Loccode { code ${directives} }`;
    const { status, errors } = await stack.query(document);
    expect(status).toBe(400);
    expect(errors![0]!.extensions).toMatchObject({ code: 'TOO_MANY_DIRECTIVES', limit: 50, actual: 52 });
  });

  it('50 directives are fine', async () => {
    const directives = Array.from({ length: 25 }, () => '... @include(if: true) { code }').join(' ');
    const document = `{ a: loccode(code: "KN3A 7QP") { ...D } b: loccode(code: "KN3A 7QP") { ...D } }
fragment D on Loccode { code ${directives} }`;
    const { data, errors } = await stack.query(document);
    expect(errors).toBeUndefined();
    expect(data).toEqual({ a: { code: 'KN3A 7QP' }, b: { code: 'KN3A 7QP' } });
  });
});
