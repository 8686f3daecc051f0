import { useTestStack } from '../support/gateway';
import { callsTo, PATHS, sandboxPost, streetOf } from './support';

const ROUTE_FIELDS = `
  origin { loccode { code } state city location { latitude longitude } }
  destination { loccode { code } state city location { latitude longitude } }
  distanceKm estimatedTransitHours transportMode hubType hubDescription dataSource
  cropsThatSurviveTransit cropsThatWillSpoil
`;

describe('Query.supplyRoute and Loccode.supplyRouteTo (Supply Farm Produce)', () => {
  const stack = useTestStack();

  const kano = () => streetOf(stack.sandbox, 'Kano').code;
  const lagos = () => streetOf(stack.sandbox, 'Lagos').code;

  async function expectedRoute(origin: string, destination: string): Promise<unknown> {
    const upstream = (
      await sandboxPost(stack, PATHS.supply, { origin_loccode: origin, destination_loccode: destination })
    ).json;
    const place = (
      code: string,
      end: { state: string; city: string; latitude: number; longitude: number },
    ) => ({
      loccode: { code },
      state: end.state,
      city: end.city,
      location: { latitude: end.latitude, longitude: end.longitude },
    });
    stack.sandbox.controls.clearLog();
    return {
      origin: place(origin, upstream.origin),
      destination: place(destination, upstream.destination),
      distanceKm: upstream.route.distance_km,
      estimatedTransitHours: upstream.route.estimated_transit_hours,
      transportMode: upstream.route.transport_mode,
      hubType: upstream.route.hub_type,
      hubDescription: upstream.route.hub_description,
      dataSource: upstream.route.data_source,
      cropsThatSurviveTransit: upstream.crops_that_survive_transit,
      cropsThatWillSpoil: upstream.crops_that_will_spoil,
    };
  }

  it('gives the route of the service between two loccodes, ends linked to the codes as sent', async () => {
    const expected = await expectedRoute(kano(), lagos());
    const { data, errors } = await stack.query(
      `query($o: String!, $d: String!) { supplyRoute(origin: $o, destination: $d) { ${ROUTE_FIELDS} } }`,
      { o: kano(), d: lagos() },
    );
    expect(errors).toBeUndefined();
    expect(data.supplyRoute).toEqual(expected);
  });

  it('gives the same route from a loccode with supplyRouteTo', async () => {
    const expected = await expectedRoute(kano(), lagos());
    const { data, errors } = await stack.query(
      `query($o: String!, $d: String!) { loccode(code: $o) { supplyRouteTo(destination: $d) { ${ROUTE_FIELDS} } } }`,
      { o: kano(), d: lagos() },
    );
    expect(errors).toBeUndefined();
    expect(data.loccode.supplyRouteTo).toEqual(expected);
  });

  it('keeps product identifiers outside the Crop enum in the transit lists (cocoa_wet, leafy_veg)', async () => {
    const { data } = await stack.query(
      `query($o: String!, $d: String!) { supplyRoute(origin: $o, destination: $d) { cropsThatSurviveTransit cropsThatWillSpoil } }`,
      { o: kano(), d: lagos() },
    );
    const products = [...data.supplyRoute.cropsThatSurviveTransit, ...data.supplyRoute.cropsThatWillSpoil];
    expect(products).toEqual(expect.arrayContaining(['cocoa_wet', 'leafy_veg', 'maize']));
    // Kano to Lagos is a long haul: tomatoes spoil, grain survives.
    expect(data.supplyRoute.cropsThatWillSpoil).toContain('tomato');
    expect(data.supplyRoute.cropsThatSurviveTransit).toContain('maize');
  });

  it('posts the codes as JSON with the Bearer key and reports them as sent, not as echoed', async () => {
    const { data } = await stack.query(
      `query($o: String!, $d: String!) { supplyRoute(origin: $o, destination: $d) { origin { loccode { code } } } }`,
      { o: kano(), d: lagos() },
    );
    expect(data.supplyRoute.origin.loccode.code).toBe(kano());
    const [logged] = stack.sandbox.controls.requests({ service: 'agriculture', operation: 'supply' });
    expect(logged).toMatchObject({ method: 'POST', outcome: 'ok', jsonContentType: true });
  });

  it('sends the codes byte for byte: a lower-case origin reaches the service as sent (ORIGIN_NOT_FOUND)', async () => {
    const lower = kano().toLowerCase();
    const { data, errors } = await stack.query(
      `query($o: String!, $d: String!) { supplyRoute(origin: $o, destination: $d) { distanceKm } }`,
      { o: lower, d: lagos() },
    );
    expect(data.supplyRoute).toBeNull();
    expect(errors![0]!.extensions).toMatchObject({ code: 'ORIGIN_NOT_FOUND', service: 'agriculture' });
    expect(errors![0]!.message).toContain(`"${lower}"`);
  });

  it.each([
    ['origin', 'KN3A-7QP', '"KN3A 7QP"'],
    ['destination', 'lagos', 'two groups of letters and digits'],
  ])('refuses a badly shaped %s with BAD_USER_INPUT before any call', async (argument, code, hint) => {
    const variables = { o: kano(), d: lagos(), [argument === 'origin' ? 'o' : 'd']: code };
    const { data, errors } = await stack.query(
      `query($o: String!, $d: String!) { supplyRoute(origin: $o, destination: $d) { distanceKm } }`,
      variables,
    );
    expect(data.supplyRoute).toBeNull();
    expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    expect(errors![0]!.message).toContain(hint);
    expect(callsTo(stack, 'supply')).toBe(0);
  });

  it('refuses a badly shaped destination of supplyRouteTo, keeping the loccode', async () => {
    const { data, errors } = await stack.query(
      `query($o: String!) { loccode(code: $o) { code supplyRouteTo(destination: "LA1B-2CD") { distanceKm } } }`,
      { o: kano() },
    );
    expect(data.loccode).toEqual({ code: kano(), supplyRouteTo: null });
    expect(errors![0]).toMatchObject({
      path: ['loccode', 'supplyRouteTo'],
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(callsTo(stack, 'supply')).toBe(0);
  });

  it('makes one call for the same route asked on Query and on Loccode, and one per direction', async () => {
    const { errors } = await stack.query(
      `query($o: String!, $d: String!) {
        a: supplyRoute(origin: $o, destination: $d) { distanceKm }
        b: supplyRoute(origin: $o, destination: $d) { transportMode }
        loccode(code: $o) { supplyRouteTo(destination: $d) { hubType } }
        back: supplyRoute(origin: $d, destination: $o) { distanceKm }
      }`,
      { o: kano(), d: lagos() },
    );
    expect(errors).toBeUndefined();
    expect(callsTo(stack, 'supply')).toBe(2);
  });
});
