import type { z } from 'zod';

/**
 * Several members of a wire object that share one schema, by name: `{ ...members(text,
 * 'city', 'state') }`. Upstream objects list many members of one kind; naming them once
 * each keeps a schema readable against its spec.
 */
export function members<Name extends string, Schema extends z.ZodType>(
  schema: Schema,
  ...names: Name[]
): Record<Name, Schema> {
  return Object.fromEntries(names.map((name) => [name, schema])) as Record<Name, Schema>;
}
