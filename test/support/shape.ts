/**
 * A small typed shape checker for contract tests: `shapeErrors(body, shape)`
 * lists every place where a body differs from the spec's types. Keys a shape
 * does not name are allowed (clients must ignore unknown keys).
 */
export type Shape =
  | { kind: 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'isoDateTime' }
  | { kind: 'oneOf'; values: readonly unknown[] }
  | { kind: 'array'; items: Shape; minItems: number }
  | { kind: 'object'; fields: Record<string, Shape> }
  | { kind: 'either'; options: Shape[] };

export const is = {
  string: { kind: 'string' } as Shape,
  number: { kind: 'number' } as Shape,
  integer: { kind: 'integer' } as Shape,
  boolean: { kind: 'boolean' } as Shape,
  null: { kind: 'null' } as Shape,
  /** An ISO 8601 date-time string. */
  isoDateTime: { kind: 'isoDateTime' } as Shape,
  oneOf: (...values: readonly unknown[]): Shape => ({ kind: 'oneOf', values }),
  arrayOf: (items: Shape, minItems = 0): Shape => ({ kind: 'array', items, minItems }),
  object: (fields: Record<string, Shape>): Shape => ({ kind: 'object', fields }),
  either: (...options: Shape[]): Shape => ({ kind: 'either', options }),
  nullable: (shape: Shape): Shape => ({ kind: 'either', options: [shape, { kind: 'null' }] }),
};

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export function shapeErrors(value: unknown, shape: Shape, path = '$'): string[] {
  const wrong = (expected: string) => [`${path}: expected ${expected}, got ${JSON.stringify(value)}`];
  switch (shape.kind) {
    case 'string':
      return typeof value === 'string' ? [] : wrong('a string');
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? [] : wrong('a number');
    case 'integer':
      return Number.isInteger(value) ? [] : wrong('an integer');
    case 'boolean':
      return typeof value === 'boolean' ? [] : wrong('a boolean');
    case 'null':
      return value === null ? [] : wrong('null');
    case 'isoDateTime':
      return typeof value === 'string' && ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))
        ? []
        : wrong('an ISO 8601 date-time');
    case 'oneOf':
      return shape.values.includes(value) ? [] : wrong(`one of ${JSON.stringify(shape.values)}`);
    case 'array':
      if (!Array.isArray(value)) return wrong('an array');
      if (value.length < shape.minItems) return wrong(`at least ${shape.minItems} items`);
      return value.flatMap((item, index) => shapeErrors(item, shape.items, `${path}[${index}]`));
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return wrong('an object');
      const record = value as Record<string, unknown>;
      return Object.entries(shape.fields).flatMap(([key, field]) =>
        key in record ? shapeErrors(record[key], field, `${path}.${key}`) : [`${path}.${key}: missing`],
      );
    }
    case 'either':
      return shape.options.some((option) => shapeErrors(value, option, path).length === 0)
        ? []
        : wrong('one of several shapes');
  }
}

/** A 200 whose JSON body has `shape`, every member of it. */
export function expectOkShape(res: { status: number; json: unknown }, shape: Shape): void {
  expect(res.status).toBe(200);
  expect(shapeErrors(res.json, shape)).toEqual([]);
}
