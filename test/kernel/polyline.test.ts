import { decodePolyline, PolylineError } from '../../src/kernel/polyline';
import { PUBLISHED_EXAMPLE } from '../support/polyline';

describe("the gateway's polyline decoder (route and optimize geometry)", () => {
  it('decodes the example published with the encoded polyline format', () => {
    expect(decodePolyline(PUBLISHED_EXAMPLE.encoded)).toEqual(PUBLISHED_EXAMPLE.points);
  });

  it('decodes a position on the 1e-5 grid of Nigeria exactly (Kano, from the sandbox streets)', () => {
    // The string @mapbox/polyline, an independent implementation, writes for this point.
    expect(decodePolyline('awfhAol~r@')).toEqual([{ latitude: 12.00001, longitude: 8.51672 }]);
  });

  it.each([
    ['a truncated string', '_p~iF~ps|'],
    ['a character outside the alphabet', '_p~iF~ps|U\u0020'],
  ])('refuses %s', (_case, encoded) => {
    expect(() => decodePolyline(encoded)).toThrow(PolylineError);
  });
});
