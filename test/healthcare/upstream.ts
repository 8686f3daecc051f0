import type { TestStack } from '../support/gateway';

/** Raw upstream JSON, read field by field in the tests. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type UpstreamJson = any;

/** The spec's example street loccode (Kano Municipal), known to every service. */
export const KANO_STREET = 'KN3A 7QP';
/** An area loccode (Kano's capital postcode), known to agriculture and healthcare only. */
export const KANO_AREA = 'KAN 700001';

/**
 * What the healthcare service itself answers, fetched directly (not through the
 * gateway), to compare the graph's fields with. Wrapped bodies are unwrapped.
 */
export async function healthcareDirect(
  stack: TestStack,
  endpoint: string,
  query: Record<string, string>,
): Promise<UpstreamJson> {
  const url = `${stack.sandbox.urls.healthcare}/api/v1/${endpoint}?${new URLSearchParams(query)}`;
  const response = await stack.http.get(url, { authorization: `Bearer ${stack.sandbox.keys.healthcare}` });
  if (response.status !== 200) throw new Error(`healthcare ${endpoint} answered ${response.status}`);
  return 'success' in response.json ? response.json.data : response.json;
}

/** `{lat, lon}` in the graph's one coordinate shape. */
export const coordinates = ({ lat, lon }: { lat: number; lon: number }) => ({
  latitude: lat,
  longitude: lon,
});

/** The upstream `location` as `HealthLocation`. */
export const healthLocation = (location: { lat: number; lon: number; state: string; lga: string }) => ({
  coordinates: coordinates(location),
  state: location.state,
  lga: location.lga,
});

export const LOCATION_FIELDS = 'location { coordinates { latitude longitude } state lga }';
