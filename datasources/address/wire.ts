import { z } from 'zod';
import { each, memberReaders } from '../../src/upstream/wire';

/*
 * The address service's record, written once from the spec (service B, "Address
 * record"). Every member is documented as optional, so each may be absent or
 * null; unknown keys are dropped. Each member is read on its own (src/upstream/wire.ts):
 * one of another type than the spec gives is that field's error alone.
 */
const read = memberReaders('address');

const streetInfo = z.object({
  ...each(read.text, 'name', 'highwayType'),
  /** Metres. */
  length: read.number('length'),
  osmId: read.integer('osmId'),
});

export const addressRecord = z.object({
  /** Display form `XXXX XXX`. */
  ...each(read.text, 'loccode', 'streetName', 'lga', 'state'),
  addresses: z.array(z.string()).nullish(),
  streetInfo: read.object(streetInfo)('streetInfo'),
  /** ISO 3166-1 alpha-2. */
  country: read.text('country'),
});
export type AddressRecordWire = z.infer<typeof addressRecord>;
