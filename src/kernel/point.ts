/** WGS-84 position; the one coordinate shape used inside the gateway (API.md section 3). */
export interface Point {
  latitude: number;
  longitude: number;
}
