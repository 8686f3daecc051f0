import {
  GraphQLError,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/** Checked before anything executes, so a rejected request costs no upstream call. */
export interface QueryLimits {
  maxDepth: number;
  maxAliases: number;
  maxRootFields: number;
  maxTokens: number;
  /**
   * Fields the operation selects once every fragment spread is written out in place: what a
   * client could have sent without fragments. Bounds documents whose fragments spread each
   * other several times (30 such fragments, about 1 KB, stand for 2^30 fields).
   */
  maxFields: number;
  /** Fragment definitions in one document. */
  maxFragments: number;
  /** Directives the operation applies, fragments written out in place. */
  maxDirectives: number;
  /** Entries of `loccodes(codes:)`, `nodes(ids:)` and `_entities(representations:)`. */
  maxListItems: number;
  /** Bytes of a request body; more is refused with HTTP 413 before it is parsed. */
  maxBodyBytes: number;
  /** Computed cost (upstream calls) one operation may have; more is `QUERY_TOO_COSTLY`. */
  maxCost: number;
  /** Several operations in one JSON array body (Apollo's HTTP batching); off unless enabled. */
  httpBatching: boolean;
}

/**
 * Root fields whose list argument multiplies the work, with the gateway-wide bound
 * (QUERY_MAX_LIST_ITEMS). Bounds a spec sets on one field's argument (optimize: 1 to 50
 * stops) are that field's own BAD_USER_INPUT, not a refusal of the whole request.
 */
function listArguments(limits: QueryLimits): Record<string, { argument: string; max: number }> {
  return {
    loccodes: { argument: 'codes', max: limits.maxListItems },
    nodes: { argument: 'ids', max: limits.maxListItems },
    // A router's batch of entity lookups: each representation is a loccode to answer.
    _entities: { argument: 'representations', max: limits.maxListItems },
  };
}

interface Measure {
  depth: number;
  aliases: number;
  fields: number;
  directives: number;
}

/**
 * The deepest nesting of selection sets below `selectionSet` (0 for leaves only) and the
 * number of aliases, fields and directives, fragments written out in place. Each fragment
 * is measured once and its figures reused wherever it is spread: a document whose fragments
 * spread each other twice would otherwise take time doubling with every fragment (30 of
 * them: about 2^30 walks).
 * Validation has already refused fragment cycles.
 */
function measure(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  measured: Map<string, Measure> = new Map(),
): Measure {
  let depth = 0;
  let aliases = 0;
  let fields = 0;
  let directives = 0;
  const add = (inner: Measure, levels: number): void => {
    depth = Math.max(depth, inner.depth + levels);
    aliases += inner.aliases;
    fields += inner.fields;
    directives += inner.directives;
  };
  for (const selection of selectionSet.selections) {
    directives += selection.directives?.length ?? 0;
    if (selection.kind === Kind.FIELD) {
      fields += 1;
      if (selection.alias) aliases += 1;
      if (selection.selectionSet) add(measure(selection.selectionSet, fragments, measured), 1);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      add(measure(selection.selectionSet, fragments, measured), 0);
    } else {
      const name = selection.name.value;
      const fragment = fragments[name];
      if (!fragment) continue;
      let figures = measured.get(name);
      if (!figures) {
        const inner = measure(fragment.selectionSet, fragments, measured);
        figures = { ...inner, directives: inner.directives + (fragment.directives?.length ?? 0) };
        measured.set(name, figures);
      }
      add(figures, 0);
    }
  }
  return { depth, aliases, fields, directives };
}

/** Root fields of the operation, fragments expanded, each fragment once (a second spread adds no field). */
function rootFields(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  expanded: Set<string> = new Set(),
): FieldNode[] {
  return selectionSet.selections.flatMap((selection): FieldNode[] => {
    if (selection.kind === Kind.FIELD) return [selection];
    if (selection.kind === Kind.INLINE_FRAGMENT)
      return rootFields(selection.selectionSet, fragments, expanded);
    const fragment = fragments[selection.name.value];
    if (!fragment || expanded.has(fragment.name.value)) return [];
    expanded.add(fragment.name.value);
    return rootFields(fragment.selectionSet, fragments, expanded);
  });
}

function listLength(value: ValueNode, variables: Record<string, unknown>): number {
  if (value.kind === Kind.LIST) return value.values.length;
  if (value.kind === Kind.VARIABLE) {
    const given = variables[value.name.value];
    return Array.isArray(given) ? given.length : 1;
  }
  return 1;
}

function refusal(code: string, message: string, limit: number, actual: number): GraphQLError {
  return new GraphQLError(message, { extensions: { code, limit, actual, http: { status: 400 } } });
}

/** What the limits read off an operation that depends on its document alone (once per document). */
interface DocumentFigures {
  roots: FieldNode[];
  introspectionOnly: boolean;
  measured: Measure;
}

/** Apollo keeps each parsed document, so a repeated query hands over the same operation node. */
const figuresOf = new WeakMap<OperationDefinitionNode, DocumentFigures>();

function documentFigures(
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
): DocumentFigures {
  let figures = figuresOf.get(operation);
  if (!figures) {
    const roots = rootFields(operation.selectionSet, fragments);
    figures = {
      roots,
      // IDEs' introspection queries nest deep (ofType chains): introspection is exempt from depth
      // alone; aliases multiply its answer like any other field's.
      introspectionOnly: roots.every((field) => field.name.value.startsWith('__')),
      measured: measure(operation.selectionSet, fragments),
    };
    figuresOf.set(operation, figures);
  }
  return figures;
}

/** The first limit the operation breaks, if any. */
export function checkQueryLimits(
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  limits: QueryLimits,
): GraphQLError | undefined {
  const fragmentCount = Object.keys(fragments).length;
  if (fragmentCount > limits.maxFragments) {
    return refusal(
      'TOO_MANY_FRAGMENTS',
      `The document defines ${fragmentCount} fragments; at most ${limits.maxFragments} are allowed (QUERY_MAX_FRAGMENTS). Merge small fragments or split the request.`,
      limits.maxFragments,
      fragmentCount,
    );
  }
  const {
    roots,
    introspectionOnly,
    measured: { depth: below, aliases, fields, directives: inSelections },
  } = documentFigures(operation, fragments);
  const directives = inSelections + (operation.directives?.length ?? 0);
  // Fields and directives first: a document that spreads its fragments many times over has
  // absurd figures for every other measure too, and these name the cause.
  if (fields > limits.maxFields) {
    return refusal(
      'TOO_MANY_FIELDS',
      `The query selects ${fields} fields once its fragments are written out in place; at most ${limits.maxFields} are allowed (QUERY_MAX_FIELDS). Spread each fragment fewer times or ask for fewer fields.`,
      limits.maxFields,
      fields,
    );
  }
  if (directives > limits.maxDirectives) {
    return refusal(
      'TOO_MANY_DIRECTIVES',
      `The query applies ${directives} directives once its fragments are written out in place; at most ${limits.maxDirectives} are allowed (QUERY_MAX_DIRECTIVES).`,
      limits.maxDirectives,
      directives,
    );
  }
  // The operation's own selection set is level 1.
  const depth = introspectionOnly ? 0 : below + 1;
  if (depth > limits.maxDepth) {
    return refusal(
      'QUERY_TOO_DEEP',
      `The query nests ${depth} levels deep; at most ${limits.maxDepth} are allowed.`,
      limits.maxDepth,
      depth,
    );
  }
  if (aliases > limits.maxAliases) {
    return refusal(
      'TOO_MANY_ALIASES',
      `The query uses ${aliases} aliases; at most ${limits.maxAliases} are allowed.`,
      limits.maxAliases,
      aliases,
    );
  }
  if (roots.length > limits.maxRootFields) {
    return refusal(
      'TOO_MANY_ROOT_FIELDS',
      `The query asks ${roots.length} root fields; at most ${limits.maxRootFields} are allowed. Split it into several requests.`,
      limits.maxRootFields,
      roots.length,
    );
  }
  const bounded = listArguments(limits);
  for (const field of roots) {
    const rule = bounded[field.name.value];
    const argument = field.arguments?.find((a) => a.name.value === rule?.argument);
    if (!rule || !argument) continue;
    const length = listLength(argument.value, variables);
    if (length > rule.max) {
      return refusal(
        'LIST_TOO_LONG',
        `"${field.name.value}(${rule.argument}:)" takes at most ${rule.max} entries; got ${length}. Split the request.`,
        rule.max,
        length,
      );
    }
  }
  return undefined;
}
