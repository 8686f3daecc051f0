import {
  GraphQLError,
  Kind,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/** Checked before anything executes, so a rejected request costs no upstream call (issue #6). */
export interface QueryLimits {
  maxDepth: number;
  maxAliases: number;
  maxRootFields: number;
  maxTokens: number;
  /** Entries of `loccodes(codes:)` and `nodes(ids:)`. */
  maxListItems: number;
  /** Bytes of a request body; more is refused with HTTP 413 before it is parsed. */
  maxBodyBytes: number;
  /** Computed cost (upstream calls) one operation may have; more is `QUERY_TOO_COSTLY`. */
  maxCost: number;
  /** Several operations in one JSON array body (Apollo's HTTP batching); off unless enabled. */
  httpBatching: boolean;
}

/** Root fields whose list argument multiplies the work, with the argument's bound. */
function listArguments(limits: QueryLimits): Record<string, { argument: string; max: number }> {
  return {
    loccodes: { argument: 'codes', max: limits.maxListItems },
    nodes: { argument: 'ids', max: limits.maxListItems },
    // Spec (maps), Limits rule 7: 1 to 50 stops.
    optimizeStops: { argument: 'stops', max: 50 },
    // Not bounded by the spec; the sandbox's documented choice (src/sandbox/README.md), so a
    // route has at most 26 legs and never fails upstream for its length.
    route: { argument: 'waypoints', max: 25 },
  };
}

interface Measure {
  depth: number;
  aliases: number;
}

/** The deepest nesting of selection sets and the number of aliases, through fragments. */
function measure(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  depth: number,
  seen: ReadonlySet<string>,
): Measure {
  let result: Measure = { depth, aliases: 0 };
  const add = (inner: Measure): void => {
    result = { depth: Math.max(result.depth, inner.depth), aliases: result.aliases + inner.aliases };
  };
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.alias) result.aliases += 1;
      if (selection.selectionSet) add(measure(selection.selectionSet, fragments, depth + 1, seen));
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      add(measure(selection.selectionSet, fragments, depth, seen));
    } else {
      const fragment = fragments[selection.name.value];
      if (fragment && !seen.has(fragment.name.value)) {
        add(measure(fragment.selectionSet, fragments, depth, new Set([...seen, fragment.name.value])));
      }
    }
  }
  return result;
}

/** Root fields of the operation, fragments expanded. */
function rootFields(selectionSet: SelectionSetNode, fragments: Record<string, FragmentDefinitionNode>) {
  return selectionSet.selections.flatMap(
    (selection): Array<Extract<typeof selection, { kind: Kind.FIELD }>> => {
      if (selection.kind === Kind.FIELD) return [selection];
      const inner =
        selection.kind === Kind.INLINE_FRAGMENT
          ? selection.selectionSet
          : fragments[selection.name.value]?.selectionSet;
      return inner ? rootFields(inner, fragments) : [];
    },
  );
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

/** The first limit the operation breaks, if any. */
export function checkQueryLimits(
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  limits: QueryLimits,
): GraphQLError | undefined {
  const roots = rootFields(operation.selectionSet, fragments);
  // Introspection never reaches an upstream, and IDEs' introspection queries nest deep (ofType chains).
  const introspectionOnly = roots.every((field) => field.name.value.startsWith('__'));
  const { depth, aliases } = introspectionOnly
    ? { depth: 0, aliases: 0 }
    : measure(operation.selectionSet, fragments, 1, new Set());
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
