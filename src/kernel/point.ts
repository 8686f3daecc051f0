/** WGS-84 position; the one coordinate shape used inside the gateway. */
export interface Point {
  latitude: number;
  longitude: number;
}
