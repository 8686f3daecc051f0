import { checkLoccodeShape, type LoccodeModel } from '../../src/kernel/loccode';
import { mapReadable, type Readable } from '../../src/kernel/unreadable';
import type { AddressRecordWire } from './wire';

/**
 * The street of an address, as the service describes it; any member may be missing, and one
 * it sent unreadable stays a marker (src/kernel/unreadable.ts).
 */
export interface AddressStreetModel {
  name: Readable<string | null>;
  highwayType: Readable<string | null>;
  lengthMeters: Readable<number | null>;
  osmId: Readable<string | null>;
}

/** An address record in the graph's terms; `loccode` links to the `Loccode` every domain hangs off. */
export interface AddressModel {
  loccode: Readable<LoccodeModel | null>;
  streetName: Readable<string | null>;
  addresses: string[];
  lga: Readable<string | null>;
  state: Readable<string | null>;
  countryCode: Readable<string | null>;
  street: Readable<AddressStreetModel | null>;
}

export function toAddress(record: AddressRecordWire): AddressModel {
  return {
    loccode: mapReadable(record.loccode, loccodeLink),
    streetName: record.streetName,
    addresses: record.addresses ?? [],
    lga: record.lga,
    state: record.state,
    countryCode: record.country,
    street: mapReadable(record.streetInfo, (info) => ({
      name: info.name,
      highwayType: info.highwayType,
      lengthMeters: info.length,
      // OSM ids outgrow GraphQL's 32-bit Int.
      osmId: mapReadable(info.osmId, String),
    })),
  };
}

/**
 * The record's display form (`XXXX XXX`, spaced) is a valid loccode, so it links
 * to a `Loccode`; a display form of any other shape links to nothing.
 */
function loccodeLink(display: string | null): LoccodeModel | null {
  if (!display || checkLoccodeShape(display) !== undefined) return null;
  return { code: display };
}
