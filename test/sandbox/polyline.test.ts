import { encodePolyline } from '../../src/sandbox/geo/polyline';
import { decodeReference, PUBLISHED_EXAMPLE } from '../support/polyline';

describe("the sandbox's polyline encoder (its own, written from the format)", () => {
  it('encodes the points of the example published with the format to its string', () => {
    expect(encodePolyline(PUBLISHED_EXAMPLE.points)).toBe(PUBLISHED_EXAMPLE.encoded);
  });

  it('round-trips through an independent decoder, negative and tiny differences included', () => {
    const path = [
      { latitude: 12.00001, longitude: 8.51672 },
      { latitude: 12.00001, longitude: 8.51671 },
      { latitude: 4.27001, longitude: 2.69 },
      { latitude: 13.89999, longitude: 14.69999 },
    ];
    expect(decodeReference(encodePolyline(path))).toEqual(path);
  });

  it('encodes nothing as the empty string', () => {
    expect(encodePolyline([])).toBe('');
  });
});
