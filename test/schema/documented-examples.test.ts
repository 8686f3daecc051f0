import { getNamedType, isInputObjectType, type GraphQLObjectType } from 'graphql';
import { buildSchema } from '../../src/graph/schema';
import { SINGLE_REQUEST_DISCIPLINE, useTestStack } from '../support/gateway';
import { argumentValues, call, entries, type ArgumentValues } from '../support/schema-walk';

/*
 * "accept what we document": every example an argument's description gives
 * ("e.g. `N4839201`") is sent in that argument, through the gateway to the sandbox, and
 * the field must answer without an error. Generated from the schema, so a new example is
 * tested the day it is written.
 */

const schema = buildSchema();
const stack = useTestStack(SINGLE_REQUEST_DISCIPLINE);

/** The examples a description gives: each `e.g. \`X\`` and each further `or \`Y\`` of the same list. */
function examplesIn(description: string | null | undefined): string[] {
  if (!description) return [];
  return [...description.matchAll(/e\.g\. `([^`]+)`/g)].map((match) => match[1]!);
}

interface Example {
  coordinate: string;
  value: string;
  query: string;
}

/** A GraphQL literal for the example in an argument of this named type. */
function literal(typeName: string, value: string): string {
  return typeName === 'String' || typeName === 'ID' ? JSON.stringify(value) : value;
}

function examples(values: ArgumentValues): Example[] {
  const found: Example[] = [];
  const ways = entries(schema, values);
  for (const [name, wrap] of ways) {
    const type = schema.getType(name) as GraphQLObjectType;
    for (const field of Object.values(type.getFields())) {
      for (const arg of field.args) {
        const named = getNamedType(arg.type);
        // Each member of an input argument that gives an example, in an otherwise valid input.
        const members = isInputObjectType(named)
          ? Object.values(named.getFields()).map((member) => ({
              path: `${arg.name}.${member.name}`,
              examples: examplesIn(member.description),
              typeName: getNamedType(member.type).name,
            }))
          : [{ path: arg.name, examples: examplesIn(arg.description), typeName: named.name }];
        for (const member of members) {
          for (const value of member.examples) {
            const key = `${name}.${field.name}.${arg.name}`;
            const given = literal(member.typeName, value);
            const argumentValue = member.path.includes('.')
              ? inputWith(values[key] ?? values[arg.name], member.path.split('.')[1]!, given)
              : given;
            found.push({
              coordinate: `${name}.${field.name}(${member.path}:)`,
              value,
              query: wrap(call(type, field, { ...values, [key]: argumentValue })),
            });
          }
        }
      }
    }
  }
  return found;
}

/** An input-object literal with one member replaced (or the member alone when there is no base). */
function inputWith(base: string | undefined, member: string, value: string): string {
  if (!base) return `{ ${member}: ${value} }`;
  const pattern = new RegExp(`\\b${member}: ("[^"]*"|[^,}]+)`);
  return pattern.test(base)
    ? base.replace(pattern, `${member}: ${value}`)
    : base.replace(/^\{/, `{ ${member}: ${value},`);
}

describe('every example in an argument description works against the sandbox', () => {
  it('finds the examples (n7350865734, KN3A 7QP, pharmacy, health, chest pain, Ahmadu Bello Way ...)', () => {
    const values = examples(argumentValues(stack.sandbox)).map((example) => example.value);
    expect(values).toEqual(
      expect.arrayContaining(['n7350865734', 'KN3A 7QP', 'pharmacy', 'health', 'chest pain']),
    );
  });

  it('answers each without an error', async () => {
    const failures: string[] = [];
    for (const example of examples(argumentValues(stack.sandbox))) {
      stack.sandbox.controls.reset();
      const result = await stack.query(example.query);
      if (result.errors)
        failures.push(
          `${example.coordinate} = ${example.value}: ${result.errors[0]!.message} (${example.query})`,
        );
    }
    expect(failures).toEqual([]);
  });
});
