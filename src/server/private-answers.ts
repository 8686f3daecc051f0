import { isObjectType, visit, BREAK, type DocumentNode, type GraphQLSchema } from 'graphql';

/**
 * Fields whose answers are `@cacheControl(scope: PRIVATE)` in the schema (today only
 * `mapDisplay`: its links are built on the origin the request came in on).
 */
export function privateFieldNames(schema: GraphQLSchema): ReadonlySet<string> {
  const names = new Set<string>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const hint = field.astNode?.directives?.find((directive) => directive.name.value === 'cacheControl');
      const scope = hint?.arguments?.find((argument) => argument.name.value === 'scope')?.value;
      if (scope?.kind === 'EnumValue' && scope.value === 'PRIVATE') names.add(field.name);
    }
  }
  return names;
}

/**
 * Whether a document selects any of `names` (by field name, fragments included), computed
 * once per parsed document. The response cache asks it on every request: only an answer that
 * can be private needs a session, and a session costs the plugin a second lookup per request.
 */
export function selectsPrivateFields(names: ReadonlySet<string>): (document: DocumentNode) => boolean {
  const known = new WeakMap<DocumentNode, boolean>();
  return (document) => {
    let selects = known.get(document);
    if (selects === undefined) {
      selects = false;
      visit(document, {
        Field(node) {
          if (!names.has(node.name.value)) return undefined;
          selects = true;
          return BREAK;
        },
      });
      known.set(document, selects);
    }
    return selects;
  };
}
