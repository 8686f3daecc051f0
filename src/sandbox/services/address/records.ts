import { round } from '../../geo/point';
import type { Street } from '../../dataset/types';
import type { Variants } from '../../kit/variants';

/**
 * The spec's address record for a street loccode; every member is filled in the sandbox.
 * Spec: "All members are documented as optional": with the `optionalMembers: missing`
 * variant only `loccode`, the key of the record, remains.
 */
export function addressRecord(street: Street, variants: Readonly<Variants>): object {
  if (variants.optionalMembers === 'missing') return { loccode: street.code.toUpperCase() };
  return {
    loccode: street.code.toUpperCase(),
    streetName: street.name,
    addresses: street.houseNumbers.map(
      (houseNumber) => `${houseNumber} ${street.name}, ${street.district}, ${street.lga}, ${street.state}`,
    ),
    lga: street.lga,
    state: street.state,
    streetInfo: {
      name: street.name,
      highwayType: street.highwayType,
      length: round(street.lengthMeters, 1),
      osmId: street.osmWayId,
    },
    country: 'NG',
    // Not in the spec: clients must ignore unknown keys.
    verified: true,
  };
}
