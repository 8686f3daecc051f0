import { useTestStack, type GraphQLResult } from '../support/gateway';
import { useStandInStack } from '../support/stand-in';
import { KANO_STREET, errorAt, mapsCalls } from './support';
import { ScriptedMaps } from './scripted-maps';

/*
 * Maps spec, Errors: a 400 is INVALID_PARAMS ("missing or malformed origin or destination, or
 * bad loccode format") or VALIDATION_ERROR ("message lists the offending fields"). The
 * client's message names the argument the service named, in the client's name for it; when
 * the service names none, the arguments that call actually carried, without picking one;
 * never an argument that was not sent, and a hint only where it applies.
 */

const AT = '{ latitude: 12.0, longitude: 8.52 }';
const FAR = '{ latitude: 12.05, longitude: 8.55 }';

/** The refusal at `field`: BAD_USER_INPUT from maps. */
function refusalAt(result: GraphQLResult, field: string) {
  const error = errorAt(result, [field]);
  expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', service: 'maps' });
  expect(error.message).not.toMatch(/Injected|Invalid fields/);
  return { message: error.message, fields: error.extensions!.fields };
}

describe("maps 400s against the sandbox's own refusals", () => {
  const stack = useTestStack();

  it('search by a category the service does not list names "category" alone, not coordinates', async () => {
    const result = await stack.query(`{ searchPlaces(category: "casino") { nodes { name } } }`);
    const { message, fields } = refusalAt(result, 'searchPlaces');
    expect(message).toBe(
      'The maps service refused "category" of the search request. "category" must be a key listed by placeCategories.',
    );
    expect(fields).toEqual(['category']);
  });

  it('a route with more waypoints than the service takes names "waypoints", not loccodes', async () => {
    // The sandbox takes 25 waypoints (src/sandbox/README.md); the spec bounds none.
    const waypoints = Array.from({ length: 26 }, (_, i) => `{ latitude: 12.0${i}, longitude: 8.5 }`);
    const result = await stack.query(
      `{ route(origin: { coordinates: ${AT} }, destination: { coordinates: ${FAR} }, waypoints: [${waypoints.join(', ')}]) { distanceMeters } }`,
    );
    const { message, fields } = refusalAt(result, 'route');
    expect(message).toBe(
      `The maps service refused "waypoints" of the route request. Check it against the field's description.`,
    );
    expect(fields).toEqual(['waypoints']);
    expect(mapsCalls(stack, 'route')).toBe(1);
  });

  /** An INVALID_PARAMS whose text ("Injected failure.") names nothing. */
  const invalidParams = (operation: string) =>
    stack.sandbox.controls.injectFault({
      service: 'maps',
      operation,
      kind: 'status',
      status: 400,
      code: 'INVALID_PARAMS',
    });

  const unnamed = (operation: string, sent: string[]) =>
    `The maps service refused the ${operation} request without saying which argument it objects to; the argument${sent.length > 1 ? 's' : ''} sent: ${sent.map((name) => `"${name}"`).join(', ')}.`;

  it.each([
    [
      'route between coordinates',
      'route',
      'route',
      `{ route(origin: { coordinates: ${AT} }, destination: { coordinates: ${FAR} }) { distanceMeters } }`,
      ['origin', 'destination'],
    ],
    [
      'route on foot from a loccode, through a waypoint',
      'route',
      'route',
      `{ route(origin: { loccode: "${KANO_STREET}" }, destination: { coordinates: ${FAR} }, waypoints: [${AT}], mode: WALK) { distanceMeters } }`,
      ['origin', 'destination', 'waypoints', 'mode'],
    ],
    [
      'optimize with one stop',
      'optimize',
      'optimizeStops',
      `{ optimizeStops(origin: { id: "o", coordinates: ${AT} }, destination: { id: "d", coordinates: ${FAR} }, stops: [{ id: "s", coordinates: ${AT} }]) { totalDistanceMeters } }`,
      ['origin', 'destination', 'stops'],
    ],
    [
      'reverse geocode',
      'reverseGeocode',
      'reverseGeocode',
      `{ reverseGeocode(location: ${AT}) { name } }`,
      ['location'],
    ],
    [
      'nearest loccode',
      'nearestLoccode',
      'nearestLoccode',
      `{ nearestLoccode(location: ${AT}) { code } }`,
      ['location'],
    ],
    [
      'point details with an osmId and a name',
      'pointDetails',
      'pointDetails',
      `{ pointDetails(location: ${AT}, osmId: "n4839201", searchName: "Kantin Kwari") { shareUrl } }`,
      ['location', 'osmId', 'searchName'],
    ],
    [
      'search by text only',
      'search',
      'searchPlaces',
      `{ searchPlaces(query: "market") { nodes { name } } }`,
      ['query'],
    ],
    [
      'search by category near a point',
      'search',
      'searchPlaces',
      `{ searchPlaces(category: "health", near: ${AT}) { nodes { name } } }`,
      ['near', 'category'],
    ],
  ])(
    'INVALID_PARAMS naming nothing, %s: the arguments sent, and no others',
    async (_name, operation, field, document, sent) => {
      invalidParams(operation);
      const { message, fields } = refusalAt(await stack.query(document), field);
      const words = operation.replace(/([A-Z])/g, ' $1');
      expect(message).toContain(unnamed(words.toLowerCase(), sent));
      expect(fields).toBeUndefined();
      expect(message).not.toMatch(/1 to 50|coordinates|loccode of the form/);
    },
  );
});

describe('maps 400s the sandbox does not give, from a stand-in that names the refused members', () => {
  const { standIn: maps, stack } = useStandInStack('maps', ScriptedMaps.start);

  const refuse = (path: string, code: string, text: string) =>
    maps.script(path, async () => ({ status: 400, body: { status: false, code, message: text } }));

  it('optimize refused for a duplicated id names "stops[].id", with no hint about the stop count', async () => {
    refuse(
      '/sdk/v1/optimize',
      'VALIDATION_ERROR',
      'Invalid fields: stops[].id (duplicate id "o", also the origin_id).',
    );
    const result = await stack.query(
      `{ optimizeStops(origin: { id: "o", coordinates: ${AT} }, destination: { coordinates: ${FAR} }, stops: [{ id: "o2", coordinates: ${AT} }]) { totalDistanceMeters } }`,
    );
    const { message, fields } = refusalAt(result, 'optimizeStops');
    expect(fields).toEqual(['stops[].id', 'origin.id']);
    expect(message).toBe(
      `The maps service refused "stops[].id", "origin.id" of the optimize request. Check them against the field's description.`,
    );
  });

  it('point details refused for its osm_id names "osmId", not the coordinates', async () => {
    refuse('/sdk/v1/point-details', 'VALIDATION_ERROR', 'osm_id: unknown object type.');
    const result = await stack.query(`{ pointDetails(location: ${AT}, osmId: "R42") { shareUrl } }`);
    const { message, fields } = refusalAt(result, 'pointDetails');
    expect(fields).toEqual(['osmId']);
    expect(message).toBe(
      `The maps service refused "osmId" of the point details request. Check it against the field's description.`,
    );
  });

  it('a member the service names but the gateway did not send is not named: the arguments sent are', async () => {
    refuse(
      '/sdk/v1/route',
      'INVALID_PARAMS',
      'origin_loccode must be 4 characters, a space and 3; dest_lat missing.',
    );
    const result = await stack.query(
      `{ route(origin: { coordinates: ${AT} }, destination: { coordinates: ${FAR} }) { distanceMeters } }`,
    );
    const { message, fields } = refusalAt(result, 'route');
    expect(fields).toEqual(['destination.coordinates.latitude']);
    expect(message).toBe(
      `The maps service refused "destination.coordinates.latitude" of the route request. Check it against the field's description.`,
    );
  });

  it('INVALID_PARAMS naming a sent loccode member names that endpoint only', async () => {
    refuse('/sdk/v1/route', 'INVALID_PARAMS', 'origin: origin_loccode must be 4 characters, a space and 3.');
    const result = await stack.query(
      `{ route(origin: { loccode: "${KANO_STREET}" }, destination: { coordinates: ${FAR} }) { distanceMeters } }`,
    );
    const { message, fields } = refusalAt(result, 'route');
    expect(fields).toEqual(['origin.loccode']);
    expect(message).toContain('"origin.loccode" of the route request');
    expect(message).not.toContain('destination');
  });
});
