import { placeFromSearch } from '../../datasources/maps/mapping';
import { searchData } from '../../datasources/maps/wire';
import { isUnreadable, unreadableError } from '../../src/kernel/unreadable';

/**
 * The maps spec names `distance_km` among a search result's members without its type: a number
 * written as text is read as the number, and anything else makes that member unreadable (null
 * with its own error in the graph) without costing the other results.
 */
const result = (distance: unknown) => ({
  name: 'Kano Central Market',
  latitude: 12.0012,
  longitude: 8.5123,
  osm_id: 'n4839201',
  distance_km: distance,
});

describe('maps boundary: a search result distance whose type the spec does not show', () => {
  it('reads "1.25" as 1.25 and leaves a number as it is', () => {
    const [text, number] = searchData.parse([result('1.25'), result(0.5)]);
    expect(placeFromSearch(text!).distanceKm).toBe(1.25);
    expect(placeFromSearch(number!).distanceKm).toBe(0.5);
  });

  it('marks "near" unreadable in that result alone, and its error names the member, not the value', () => {
    const [bad, good] = searchData.parse([result('near'), result(2)]);
    const distance = placeFromSearch(bad!).distanceKm;
    expect(isUnreadable(distance)).toBe(true);
    if (!isUnreadable(distance)) return;
    const error = unreadableError(distance);
    expect(error.extensions).toMatchObject({ code: 'UPSTREAM_BAD_RESPONSE', service: 'maps' });
    expect(error.message).toContain('`distance_km` (expected a number)');
    expect(error.message).not.toContain('near');
    expect(placeFromSearch(good!).distanceKm).toBe(2);
  });
});
