import { Kind, type ConstDirectiveNode, type FieldDefinitionNode } from 'graphql';
import { ADDRESS_OPERATIONS } from '../../datasources/address/operations';
import { AGRICULTURE_OPERATIONS } from '../../datasources/agriculture/operations';
import { HEALTHCARE_OPERATIONS } from '../../datasources/healthcare/operations';
import { MAPS_OPERATIONS } from '../../datasources/maps/operations';
import { loadTypeDefs } from '../../src/graph/schema';
import type { OperationSpec } from '../../src/upstream/operations';

/** The upstream operation each costed field calls, as the resolvers and the specs pair them. */
const FIELD_OPERATIONS: Record<string, OperationSpec> = {
  'Loccode.address': ADDRESS_OPERATIONS.byLoccode,
  'Query.addressByStreet': ADDRESS_OPERATIONS.byStreet,
  'Query.addressNear': ADDRESS_OPERATIONS.byCoordinates,
  'Loccode.climate': AGRICULTURE_OPERATIONS.climate,
  'Loccode.pests': AGRICULTURE_OPERATIONS.pests,
  'Loccode.cropYield': AGRICULTURE_OPERATIONS.yield,
  'Loccode.supplyRouteTo': AGRICULTURE_OPERATIONS.supply,
  'Query.supplyRoute': AGRICULTURE_OPERATIONS.supply,
  'Loccode.facilities': HEALTHCARE_OPERATIONS.facilities,
  'Loccode.healthcareAccess': HEALTHCARE_OPERATIONS.access,
  'Loccode.emergency': HEALTHCARE_OPERATIONS.emergencyRoute,
  'Loccode.specialists': HEALTHCARE_OPERATIONS.specialist,
  'Loccode.healthRisk': HEALTHCARE_OPERATIONS.healthRisk,
  'Loccode.heatmap': HEALTHCARE_OPERATIONS.heatmap,
  'Loccode.street': MAPS_OPERATIONS.resolveLoccode,
  'Loccode.routeTo': MAPS_OPERATIONS.route,
  'Query.nearestLoccode': MAPS_OPERATIONS.nearestLoccode,
  'Query.reverseGeocode': MAPS_OPERATIONS.reverseGeocode,
  'Query.pointDetails': MAPS_OPERATIONS.pointDetails,
  'Query.searchPlaces': MAPS_OPERATIONS.search,
  'Query.placeCategories': MAPS_OPERATIONS.placeCategories,
  'Query.route': MAPS_OPERATIONS.route,
  'Query.optimizeStops': MAPS_OPERATIONS.optimize,
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
