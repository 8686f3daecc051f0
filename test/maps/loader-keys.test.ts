import { useTestStack } from '../support/gateway';
import { KANO_STREET, mapsCalls, otherKanoCode, street } from './support';

/*
 * Within one query, identical maps requests are one upstream call and different ones are not
 * (datasources/maps/loaders.ts keys each request by its members): what each call is billed on.
 */
describe('one maps call per distinct request in a query', () => {
  const stack = useTestStack();

  const destinationCode = () => otherKanoCode(stack);

  it('routes that differ in mode, in an endpoint given as coordinates, or in waypoint order are separate calls', async () => {
    const destination = destinationCode();
    const from = street(stack, KANO_STREET).point;
    const to = street(stack, destination).point;
    const north = { latitude: from.latitude + 0.01, longitude: from.longitude };
    const east = { latitude: from.latitude, longitude: from.longitude + 0.01 };
    const { errors } = await stack.query(
      `query($k: String!, $d: String!, $from: CoordinatesInput!, $to: CoordinatesInput!, $n: CoordinatesInput!, $e: CoordinatesInput!) {
        drive: route(origin: { loccode: $k }, destination: { loccode: $d }) { distanceMeters }
        again: route(origin: { loccode: $k }, destination: { loccode: $d }, mode: DRIVE) { distanceMeters }
        walk: route(origin: { loccode: $k }, destination: { loccode: $d }, mode: WALK) { distanceMeters }
        fromPoint: route(origin: { coordinates: $from }, destination: { loccode: $d }) { distanceMeters }
        northFirst: route(origin: { coordinates: $from }, destination: { coordinates: $to }, waypoints: [$n, $e]) { distanceMeters }
        eastFirst: route(origin: { coordinates: $from }, destination: { coordinates: $to }, waypoints: [$e, $n]) { distanceMeters }
        eastFirstAgain: route(origin: { coordinates: $from }, destination: { coordinates: $to }, waypoints: [$e, $n]) { distanceMeters }
      }`,
      { k: KANO_STREET, d: destination, from, to, n: north, e: east },
    );
    expect(errors).toBeUndefined();
    expect(mapsCalls(stack, 'route')).toBe(5);
  });

  it('searches that differ in text, place or category are separate calls; the same search is one', async () => {
    const near = street(stack, KANO_STREET).point;
    const { errors } = await stack.query(
      `query($near: CoordinatesInput!) {
        text: searchPlaces(query: "Kano") { totalCount }
        textAgain: searchPlaces(query: "Kano") { totalCount }
        textNear: searchPlaces(query: "Kano", near: $near) { totalCount }
        textInCategory: searchPlaces(query: "Kano", category: "health") { totalCount }
        category: searchPlaces(category: "health") { totalCount }
        nearest: nearestLoccode(location: $near) { code }
        nearestAgain: nearestLoccode(location: $near) { code }
      }`,
      { near },
    );
    expect(errors).toBeUndefined();
    expect(mapsCalls(stack, 'search')).toBe(4);
    expect(mapsCalls(stack, 'nearestLoccode')).toBe(1);
  });
});
