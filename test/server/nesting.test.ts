import fc from 'fast-check';
import { documentNesting, jsonNesting } from '../../src/server/http-body';

/** How deep arrays and objects nest in a JSON value, counted on the value itself. */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (value !== null && typeof value === 'object')
    return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

describe('reading nesting without parsing (refusals before JSON.parse and graphql-js)', () => {
  it('jsonNesting agrees with the depth of any JSON value, whatever its strings hold', () => {
    // Strings full of brackets, quotes and backslashes: the scan must skip every one of them.
    const text = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', ' ', '\n') });
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.integer(),
        fc.constant(null),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(text, tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(fc.property(value, (v) => jsonNesting(JSON.stringify(v)) === depthOf(v)));
  });

  it('documentNesting counts selection sets and input values, not strings, block strings or comments', () => {
    expect(documentNesting('{ a { b { c } } }')).toBe(3);
    expect(documentNesting('# {{{{\n{ a }')).toBe(1);
    expect(documentNesting('{ a(x: "{{{ \\" {{") }')).toBe(1);
    expect(documentNesting('{ a(x: """ {{ \n {{ \\""" {{ """) }')).toBe(1);
    expect(documentNesting('{ a(x: [[1], [[2]]], y: { z: [3] }) }')).toBe(4);
    expect(documentNesting('{ a(x: "unterminated {{{{')).toBe(1);
    expect(documentNesting('{'.repeat(5000))).toBe(5000);
  });
});
