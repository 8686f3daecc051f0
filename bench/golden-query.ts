import {
  getNamedType,
  isEnumType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';

/** Arguments of each Loccode field that takes some: every argument mode appears once (aliases). */
function loccodeFieldCalls(destination: string, supplyDestination: string): Record<string, string[]> {
  return {
    pests: ['pestProfile: pests(crop: MAIZE)', 'pestOverview: pests'],
    cropYield: ['cropYield(crop: CASSAVA)'],
    supplyRouteTo: [`supplyRouteTo(destination: "${supplyDestination}")`],
    facilities: [
      'facilities(level: SECONDARY, radiusKm: 40, limit: 5)',
      'primaryFacilities: facilities(level: PRIMARY)',
    ],
    specialists: ['specialists(condition: "chest pain")'],
    routeTo: [
      `routeTo(destination: "${destination}")`,
      `walkTo: routeTo(destination: "${destination}", mode: WALK)`,
    ],
  };
}

/**
 * A selection of every field below `type`: scalars and enums as they are, objects
 * recursively, unions through each member, and a `Loccode` link as its `code`
 * (a link is not a reason to call its services again).
 */
function selectAll(schema: GraphQLSchema, type: GraphQLNamedType, depth: number): string {
  if (isScalarType(type) || isEnumType(type)) return '';
  if (isUnionType(type)) {
    const members = type
      .getTypes()
      .map((member) => `... on ${member.name} ${selectAll(schema, member, depth)}`);
    return `{ __typename ${members.join(' ')} }`;
  }
  if (!isObjectType(type)) throw new Error(`unexpected type ${type.name}`);
  if (type.name === 'Loccode') return '{ code }';
  const fields = Object.values(type.getFields())
    .filter((field: GraphQLField<unknown, unknown>) =>
      field.args.every((arg) => arg.defaultValue !== undefined || !String(arg.type).endsWith('!')),
    )
    .map((field) => `${field.name} ${selectAll(schema, getNamedType(field.type), depth + 1)}`.trim());
  if (depth > 8) throw new Error(`selection of ${type.name} too deep`);
  return `{ ${fields.join(' ')} }`;
}

/** The golden cross-domain query: one loccode, every Loccode field with every argument mode. */
export function goldenQuery(schema: GraphQLSchema, destination: string, supplyDestination: string): string {
  const loccode = schema.getType('Loccode');
  if (!isObjectType(loccode)) throw new Error('no Loccode type');
  const calls = loccodeFieldCalls(destination, supplyDestination);
  const selections = Object.values(loccode.getFields()).flatMap((field) => {
    const sub = selectAll(schema, getNamedType(field.type), 1);
    return (calls[field.name] ?? [field.name]).map((call) => `${call} ${sub}`.trim());
  });
  return `query Golden($code: String!) { loccode(code: $code) { ${selections.join(' ')} } }`;
}

/** One loccode (a `$code` variable) with the given `Loccode` field calls, every subfield of each. */
export function loccodeQuery(schema: GraphQLSchema, name: string, calls: string[]): string {
  const loccode = schema.getType('Loccode');
  if (!isObjectType(loccode)) throw new Error('no Loccode type');
  const selections = calls.map((call) => {
    const field = loccode.getFields()[call.replace(/\(.*$/, '')];
    if (!field) throw new Error(`Loccode has no field ${call}`);
    return `${call} ${selectAll(schema, getNamedType(field.type), 1)}`.trim();
  });
  return `query ${name}($code: String!) { loccode(code: $code) { code ${selections.join(' ')} } }`;
}
