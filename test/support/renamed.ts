/**
 * The values of an upstream object under the graph's names: `renamed(record, { airTemperatureCelsius:
 * 'temperature_2m' })`. Tests state each rename as the spec's member name, a string, so the expected
 * value comes from the upstream's own answer and never from the mapping under test.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function renamed(upstream: any, names: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(names).map(([ours, theirs]) => [ours, upstream?.[theirs]]));
}
