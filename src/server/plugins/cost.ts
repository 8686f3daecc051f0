import {
  Kind,
  getNamedType,
  getNullableType,
  isAbstractType,
  isInputObjectType,
  isListType,
  isObjectType,
  valueFromASTUntyped,
  type ConstDirectiveNode,
  type DirectiveNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionNode,
  type ValueNode,
} from 'graphql';

/**
 * Static cost of an operation in upstream terms: every field annotated
 * `@cost(weight: n)` in `schema/` costs n upstream calls each time it is resolved,
 * and a list multiplies what its items cost by its size. The size is the length of
 * the list argument named by `@listSizeFromArgument` (e.g. `loccodes(codes:)`),
 * else the Int slicing argument of `@listSize`, else its `assumedSize`. An argument or
 * input field annotated `@cost(weight: n)` adds n for each distinct value given for it.
 *
 * The same field asked twice with the same arguments under one parent is counted
 * once, as the per-request loaders call once; so on a cold cache a query's cost is
 * the number of calls it makes, and never fewer.
 *
 * A connection field (`searchPlaces(first:)`) returns one object whose lists hold the
 * page: `@listSize(slicingArguments:, sizedFields: ["edges", "nodes"])` sizes those lists
 * of the returned object by the field's slicing argument.
 */
export function operationCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): number {
  const root =
    operation.operation === 'query'
      ? schema.getQueryType()
      : operation.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  if (!root) return 0;
  // The same document with the same variables costs the same: walked once.
  let known = costsOf.get(operation);
  if (!known) costsOf.set(operation, (known = new Map()));
  const key = JSON.stringify(variables);
  let cost = known.get(key);
  if (cost === undefined) {
    const walker = new CostWalker(schema, fragments, variables);
    cost = walker.objectCost(root, operation.selectionSet.selections) + walker.sharedCost();
    // Bounded per document, and large variables are not kept: a client that varies its
    // variables on every request gains nothing here, and costs no memory.
    if (key.length <= MAX_KEPT_VARIABLES_LENGTH) {
      if (known.size >= COSTS_PER_DOCUMENT) known.clear();
      known.set(key, cost);
    }
  }
  return cost;
}

/** Costs of an operation (Apollo keeps each parsed document), by its variables as JSON. */
const costsOf = new WeakMap<OperationDefinitionNode, Map<string, number>>();
const COSTS_PER_DOCUMENT = 64;
const MAX_KEPT_VARIABLES_LENGTH = 2048;

/** What one field definition costs, read once from its SDL directives. */
export interface FieldCost {
  weight: number;
  sizeFromArgument?: string;
  slicingArguments: string[];
  /** Lists of the returned object that the slicing argument sizes (a connection's `edges`, `nodes`). */
  sizedFields: string[];
  assumedSize?: number;
  /** `@sharedCost`: a call shared by every use in one request, charged once per operation. */
  shared?: { call: string; weight: number };
}

/** The lists of an object that its parent field's arguments size. */
interface SizedLists {
  fields: readonly string[];
  size: number;
}

/** Items assumed in a list no directive sizes; only lists of free items may lack one (see test/schema). */
const UNSIZED_LIST = 1;

/** Fields the federation library adds, which SDL cannot annotate. */
const BUILT_IN: Record<string, Partial<FieldCost>> = {
  _entities: { sizeFromArgument: 'representations' },
};

const fieldCosts = new WeakMap<GraphQLField<unknown, unknown>, FieldCost>();

/** The cost directives of a field definition. */
export function fieldCost(field: GraphQLField<unknown, unknown>): FieldCost {
  const known = fieldCosts.get(field);
  if (known) return known;
  const directives = field.astNode?.directives ?? [];
  const argument = (directive: string, name: string): unknown => {
    const node = directives.find((d) => d.name.value === directive);
    const value = node?.arguments?.find((a) => a.name.value === name)?.value;
    return value === undefined ? undefined : valueFromASTUntyped(value);
  };
  const weight = argument('cost', 'weight');
  const fromArgument = argument('listSizeFromArgument', 'argument');
  const slicing = argument('listSize', 'slicingArguments');
  const sized = argument('listSize', 'sizedFields');
  const assumed = argument('listSize', 'assumedSize');
  const sharedCall = argument('sharedCost', 'call');
  const sharedWeight = argument('sharedCost', 'weight');
  const cost: FieldCost = {
    weight: typeof weight === 'number' ? weight : 0,
    slicingArguments: strings(slicing),
    sizedFields: strings(sized),
    ...(typeof fromArgument === 'string' && { sizeFromArgument: fromArgument }),
    ...(typeof assumed === 'number' && { assumedSize: assumed }),
    ...(typeof sharedCall === 'string' &&
      typeof sharedWeight === 'number' && { shared: { call: sharedCall, weight: sharedWeight } }),
    ...BUILT_IN[field.name],
  };
  fieldCosts.set(field, cost);
  return cost;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : [];
}

/** `@cost(weight:)` of an argument or input field definition; 0 without one. */
function weightOf(node: { readonly directives?: readonly ConstDirectiveNode[] } | null | undefined): number {
  const value = node?.directives
    ?.find((d) => d.name.value === 'cost')
    ?.arguments?.find((a) => a.name.value === 'weight')?.value;
  return value?.kind === Kind.INT ? Number(value.value) : 0;
}

/**
 * Federation's `@cost` on an argument or input field: its weight counts for each value
 * given for it, list items one by one, and a value given twice in one call once, as the
 * per-request loader asks it once. A loccode given to `route` or as a stop of
 * `optimizeStops` costs the resolve made alongside the billed call (schema/maps.graphql), and
 * a round trip's origin and destination share theirs.
 */
function addInputCosts(type: GraphQLInputType, value: unknown, priced: Map<string, number>): void {
  if (value === null || value === undefined) return;
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    for (const item of Array.isArray(value) ? value : [value]) addInputCosts(nullable.ofType, item, priced);
    return;
  }
  if (!isInputObjectType(nullable) || typeof value !== 'object') return;
  for (const field of Object.values(nullable.getFields())) {
    const member = (value as Record<string, unknown>)[field.name];
    if (member === undefined || member === null) continue;
    addPrice(priced, weightOf(field.astNode), member);
    addInputCosts(field.type, member, priced);
  }
}

function addPrice(priced: Map<string, number>, weight: number, value: unknown): void {
  if (weight === 0) return;
  const key = JSON.stringify(value);
  priced.set(key, Math.max(weight, priced.get(key) ?? 0));
}

const argumentsCostOf = new WeakMap<GraphQLField<unknown, unknown>, boolean>();

/** Whether an argument of the field, or an input field below one, carries `@cost` (read once per field). */
function argumentsCanCost(field: GraphQLField<unknown, unknown>): boolean {
  let known = argumentsCostOf.get(field);
  if (known === undefined) {
    const seen = new Set<string>();
    const inputCanCost = (type: GraphQLInputType): boolean => {
      const named = getNamedType(type);
      if (!isInputObjectType(named) || seen.has(named.name)) return false;
      seen.add(named.name);
      return Object.values(named.getFields()).some(
        (member) => weightOf(member.astNode) > 0 || inputCanCost(member.type),
      );
    };
    known = field.args.some((argument) => weightOf(argument.astNode) > 0 || inputCanCost(argument.type));
    argumentsCostOf.set(field, known);
  }
  return known;
}

const costlyTypesOf = new WeakMap<GraphQLSchema, ReadonlySet<string>>();

/**
 * Types whose selections can reach a field with a weight, directly or through other
 * types (a fixpoint over the schema, once per schema): below any other type, nothing costs.
 */
function costlyTypes(schema: GraphQLSchema): ReadonlySet<string> {
  const known = costlyTypesOf.get(schema);
  if (known) return known;
  const costly = new Set<string>();
  const types = Object.values(schema.getTypeMap());
  for (let changed = true; changed;) {
    changed = false;
    for (const type of types) {
      if (costly.has(type.name)) continue;
      const members = isAbstractType(type) ? schema.getPossibleTypes(type) : isObjectType(type) ? [type] : [];
      const reaches = members.some((member) =>
        Object.values(member.getFields()).some(
          (field) =>
            fieldCost(field).weight > 0 ||
            fieldCost(field).shared !== undefined ||
            costly.has(getNamedType(field.type).name),
        ),
      );
      if (reaches) {
        costly.add(type.name);
        changed = true;
      }
    }
  }
  costlyTypesOf.set(schema, costly);
  return costly;
}

class CostWalker {
  private readonly costly: ReadonlySet<string>;
  /** `@sharedCost` calls met anywhere in the operation, each with its weight, charged once. */
  private readonly shared = new Map<string, number>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: Record<string, FragmentDefinitionNode>,
    private readonly variables: Record<string, unknown>,
  ) {
    this.costly = costlyTypes(schema);
  }

  /** Cost of selections on a named type: the dearest of its possible object types when abstract. */
  typeCost(type: GraphQLNamedType, selections: readonly SelectionNode[], sized?: SizedLists): number {
    if (isObjectType(type)) return this.objectCost(type, selections, sized);
    if (isAbstractType(type)) {
      return Math.max(
        0,
        ...this.schema.getPossibleTypes(type).map((member) => this.objectCost(member, selections, sized)),
      );
    }
    return 0;
  }

  /** What the shared calls met by the walk cost together. */
  sharedCost(): number {
    let total = 0;
    for (const weight of this.shared.values()) total += weight;
    return total;
  }

  objectCost(type: GraphQLObjectType, selections: readonly SelectionNode[], sized?: SizedLists): number {
    // Fields grouped by name and arguments: aliases of one call share it.
    const groups = new Map<string, FieldNode[]>();
    this.collect(type, selections, groups);
    let total = 0;
    for (const nodes of groups.values()) {
      const first = nodes[0]!;
      const definition = type.getFields()[first.name.value]!;
      const cost = fieldCost(definition);
      if (cost.shared) this.shared.set(cost.shared.call, cost.shared.weight);
      const named = getNamedType(definition.type);
      const children = this.costly.has(named.name)
        ? nodes.flatMap((node) => node.selectionSet?.selections ?? [])
        : [];
      const isList = isListType(getNullableType(definition.type));
      const sizes =
        !isList && cost.sizedFields.length > 0
          ? { fields: cost.sizedFields, size: this.listSize(cost, definition, first) }
          : undefined;
      const itemCost = children.length > 0 ? this.typeCost(named, children, sizes) : 0;
      const size = !isList
        ? 1
        : sized?.fields.includes(definition.name)
          ? sized.size
          : this.listSize(cost, definition, first);
      // A shared call is charged once for the operation (sharedCost), in place of its @cost.
      const weight = cost.shared ? 0 : cost.weight;
      total += weight + this.argumentsCost(definition, first) + size * itemCost;
    }
    return total;
  }

  /** What the arguments given to one call cost (see `addInputCosts`). */
  private argumentsCost(definition: GraphQLField<unknown, unknown>, node: FieldNode): number {
    if (!argumentsCanCost(definition)) return 0;
    const priced = new Map<string, number>();
    for (const argument of definition.args) {
      const value = this.argumentValue(node, definition, argument.name);
      if (value === undefined || value === null) continue;
      addPrice(priced, weightOf(argument.astNode), value);
      addInputCosts(argument.type, value, priced);
    }
    let total = 0;
    for (const weight of priced.values()) total += weight;
    return total;
  }

  private listSize(cost: FieldCost, definition: GraphQLField<unknown, unknown>, node: FieldNode): number {
    if (cost.sizeFromArgument) {
      const value = this.argumentValue(node, definition, cost.sizeFromArgument);
      if (Array.isArray(value)) return value.length;
      if (value !== undefined && value !== null) return 1; // a single value is coerced to a list of one
    }
    for (const name of cost.slicingArguments) {
      const value = this.argumentValue(node, definition, name);
      if (typeof value === 'number' && Number.isFinite(value)) return Math.max(0, Math.ceil(value));
    }
    return cost.assumedSize ?? UNSIZED_LIST;
  }

  private argumentValue(node: FieldNode, definition: GraphQLField<unknown, unknown>, name: string): unknown {
    const given = node.arguments?.find((a) => a.name.value === name);
    if (given) return this.value(given.value);
    return definition.args.find((a) => a.name === name)?.defaultValue;
  }

  private value(node: ValueNode): unknown {
    if (node.kind === Kind.VARIABLE) return this.variables[node.name.value];
    if (node.kind === Kind.LIST) return node.values.map((item) => this.value(item));
    return valueFromASTUntyped(node, this.variables);
  }

  /**
   * Fields that apply to `type`, fragments expanded, `@skip`/`@include` honoured. A fragment
   * spread a second time into the same selection adds only fields already there, so each is
   * expanded once: spreads of spreads would otherwise double the walk with every fragment.
   */
  private collect(
    type: GraphQLObjectType,
    selections: readonly SelectionNode[],
    groups: Map<string, FieldNode[]>,
    expanded: Set<string> = new Set(),
  ): void {
    for (const selection of selections) {
      if (!this.included(selection.directives)) continue;
      if (selection.kind === Kind.FIELD) {
        // Fields that neither cost nor lead to anything that does are left out early.
        const definition = type.getFields()[selection.name.value];
        if (!definition) continue; // introspection fields and __typename are free
        if (
          fieldCost(definition).weight === 0 &&
          fieldCost(definition).shared === undefined &&
          !this.costly.has(getNamedType(definition.type).name) &&
          !argumentsCanCost(definition)
        )
          continue;
        const key = selection.arguments?.length
          ? `${selection.name.value}(${this.argumentsKey(selection)})`
          : selection.name.value;
        const group = groups.get(key);
        if (group) group.push(selection);
        else groups.set(key, [selection]);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (this.applies(type, selection.typeCondition?.name.value))
          this.collect(type, selection.selectionSet.selections, groups, expanded);
      } else {
        const name = selection.name.value;
        const fragment = this.fragments[name];
        if (!fragment || expanded.has(name)) continue;
        if (this.applies(type, fragment.typeCondition.name.value)) {
          expanded.add(name);
          this.collect(type, fragment.selectionSet.selections, groups, expanded);
        }
      }
    }
  }

  private argumentsKey(node: FieldNode): string {
    const args = [...(node.arguments ?? [])]
      .sort((a, b) => a.name.value.localeCompare(b.name.value))
      .map((a) => [a.name.value, this.value(a.value)]);
    return JSON.stringify(args);
  }

  private applies(type: GraphQLObjectType, condition: string | undefined): boolean {
    if (!condition || condition === type.name) return true;
    const conditionType = this.schema.getType(condition);
    return !!conditionType && isAbstractType(conditionType) && this.schema.isSubType(conditionType, type);
  }

  private included(directives: readonly (DirectiveNode | ConstDirectiveNode)[] | undefined): boolean {
    for (const directive of directives ?? []) {
      const condition = directive.arguments?.find((a) => a.name.value === 'if');
      if (!condition) continue;
      const value = this.value(condition.value);
      if (directive.name.value === 'skip' && value === true) return false;
      if (directive.name.value === 'include' && value === false) return false;
    }
    return true;
  }
}
