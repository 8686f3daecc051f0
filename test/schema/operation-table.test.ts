import { Kind, type ConstDirectiveNode, type FieldDefinitionNode } from 'graphql';
import { ADDRESS } from '../../datasources/address/operations';
import { AGRICULTURE } from '../../datasources/agriculture/operations';
import { HEALTHCARE } from '../../datasources/healthcare/operations';
import { MAP_HOST, MAPS } from '../../datasources/maps/operations';
import { loadTypeDefs } from '../../src/graph/schema';
import type { OperationSpec } from '../../src/upstream/operations';

/** The upstream operation each costed field calls, as the resolvers and the specs pair them. */
const FIELD_OPERATIONS: Record<string, OperationSpec> = {
  'Loccode.address': ADDRESS.operations.byLoccode,
  'Query.addressByStreet': ADDRESS.operations.byStreet,
  'Query.addressNear': ADDRESS.operations.byCoordinates,
  'Loccode.climate': AGRICULTURE.operations.climate,
  'Loccode.pests': AGRICULTURE.operations.pests,
  'Loccode.cropYield': AGRICULTURE.operations.yield,
  'Loccode.supplyRouteTo': AGRICULTURE.operations.supply,
  'Query.supplyRoute': AGRICULTURE.operations.supply,
  'Loccode.facilities': HEALTHCARE.operations.facilities,
  'Loccode.healthcareAccess': HEALTHCARE.operations.access,
  'Loccode.emergency': HEALTHCARE.operations.emergencyRoute,
  'Loccode.specialists': HEALTHCARE.operations.specialist,
  'Loccode.healthRisk': HEALTHCARE.operations.healthRisk,
  'Loccode.heatmap': HEALTHCARE.operations.heatmap,
  'Loccode.street': MAPS.operations.resolveLoccode,
  'Loccode.routeTo': MAPS.operations.route,
  'Query.nearestLoccode': MAPS.operations.nearestLoccode,
  'Query.reverseGeocode': MAPS.operations.reverseGeocode,
  'Query.pointDetails': MAPS.operations.pointDetails,
  'Query.searchPlaces': MAPS.operations.search,
  'Query.placeCategories': MAPS.operations.placeCategories,
  'Query.route': MAPS.operations.route,
  'Query.optimizeStops': MAPS.operations.optimize,
  'Wordmark.manifest': MAP_HOST.operations.wordmark,
};

/** Every field of the SDL in schema/, by `Type.field`, with its directives. */
function sdlFields(): Map<string, readonly ConstDirectiveNode[]> {
  const fields = new Map<string, readonly ConstDirectiveNode[]>();
  for (const definition of loadTypeDefs().definitions) {
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION && definition.kind !== Kind.OBJECT_TYPE_EXTENSION)
      continue;
    for (const field of (definition.fields ?? []) as FieldDefinitionNode[])
      fields.set(`${definition.name.value}.${field.name.value}`, field.directives ?? []);
  }
  return fields;
}

function intArgument(
  directives: readonly ConstDirectiveNode[],
  directive: string,
  argument: string,
): number | undefined {
  const value = directives
    .find((d) => d.name.value === directive)
    ?.arguments?.find((a) => a.name.value === argument)?.value;
  return value?.kind === Kind.INT ? Number(value.value) : undefined;
}

describe('each upstream operation is declared once: the SDL agrees with the operation tables', () => {
  const fields = sdlFields();

  it('every field with @cost calls an operation of a table, and no other field does', () => {
    const costed = [...fields].filter(([, directives]) => directives.some((d) => d.name.value === 'cost'));
    expect(costed.map(([name]) => name).sort()).toEqual(Object.keys(FIELD_OPERATIONS).sort());
  });

  it.each(Object.entries(FIELD_OPERATIONS))(
    '%s: @cacheControl(maxAge) is the operation TTL and @cost(weight) its points',
    (name, operation) => {
      const directives = fields.get(name)!;
      expect(intArgument(directives, 'cacheControl', 'maxAge')! * 1000).toBe(operation.freshMs);
      expect(intArgument(directives, 'cost', 'weight')).toBe(operation.costPoints);
    },
  );
});
