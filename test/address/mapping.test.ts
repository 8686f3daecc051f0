import { toAddress } from '../../datasources/address/mapping';
import { addressRecord } from '../../datasources/address/wire';

describe('address records: every member is optional (spec B)', () => {
  it('an empty record maps to nulls and no addresses, not a crash', () => {
    expect(toAddress(addressRecord.parse({}))).toEqual({
      loccode: null,
      streetName: null,
      addresses: [],
      lga: null,
      state: null,
      countryCode: null,
      street: null,
    });
  });

  it('partial street info keeps what is there; the OSM id becomes a decimal string', () => {
    const record = addressRecord.parse({ streetInfo: { osmId: 4_294_967_301, highwayType: null } });
    expect(toAddress(record).street).toEqual({
      name: null,
      highwayType: null,
      lengthMeters: null,
      osmId: '4294967301',
    });
  });

  it('a loccode that is not a loccode links to nothing', () => {
    expect(toAddress(addressRecord.parse({ loccode: 'KN3A-7QP' })).loccode).toBeNull();
    expect(toAddress(addressRecord.parse({ loccode: 'KN3A 7QP' })).loccode).toEqual({ code: 'KN3A 7QP' });
  });

  it('a member of the wrong type is not the spec’s record', () => {
    expect(addressRecord.safeParse({ addresses: 'one address' }).success).toBe(false);
  });
});
