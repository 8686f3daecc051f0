import { z } from 'zod';

/*
 * The address service's record, written once from the spec (service B, "Address
 * record"). Every member is documented as optional, so each may be absent or
 * null; unknown keys are dropped.
 */
export const addressRecord = z.object({
  /** Display form `XXXX XXX`. */
  loccode: z.string().nullish(),
  streetName: z.string().nullish(),
  addresses: z.array(z.string()).nullish(),
  lga: z.string().nullish(),
  state: z.string().nullish(),
  streetInfo: z
    .object({
      name: z.string().nullish(),
      highwayType: z.string().nullish(),
      /** Metres. */
      length: z.number().nullish(),
      osmId: z.number().int().nullish(),
    })
    .nullish(),
  /** ISO 3166-1 alpha-2. */
  country: z.string().nullish(),
});
export type AddressRecordWire = z.infer<typeof addressRecord>;
