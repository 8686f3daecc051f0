import type { ApolloServerPlugin } from '@apollo/server';
import {
  getNamedType,
  isAbstractType,
  isCompositeType,
  isObjectType,
  Kind,
  type ConstDirectiveNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

type Scope = 'PUBLIC' | 'PRIVATE';

/** A `@cacheControl` annotation, or a policy being narrowed (Apollo's CacheHint). */
export interface Hint {
  maxAge?: number;
  scope?: Scope;
  inheritMaxAge?: boolean;
}

/**
 * A response's cache policy worked out once per document instead of once per resolved field.
 * Apollo's cache-control plugin wraps every resolver of the schema to narrow the policy field
 * by field as they resolve, which can cost as much as the execution itself. The rules here are
 * Apollo's, applied to every field the operation selects rather than to those that resolved: a field under a null parent, or in a
 * fragment for a type the answer did not have, still counts. The policy can therefore come
 * out shorter or more private than Apollo's, never longer or more public. Nothing in our
 * resolvers sets a dynamic hint (`info.cacheControl`), so nothing else changes. The
 * `Cache-Control` header is written as Apollo's plugin writes it.
 */
export function cachePolicyPlugin(policies: OperationPolicies): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async executionDidStart({ schema, document, operation, overallCachePolicy }) {
          // No operation to run (an operationName the document lacks): graphql-js says so, uncached.
          if (!operation) return;
          const policy = policies.of(schema, document, operation);
          overallCachePolicy.restrict(policy);
        },
        async willSendResponse({ response, overallCachePolicy }) {
          const cacheable = overallCachePolicy.policyIfCacheable();
          const answered = response.body.kind === 'single' && !response.body.singleResult.errors;
          // Our plugins set no cache-control of their own before this one: Apollo's merge is not needed.
          response.http.headers.set(
            'cache-control',
            cacheable && answered ? cacheControlHeader(cacheable) : 'no-store',
          );
        },
      };
    },
  };
}

/** Each operation's policy, worked out once: kept as long as Apollo keeps its document. */
export class OperationPolicies {
  private readonly known = new WeakMap<OperationDefinitionNode, Hint>();

  /** `defaultMaxAge`: the TTL of fields without a hint that return objects. */
  constructor(private readonly defaultMaxAge: number) {}

  of(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): Hint {
    let policy = this.known.get(operation);
    if (!policy) {
      policy = operationPolicy(schema, document, operation, this.defaultMaxAge);
      this.known.set(operation, policy);
    }
    return policy;
  }
}

/** `max-age=N, public|private`, as Apollo's cache-control plugin writes it (also for response-cache hits). */
export function cacheControlHeader(policy: { maxAge: number; scope: string }): string {
  return `max-age=${policy.maxAge}, ${policy.scope.toLowerCase()}`;
}

/** The narrowest policy of every field the operation selects, by Apollo's per-field rules. */
export function operationPolicy(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  defaultMaxAge: number,
): Hint {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const overall: Hint = {};
  const seen = new Set<string>();
  const root = schema.getRootType(operation.operation);
  if (!root) return overall;

  const visit = (selectionSet: SelectionSetNode, parent: GraphQLCompositeType, atRoot: boolean): void => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        // Meta fields (__typename, introspection) have no resolver for Apollo to hook.
        if (name.startsWith('__')) continue;
        // On an interface the field resolves on whichever object type the value has: count each.
        const owners = isAbstractType(parent)
          ? schema.getPossibleTypes(parent)
          : isObjectType(parent)
            ? [parent]
            : [];
        for (const owner of owners) {
          const field = owner.getFields()[name];
          if (!field) continue;
          restrict(overall, fieldPolicy(field, atRoot, defaultMaxAge));
          const target = getNamedType(field.type);
          if (selection.selectionSet && isCompositeType(target)) visit(selection.selectionSet, target, false);
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition && schema.getType(selection.typeCondition.name.value);
        const type = condition ?? parent;
        if (isCompositeType(type)) visit(selection.selectionSet, type, atRoot);
      } else {
        const fragment = fragments.get(selection.name.value);
        const key = `${selection.name.value}:${atRoot}`;
        if (!fragment || seen.has(key)) continue;
        seen.add(key);
        const type = schema.getType(fragment.typeCondition.name.value);
        if (type && isCompositeType(type)) visit(fragment.selectionSet, type, atRoot);
      }
    }
  };
  visit(operation.selectionSet, root, true);
  return overall;
}

/** One field's policy as Apollo's plugin computes it when the field resolves (its `willResolveField`). */
function fieldPolicy(field: GraphQLField<unknown, unknown>, atRoot: boolean, defaultMaxAge: number): Hint {
  const policy: Hint = {};
  let inheritMaxAge = false;
  const target = getNamedType(field.type);
  if (isCompositeType(target)) {
    const typeHint = typeAnnotation(target);
    replace(policy, typeHint);
    inheritMaxAge = Boolean(typeHint.inheritMaxAge);
  }
  const fieldHint = annotation(field.astNode?.directives) ?? {};
  if (fieldHint.inheritMaxAge && policy.maxAge === undefined) {
    inheritMaxAge = true;
    if (fieldHint.scope) replace(policy, { scope: fieldHint.scope });
  } else replace(policy, fieldHint);
  if (policy.maxAge === undefined && ((isCompositeType(target) && !inheritMaxAge) || atRoot))
    restrict(policy, { maxAge: defaultMaxAge });
  return policy;
}

function typeAnnotation(type: GraphQLNamedType): Hint {
  return (
    annotation(type.astNode?.directives) ??
    type.extensionASTNodes.map((node) => annotation(node.directives)).find((hint) => hint !== undefined) ??
    {}
  );
}

/** `@cacheControl(maxAge, scope, inheritMaxAge)` of a definition, read as Apollo reads it. */
function annotation(directives: readonly ConstDirectiveNode[] | undefined): Hint | undefined {
  const directive = directives?.find((node) => node.name.value === 'cacheControl');
  if (!directive?.arguments) return undefined;
  const argument = (name: string) => directive.arguments?.find((node) => node.name.value === name)?.value;
  const scopeValue = argument('scope');
  const scopeName = scopeValue?.kind === Kind.ENUM ? scopeValue.value : undefined;
  const scope = scopeName === 'PUBLIC' || scopeName === 'PRIVATE' ? scopeName : undefined;
  const inherit = argument('inheritMaxAge');
  if (inherit?.kind === Kind.BOOLEAN && inherit.value) return { inheritMaxAge: true, scope };
  const maxAge = argument('maxAge');
  return { maxAge: maxAge?.kind === Kind.INT ? parseInt(maxAge.value, 10) : undefined, scope };
}

/** Apollo's CachePolicy.replace: what the hint says overrides. */
function replace(policy: Hint, hint: Hint): void {
  if (hint.maxAge !== undefined) policy.maxAge = hint.maxAge;
  if (hint.scope !== undefined) policy.scope = hint.scope;
}

/** Apollo's CachePolicy.restrict: the shorter age, and PRIVATE once anything is. */
function restrict(policy: Hint, hint: Hint): void {
  if (hint.maxAge !== undefined && (policy.maxAge === undefined || hint.maxAge < policy.maxAge))
    policy.maxAge = hint.maxAge;
  if (hint.scope !== undefined && policy.scope !== 'PRIVATE') policy.scope = hint.scope;
}
