import { GraphQLError, type ValidationRule } from 'graphql';

/** What describes the schema: graphql's introspection fields, and the federation SDL a router reads. */
const SCHEMA_FIELDS = new Set(['__schema', '__type', '_service']);

/**
 * INTROSPECTION=off (README, Introspection and suggestions): a document that asks for the
 * schema is refused at validation, the federation `_service { sdl }` included, with a
 * message that names our setting rather than an Apollo Server option.
 */
export const introspectionOff: ValidationRule = (context) => ({
  Field(node) {
    if (!SCHEMA_FIELDS.has(node.name.value)) return;
    context.reportError(
      new GraphQLError(
        `Introspection is not allowed on this gateway (INTROSPECTION=off): "${node.name.value}" describes the schema. Build clients from the published schema.graphql instead.`,
        { nodes: node },
      ),
    );
  },
});
