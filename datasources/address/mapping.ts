import { checkLoccodeShape, type LoccodeModel } from '../../src/kernel/loccode';
import type { AddressRecordWire } from './wire';

/** The street of an address, as the service describes it; any member may be missing. */
export interface AddressStreetModel {
  name: string | null;
  highwayType: string | null;
  lengthMeters: number | null;
  osmId: string | null;
}

/** An address record in the graph's terms; `loccode` links to the `Loccode` every domain hangs off. */
export interface AddressModel {
  loccode: LoccodeModel | null;
  streetName: string | null;
  addresses: string[];
  lga: string | null;
  state: string | null;
  countryCode: string | null;
  street: AddressStreetModel | null;
}

export function toAddress(record: AddressRecordWire): AddressModel {
  return {
    loccode: loccodeLink(record.loccode),
    streetName: record.streetName ?? null,
    addresses: record.addresses ?? [],
    lga: record.lga ?? null,
    state: record.state ?? null,
    countryCode: record.country ?? null,
    street: record.streetInfo
      ? {
          name: record.streetInfo.name ?? null,
          highwayType: record.streetInfo.highwayType ?? null,
          lengthMeters: record.streetInfo.length ?? null,
          // OSM ids outgrow GraphQL's 32-bit Int.
          osmId: typeof record.streetInfo.osmId === 'number' ? String(record.streetInfo.osmId) : null,
        }
      : null,
  };
}

/**
 * The record's display form (`XXXX XXX`, spaced) is a valid loccode, so it links
 * to a `Loccode`; a display form of any other shape links to nothing.
 */
function loccodeLink(display: string | null | undefined): LoccodeModel | null {
  if (!display || checkLoccodeShape(display) !== undefined) return null;
  return { code: display };
}
