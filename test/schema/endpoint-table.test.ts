import { Kind, type ConstDirectiveNode, type FieldDefinitionNode } from 'graphql';
import { ADDRESS } from '../../datasources/address/endpoints';
import { AGRICULTURE } from '../../datasources/agriculture/endpoints';
import { HEALTHCARE } from '../../datasources/healthcare/endpoints';
import { MAP_HOST, MAPS } from '../../datasources/maps/endpoints';
import { loadTypeDefs } from '../../src/graph/schema';
import type { EndpointSpec } from '../../src/upstream/endpoints';

/** The upstream operation each costed field calls, as the resolvers and the specs pair them. */
const FIELD_ENDPOINTS: Record<string, EndpointSpec> = {
  'Loccode.address': ADDRESS.endpoints.byLoccode,
  'Query.addressByStreet': ADDRESS.endpoints.byStreet,
  'Query.addressNear': ADDRESS.endpoints.byCoordinates,
  'Loccode.climate': AGRICULTURE.endpoints.climate,
  'Loccode.pests': AGRICULTURE.endpoints.pests,
  'Loccode.cropYield': AGRICULTURE.endpoints.yield,
  'Loccode.supplyRouteTo': AGRICULTURE.endpoints.supply,
  'Query.supplyRoute': AGRICULTURE.endpoints.supply,
  'Loccode.facilities': HEALTHCARE.endpoints.facilities,
  'Loccode.healthcareAccess': HEALTHCARE.endpoints.access,
  'Loccode.emergency': HEALTHCARE.endpoints.emergencyRoute,
  'Loccode.specialists': HEALTHCARE.endpoints.specialist,
  'Loccode.healthRisk': HEALTHCARE.endpoints.healthRisk,
  'Loccode.heatmap': HEALTHCARE.endpoints.heatmap,
  'Loccode.street': MAPS.endpoints.resolveLoccode,
  'Loccode.routeTo': MAPS.endpoints.route,
  'Query.nearestLoccode': MAPS.endpoints.nearestLoccode,
  'Query.reverseGeocode': MAPS.endpoints.reverseGeocode,
  'Query.pointDetails': MAPS.endpoints.pointDetails,
  'Query.searchPlaces': MAPS.endpoints.search,
  'Query.placeCategories': MAPS.endpoints.placeCategories,
  'Query.route': MAPS.endpoints.route,
  'Query.optimizeStops': MAPS.endpoints.optimize,
  'Wordmark.manifest': MAP_HOST.endpoints.wordmark,
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
    expect(costed.map(([name]) => name).sort()).toEqual(Object.keys(FIELD_ENDPOINTS).sort());
  });

  it.each(Object.entries(FIELD_ENDPOINTS))(
    '%s: @cacheControl(maxAge) is the operation TTL and @cost(weight) its points',
    (name, operation) => {
      const directives = fields.get(name)!;
      expect(intArgument(directives, 'cacheControl', 'maxAge')! * 1000).toBe(operation.freshMs);
      expect(intArgument(directives, 'cost', 'weight')).toBe(operation.costPoints);
    },
  );
});
