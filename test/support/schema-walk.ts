import {
  getNamedType,
  isAbstractType,
  isInputObjectType,
  isLeafType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import type { Sandbox } from '../../src/sandbox';

/*
 * A way from Query to every field of the schema, for tests generated from it (cost per
 * field, documented examples). Argument values come from the sandbox's dataset.
 */

export type ArgumentValues = Record<string, string>;

/** Values for required arguments: by `Type.field.argument` first, then by argument name. */
export function argumentValues(sandbox: Sandbox): ArgumentValues {
  const { streets } = sandbox.dataset;
  const home = streets.find((s) => s.code === 'KN3A 7QP')!;
  const near = streets.find((s) => s.state === 'Kano' && s.code !== home.code)!;
  const lagos = streets.find((s) => s.state === 'Lagos')!;
  const at = `{ latitude: ${home.point.latitude}, longitude: ${home.point.longitude} }`;
  return {
    code: '"KN3A 7QP"',
    codes: '["KN3A 7QP"]',
    location: at,
    crop: 'MAIZE',
    level: 'PRIMARY',
    condition: '"chest pain"',
    streetName: JSON.stringify(home.name),
    query: '"Kano"',
    // Base64 of `Loccode:KN3A 7QP`, the global id of a loccode.
    id: '"TG9jY29kZTpLTjNBIDdRUA=="',
    ids: '["TG9jY29kZTpLTjNBIDdRUA=="]',
    representations: '[{ __typename: "Loccode", code: "KN3A 7QP" }]',
    'Loccode.supplyRouteTo.destination': JSON.stringify(lagos.code),
    'Loccode.routeTo.destination': JSON.stringify(near.code),
    'Query.searchPlaces.query': '"Kano"',
    'Query.supplyRoute.origin': '"KN3A 7QP"',
    'Query.supplyRoute.destination': JSON.stringify(lagos.code),
    'Query.route.origin': '{ loccode: "KN3A 7QP" }',
    'Query.route.destination': `{ loccode: ${JSON.stringify(near.code)} }`,
    'Query.optimizeStops.origin': '{ id: "o", loccode: "KN3A 7QP" }',
    'Query.optimizeStops.destination': '{ id: "d", loccode: "KN3A 7QP" }',
    'Query.optimizeStops.stops': `[{ id: "s", loccode: ${JSON.stringify(near.code)} }]`,
  };
}

/** Types a default walk cannot reach with the data it asks for: the way in, written out. */
const ENTRY: Record<string, (selection: string) => string> = {
  // Loccode.pests with a crop answers the crop profile, without one the overview.
  PestProfile: (s) => `{ loccode(code: "KN3A 7QP") { pests(crop: MAIZE) { ... on PestProfile { ${s} } } } }`,
  // Places with a category (a point's nearest place may be none): every member is asked of real data.
  Place: (s) => `{ searchPlaces(query: "Kano", first: 3) { nodes { ${s} } } }`,
  PlaceCategory: (s) => `{ searchPlaces(query: "Kano", first: 3) { nodes { category { ${s} } } } }`,
  PestOverview: (s) => `{ loccode(code: "KN3A 7QP") { pests { ... on PestOverview { ${s} } } } }`,
};

export function call(
  type: GraphQLObjectType,
  field: GraphQLField<unknown, unknown>,
  values: ArgumentValues,
): string {
  // Required arguments, and optional ones the table names for this field.
  const args = field.args
    .filter(
      (arg) =>
        (isNonNullType(arg.type) && arg.defaultValue === undefined) ||
        values[`${type.name}.${field.name}.${arg.name}`] !== undefined,
    )
    .map((arg) => {
      const value = values[`${type.name}.${field.name}.${arg.name}`] ?? values[arg.name];
      if (value === undefined)
        throw new Error(
          `test/support/schema-walk.ts has no value for ${type.name}.${field.name}(${arg.name}:)`,
        );
      return `${arg.name}: ${value}`;
    });
  const named = getNamedType(field.type);
  const below = isLeafType(named) ? '' : ' { __typename }';
  return `${field.name}${args.length > 0 ? `(${args.join(', ')})` : ''}${below}`;
}

/** The shortest way from Query to each object type: a function wrapping a selection on it. */
export function entries(
  schema: GraphQLSchema,
  values: ArgumentValues,
): Map<string, (selection: string) => string> {
  const ways = new Map<string, (selection: string) => string>([['Query', (s) => `{ ${s} }`]]);
  const queue: GraphQLObjectType[] = [schema.getQueryType()!];
  while (queue.length > 0) {
    const type = queue.shift()!;
    const wrap = ways.get(type.name)!;
    for (const field of Object.values(type.getFields())) {
      if (field.name.startsWith('__')) continue;
      const named: GraphQLNamedType = getNamedType(field.type);
      const targets = isAbstractType(named)
        ? schema.getPossibleTypes(named)
        : isObjectType(named)
          ? [named]
          : [];
      for (const target of targets) {
        if (ways.has(target.name) || isInputObjectType(target)) continue;
        const head = call(type, field, values).replace(/ \{ __typename \}$/, '');
        const fragment = isAbstractType(named)
          ? (s: string) => `... on ${target.name} { ${s} }`
          : (s: string) => s;
        ways.set(target.name, ENTRY[target.name] ?? ((s) => wrap(`${head} { ${fragment(s)} }`)));
        queue.push(target);
      }
    }
  }
  return ways;
}
