import type { GraphQLObjectType } from 'graphql';
import { buildSchema } from '../../src/graph/schema';
import { SINGLE_REQUEST_DISCIPLINE, useTestStack } from '../support/gateway';
import { argumentValues, call, entries } from '../support/schema-walk';

/*
 * "cost is exact": for every field of every type a query can reach, one query
 * that selects it, generated from the schema, asked on a cold cache. The cost the gateway
 * announced before running it (`extensions.cost.requested`) must equal what it spent
 * (`actual`), and both the calls the sandbox received.
 */

const schema = buildSchema();
const stack = useTestStack({ ...SINGLE_REQUEST_DISCIPLINE, QUERY_MAX_COST: '1000' });

interface Case {
  coordinate: string;
  query: string;
}

function cases(): Case[] {
  const values = argumentValues(stack.sandbox);
  const all: Case[] = [];
  for (const [name, wrap] of entries(schema, values)) {
    const type = schema.getType(name) as GraphQLObjectType;
    for (const field of Object.values(type.getFields())) {
      all.push({ coordinate: `${name}.${field.name}`, query: wrap(call(type, field, values)) });
    }
  }
  return all;
}

describe('the announced cost of every field equals its upstream calls on a cold cache', () => {
  it('for each field of the schema, one query: requested == actual == calls the sandbox received', async () => {
    const mismatches: string[] = [];
    const all = cases();
    for (const { coordinate, query } of all) {
      // A fresh sandbox each time: a few hundred calls would otherwise meet its rate limits.
      stack.sandbox.controls.reset();
      const result = await stack.query(query);
      const cost = result.response.json?.extensions?.cost as
        { requested: number; actual: number } | undefined;
      const calls = stack.sandbox.controls.count();
      if (result.errors) mismatches.push(`${coordinate}: ${result.errors[0]!.message} (${query})`);
      else if (!cost || cost.requested !== calls || cost.actual !== calls)
        mismatches.push(
          `${coordinate}: requested ${cost?.requested}, actual ${cost?.actual}, calls ${calls} (${query})`,
        );
    }
    expect(mismatches).toEqual([]);
    // Every object type of the schema was reached (a type no query can reach would be dead).
    expect(all.length).toBeGreaterThan(300);
  });
});
