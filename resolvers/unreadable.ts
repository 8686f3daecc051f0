import { isNonNullType, isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { isUnreadable, unreadableError } from '../src/kernel/unreadable';

/**
 * The types (or `Type.field`s) whose models may hold a member the service sent unreadable
 * (src/kernel/unreadable.ts). Their nullable fields without a resolver of their own get one that
 * answers such a member with its error, at the field's own path, on graphql-js and graphql-jit
 * alike (both call a field's `resolve`). Only these: every other field keeps the executors'
 * cheaper default reading.
 */
export const TYPES_WITH_UNREADABLE_MEMBERS = [
  'Climate',
  'ClimateReading',
  'ClimateInterpretation',
  'PestProfile',
  'PestOverview',
  'YieldPrediction',
  'SupplyRoute',
  'SupplyRoutePlace',
  // Healthcare reads only these members leniently (its models type them Readable): every other
  // field keeps graphql-jit's inline reading, which builds no resolve info per list member.
  'FacilitySearch.level',
  'FacilitySearch.generatedAt',
  'Facility.level',
  'Facility.bedsCapacity',
  'Facility.waitTimeEstimateMinutes',
  'EmergencyInfo.generatedAt',
  'EmergencyFacility.phone',
  'EmergencyFacility.level',
  'SpecialistFacility.level',
  'HealthcareAccess.coverageBand',
  'HealthcareAccess.generatedAt',
  'HeatmapPoint.type',
  'Address',
  'AddressStreet',
  'Place.distanceKm',
] as const;

/** The default field reading, and a marker read as its error (thrown: graphql nulls the field and reports it there). */
const readOrRefuse: GraphQLFieldResolver<unknown, unknown> = (source, _args, _context, info) => {
  const value = (source as Record<string, unknown>)[info.fieldName];
  if (isUnreadable(value)) throw unreadableError(value);
  return value;
};

/** Gives the nullable, resolver-less fields of {@link TYPES_WITH_UNREADABLE_MEMBERS} the reading above. */
export function answerUnreadableMembers(schema: GraphQLSchema): void {
  for (const entry of TYPES_WITH_UNREADABLE_MEMBERS) {
    const [name, only] = entry.split('.') as [string, string | undefined];
    const type = schema.getType(name);
    if (!isObjectType(type)) throw new Error(`${name} is not an object type of the schema`);
    const fields = Object.values(type.getFields()).filter(
      (field) => only === undefined || field.name === only,
    );
    if (fields.length === 0) throw new Error(`${entry} is not a field of the schema`);
    for (const field of fields) {
      if (!field.resolve && !isNonNullType(field.type)) field.resolve = readOrRefuse;
    }
  }
}
