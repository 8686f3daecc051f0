import fc from 'fast-check';
import {
  getNamedType,
  isAbstractType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  type GraphQLArgument,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { forbiddenIn } from './leaks';

/*
 * Random GraphQL requests walked from the served schema: any root field, arguments of the
 * right and the wrong types (literal or in variables), sub-selections, aliases, inline and
 * named fragments. Most are valid, many are not; the gateway must answer all of them well.
 */

/** An enum value: bare in a literal, a string in variables. */
export class EnumValue {
  constructor(readonly name: string) {}
}
export type Value = null | boolean | number | string | EnumValue | Value[] | { [name: string]: Value };

interface Argument {
  name: string;
  value: Value;
  /** Passed as a variable declared with this type (not always the argument's). */
  variableType?: string;
}

interface FieldSelection {
  kind: 'field';
  name: string;
  alias: string | null;
  arguments: Argument[];
  /** The field's type and its selection, for composite fields. */
  typeName: string;
  children: Selection[] | null;
  /** Print the children as a named fragment spread. */
  asFragment: boolean;
}

interface InlineFragment {
  kind: 'inline';
  typeName: string;
  children: Selection[];
}

type Selection = FieldSelection | InlineFragment;

export interface Operation {
  keyword: 'query' | 'mutation' | 'subscription' | '';
  name: string | null;
  selections: Selection[];
  /** The `operationName` sent, which may name no operation. */
  operationName: string | null;
}

export interface GraphQLBody {
  query: string;
  variables: Record<string, unknown>;
  operationName?: string;
}

const LOCCODES = ['KN3A 7QP', 'KAN 700001', 'KN3A-7QP', 'kn3a 7qp', 'ZZ99 9ZZ', 'LA7B 2KD', 'FC1A 2BC'];

/** Letters, digits, spaces and the awkward: control characters, lone surrogates, astral code points. */
const awkwardUnit = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...'ABKN0379 QP-_'.split('')) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('\u0000', '\u200b', '\ufeff', '\u202e', 'é', '😀', '"', '\\', '%'),
  },
);

/** A string a client might send where a loccode or a name goes, sandbox keys and stack-like text excluded. */
export const awkwardString: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 3, arbitrary: fc.constantFrom(...LOCCODES, '', ' ', 'chest pain', 'Ahmadu Bello', 'N4839201') },
    { weight: 4, arbitrary: fc.string({ unit: awkwardUnit, maxLength: 40 }) },
    { weight: 1, arbitrary: fc.integer({ min: 33, max: 5000 }).map((n) => 'A'.repeat(n)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...LOCCODES), fc.string({ unit: awkwardUnit, maxLength: 3 }), fc.nat(9))
        .map(([code, noise, at]) => code.slice(0, at) + noise + code.slice(at)),
    },
  )
  .filter((text) => !forbiddenIn(text));

/** Any value of any type: what a careless client sends where something else was expected. */
const wrongValue: fc.Arbitrary<Value> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 1.5, Number.MAX_VALUE, -0),
  awkwardString,
  fc.constantFrom(new EnumValue('BOGUS'), new EnumValue('DRIVE'), new EnumValue('true')),
  fc.constant<Value>([]),
  fc.nat(40).map((depth) => nestedList(depth)),
  fc.constant<Value>({ bogus: 1 }),
);

/** `[[[...["KN3A 7QP"]...]]]`, `depth` lists deep. */
export function nestedList(depth: number): Value {
  let value: Value = 'KN3A 7QP';
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

function scalarValue(name: string): fc.Arbitrary<Value> {
  switch (name) {
    case 'Int':
      return fc.oneof(fc.integer({ min: -3, max: 60 }), fc.integer());
    case 'Float':
      // Mostly inside Nigeria, so coordinates reach the services' happy paths.
      return fc.oneof(
        fc.double({ min: 4, max: 13.5, noNaN: true }),
        fc.double({ min: -200, max: 200, noNaN: true }),
        fc.constantFrom(0, Infinity, -Infinity, 1e-320),
      );
    case 'Boolean':
      return fc.boolean();
    case 'DateTime':
      return fc.constantFrom('2026-07-15T10:00:00Z', '2026-13-45T99:00:00Z', 'yesterday');
    case '_Any':
      return fc.oneof(
        fc.record({
          __typename: fc.constantFrom('Loccode', 'Street', 'Query'),
          code: fc.oneof(awkwardString),
        }),
        fc.record({ __typename: fc.constant('Loccode') }),
        fc.record({ __typename: fc.constant('Loccode'), code: wrongValue }),
        fc.constantFrom({}, null, 'Loccode', 5),
      );
    default:
      return awkwardString;
  }
}

export class DocumentArbitraries {
  private readonly values = new Map<GraphQLInputType, fc.Arbitrary<Value>>();
  private readonly selectionsMemo = new Map<string, fc.Arbitrary<Selection[]>>();

  constructor(private readonly schema: GraphQLSchema) {}

  /** Mostly a value of the type, sometimes one of another. */
  value(type: GraphQLInputType): fc.Arbitrary<Value> {
    return fc.oneof({ weight: 5, arbitrary: this.validValue(type) }, { weight: 1, arbitrary: wrongValue });
  }

  private validValue(type: GraphQLInputType): fc.Arbitrary<Value> {
    const known = this.values.get(type);
    if (known) return known;
    let made: fc.Arbitrary<Value>;
    if (isNonNullType(type)) made = this.validValue(type.ofType);
    else if (isListType(type))
      made = fc.oneof(
        { weight: 8, arbitrary: fc.array(this.value(type.ofType), { maxLength: 4 }) },
        // Around the list limits (100 keys, 50 stops).
        {
          weight: 1,
          arbitrary: fc.integer({ min: 45, max: 105 }).map((n) => Array<Value>(n).fill('KN3A 7QP')),
        },
      );
    else if (isEnumType(type)) made = fc.constantFrom(...type.getValues().map((v) => new EnumValue(v.name)));
    else if (isInputObjectType(type)) {
      const fields = Object.values(type.getFields());
      made = fc.record(Object.fromEntries(fields.map((field) => [field.name, this.value(field.type)])), {
        requiredKeys: fields.filter((field) => isNonNullType(field.type)).map((field) => field.name),
      });
    } else made = scalarValue(type.name);
    this.values.set(type, made);
    return made;
  }

  private argument(arg: GraphQLArgument): fc.Arbitrary<Argument> {
    return fc.record({
      name: fc.constant(arg.name),
      value: this.value(arg.type),
      variableType: fc.option(
        fc.constantFrom(String(arg.type), String(arg.type), 'String', 'Int!', '[String]'),
        {
          freq: 2,
          nil: undefined,
        },
      ),
    });
  }

  private arguments(args: readonly GraphQLArgument[]): fc.Arbitrary<Argument[]> {
    const each = args.map((arg) =>
      isNonNullType(arg.type)
        ? // A required argument is left out now and then.
          fc.option(this.argument(arg), { freq: 12, nil: null })
        : fc.option(this.argument(arg), { freq: 2, nil: null }),
    );
    const unknown = fc.option(fc.constant<Argument>({ name: 'bogus', value: 1 }), { freq: 20, nil: null });
    return fc
      .tuple(...each, unknown)
      .map((chosen) => chosen.filter((a): a is Argument => a !== null && a !== undefined));
  }

  private field(field: GraphQLField<unknown, unknown>, depthLeft: number): fc.Arbitrary<FieldSelection> {
    const named = getNamedType(field.type);
    const composite = isCompositeType(named);
    return fc.record({
      kind: fc.constant('field' as const),
      name: fc.constant(field.name),
      alias: fc.option(fc.constantFrom('a', 'b', 'other', 'x1'), { freq: 4, nil: null }),
      arguments: this.arguments(field.args),
      typeName: fc.constant(named.name),
      children: composite ? this.selections(named, depthLeft - 1) : fc.constant(null),
      asFragment: composite ? fc.boolean() : fc.constant(false),
    });
  }

  private typename(): fc.Arbitrary<FieldSelection> {
    return fc.constant({
      kind: 'field',
      name: '__typename',
      alias: null,
      arguments: [],
      typeName: 'String',
      children: null,
      asFragment: false,
    });
  }

  /** A selection set of `type`, at most `depthLeft` levels of objects deeper. */
  selections(type: GraphQLCompositeType, depthLeft: number): fc.Arbitrary<Selection[]> {
    const key = `${type.name}/${depthLeft}`;
    const known = this.selectionsMemo.get(key);
    if (known) return known;
    const choices: Array<fc.Arbitrary<Selection>> = [this.typename()];
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (depthLeft > 0 || !isCompositeType(getNamedType(field.type)))
          choices.push(this.field(field, depthLeft));
      }
    }
    if (isAbstractType(type) && depthLeft > 0) {
      for (const possible of this.schema.getPossibleTypes(type)) {
        choices.push(
          fc.record({
            kind: fc.constant('inline' as const),
            typeName: fc.constant(possible.name),
            children: this.selections(possible, depthLeft),
          }),
        );
      }
    }
    const made = fc.array(fc.oneof(...choices), { minLength: 1, maxLength: depthLeft > 1 ? 2 : 3 });
    this.selectionsMemo.set(key, made);
    return made;
  }

  /** A whole operation: 1 to 3 root fields mostly, sometimes more than the root-field limit. */
  operation(depth: number): fc.Arbitrary<Operation> {
    const query = this.schema.getQueryType()!;
    const roots = [
      ...Object.values(query.getFields()).map((field) => this.field(field, depth)),
      this.field(SchemaMetaFieldDef, 2),
      this.field(TypeMetaFieldDef, 2),
      this.typename(),
    ];
    return fc.record({
      keyword: fc.constantFrom('query', 'query', 'query', '', 'mutation', 'subscription'),
      name: fc.option(fc.constantFrom('Fuzz', 'Other'), { nil: null }),
      selections: fc.oneof(
        { weight: 9, arbitrary: fc.array(fc.oneof(...roots), { minLength: 1, maxLength: 3 }) },
        { weight: 1, arbitrary: fc.array(fc.oneof(...roots), { minLength: 15, maxLength: 25 }) },
      ),
      operationName: fc.option(fc.constantFrom('Fuzz', 'Missing'), { freq: 4, nil: null }),
    });
  }
}

/** `{ loccode { address { loccode { address ... } } } }`: deeper than any limit when `levels` is large. */
export function addressChain(levels: number): string {
  let inner = 'code';
  for (let i = 0; i < levels; i += 1) inner = `address { loccode { ${inner} } }`;
  return `{ loccode(code: "KN3A 7QP") { ${inner} } }`;
}

export function printLiteral(value: Value): string {
  if (value === null) return 'null';
  if (value instanceof EnumValue) return value.name;
  if (Array.isArray(value)) return `[${value.map(printLiteral).join(', ')}]`;
  if (typeof value === 'object')
    return `{ ${Object.entries(value)
      .map(([name, inner]) => `${name}: ${printLiteral(inner)}`)
      .join(', ')} }`;
  if (typeof value === 'number')
    return Number.isFinite(value) ? String(value) : value > 0 ? '1e400' : '-1e400';
  return JSON.stringify(value);
}

function toJson(value: Value): unknown {
  if (value instanceof EnumValue) return value.name;
  if (Array.isArray(value)) return value.map(toJson);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, toJson(inner)]));
  return value;
}

/** The request body of an operation: variables and named fragments numbered as they are printed. */
export function printOperation(operation: Operation): GraphQLBody {
  const variableDefinitions: string[] = [];
  const variables: Record<string, unknown> = {};
  const fragments: string[] = [];

  const printArguments = (args: Argument[]): string => {
    if (args.length === 0) return '';
    const printed = args.map(({ name, value, variableType }) => {
      if (variableType === undefined) return `${name}: ${printLiteral(value)}`;
      const variable = `v${variableDefinitions.length}`;
      variableDefinitions.push(`$${variable}: ${variableType}`);
      variables[variable] = toJson(value);
      return `${name}: $${variable}`;
    });
    return `(${printed.join(', ')})`;
  };
  const printSelections = (selections: Selection[]): string =>
    `{ ${selections.map(printSelection).join(' ')} }`;
  const printSelection = (selection: Selection): string => {
    if (selection.kind === 'inline')
      return `... on ${selection.typeName} ${printSelections(selection.children)}`;
    const head = `${selection.alias ? `${selection.alias}: ` : ''}${selection.name}${printArguments(selection.arguments)}`;
    if (!selection.children) return head;
    if (!selection.asFragment) return `${head} ${printSelections(selection.children)}`;
    // The slot is taken first: fragments nested in this one are numbered after it.
    const index = fragments.push('') - 1;
    fragments[index] = `fragment F${index} on ${selection.typeName} ${printSelections(selection.children)}`;
    return `${head} { ...F${index} }`;
  };

  const body = printSelections(operation.selections);
  const keyword = operation.keyword === '' && variableDefinitions.length > 0 ? 'query' : operation.keyword;
  const definitions = variableDefinitions.length > 0 ? `(${variableDefinitions.join(', ')})` : '';
  const head = keyword === '' ? '' : `${keyword}${operation.name ? ` ${operation.name}` : ''}${definitions} `;
  return {
    query: [`${head}${body}`, ...fragments].join('\n'),
    variables,
    ...(operation.operationName !== null && { operationName: operation.operationName }),
  };
}
