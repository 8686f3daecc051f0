import type { TestStack } from '../support/gateway';

/** Raw upstream JSON, read field by field in the tests. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type UpstreamJson = any;

/** The spec's example street loccode (Kano Municipal), known to every service. */
export const KANO_STREET = 'KN3A 7QP';

export const ADDRESS_FIELDS = `loccode { code } streetName addresses lga state countryCode
  street { name highwayType lengthMeters osmId }`;

/** What the address service itself answers for a path and query below /v1/addresses/search, fetched directly. */
export async function addressDirect(stack: TestStack, pathAndQuery: string): Promise<UpstreamJson> {
  const url = `${stack.sandbox.urls.address}/v1/addresses/search/${pathAndQuery}`;
  const response = await stack.http.get(url, { authorization: `Bearer ${stack.sandbox.keys.address}` });
  if (response.status !== 200) throw new Error(`address ${pathAndQuery} answered ${response.status}`);
  return response.json;
}

/** The upstream record as the graph's `Address`. */
export function asAddress(record: UpstreamJson) {
  return {
    loccode: { code: record.loccode },
    streetName: record.streetName,
    addresses: record.addresses,
    lga: record.lga,
    state: record.state,
    countryCode: record.country,
    street: {
      name: record.streetInfo.name,
      highwayType: record.streetInfo.highwayType,
      lengthMeters: record.streetInfo.length,
      osmId: String(record.streetInfo.osmId),
    },
  };
}
