import { useTestStack, type TestStack } from '../support/gateway';
import { ScriptedMaps, type MapsReply } from './scripted-maps';

/*
 * Maps spec, Endpoints: `osm_id` is type-prefixed and `osm_type` is `n`, `w` or `r`. The
 * gateway sends the prefix in that lower case, takes either case from clients, and every
 * `osmId` an answer of ours gives (`Place.osmId`, from `searchPlaces` and `pointDetails`)
 * finds its own place through `pointDetails(osmId:)`. `ReverseGeocode` carries no id.
 */

const PLACE = 'osmId name location { latitude longitude }';

interface FoundPlace {
  osmId: string;
  name: string;
  location: { latitude: number; longitude: number };
}

/** The place `pointDetails` pins by `osmId`, asked at the place's own position. */
async function pinned(stack: TestStack, place: FoundPlace) {
  const result = await stack.query(
    `query($at: CoordinatesInput!, $id: String!) { pointDetails(location: $at, osmId: $id) { place { ${PLACE} } } }`,
    { at: place.location, id: place.osmId },
  );
  expect(result.errors).toBeUndefined();
  return result.data.pointDetails.place as FoundPlace;
}

/** Ids from a search and from a tap at each result, each fed back through `pointDetails(osmId:)`. */
async function roundTrips(stack: TestStack): Promise<string[]> {
  const search = await stack.query(`{ searchPlaces(query: "market", first: 3) { nodes { ${PLACE} } } }`);
  expect(search.errors).toBeUndefined();
  const found: FoundPlace[] = search.data.searchPlaces.nodes;
  expect(found.length).toBeGreaterThan(0);
  const ids: string[] = [];
  for (const place of found) {
    const again = await pinned(stack, place);
    expect(again).toEqual(place);
    const tapped = await stack.query(
      `query($at: CoordinatesInput!) { pointDetails(location: $at) { place { ${PLACE} } } }`,
      { at: place.location },
    );
    const near: FoundPlace = tapped.data.pointDetails.place;
    expect(await pinned(stack, near)).toEqual(near);
    ids.push(place.osmId, near.osmId);
  }
  return ids;
}

describe('OpenStreetMap ids against the sandbox', () => {
  const stack = useTestStack();

  it('every osmId from searchPlaces and pointDetails finds its own place through pointDetails(osmId:)', async () => {
    await roundTrips(stack);
  });

  it.each([
    ['upper-case', (id: string) => id.toUpperCase(), {}],
    ['lower-case', (id: string) => id.toLowerCase(), {}],
    ['the number with osmType', (id: string) => id.slice(1), { osmType: 'NODE' }],
  ])('an id given %s is sent as the spec writes it: n, w or r first', async (_name, spell, extra) => {
    const search = await stack.query(`{ searchPlaces(query: "market", first: 20) { nodes { ${PLACE} } } }`);
    const node: FoundPlace = search.data.searchPlaces.nodes.find((place: FoundPlace) =>
      /^n/i.test(place.osmId),
    );
    await stack.query(
      `query($at: CoordinatesInput!, $id: String!, $type: OsmType) { pointDetails(location: $at, osmId: $id, osmType: $type) { shareUrl } }`,
      { at: node.location, id: spell(node.osmId), type: (extra as { osmType?: string }).osmType ?? null },
    );
    const [sent] = stack.sandbox.controls.requests({ service: 'maps', operation: 'pointDetails' });
    expect(sent!.query.osm_id).toBe(`n${node.osmId.slice(1)}`);
  });
});

/** Lower-case ids out, and only lower-case ids in: the spec's case throughout. */
const lowerIds = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (key, member) =>
    key === 'osm_id' && typeof member === 'string' ? member.toLowerCase() : member,
  );

describe('OpenStreetMap ids against a service that writes them in lower case, as the spec does', () => {
  let maps: ScriptedMaps;
  let stack: TestStack;
  const received: string[] = [];
  beforeAll(async () => {
    ({ maps, stack } = await ScriptedMaps.withStack());
    const lowered = async (reply: Promise<MapsReply>) => {
      const { status, body } = await reply;
      return { status, body: lowerIds(body) };
    };
    maps.script('/sdk/v1/search', (_request, forward) => lowered(forward()));
    maps.script('/sdk/v1/point-details', async ({ query, path }, forward) => {
      const id = query.get('osm_id');
      if (id === null) return lowered(forward());
      received.push(id);
      if (!/^[nwr][1-9][0-9]*$/.test(id))
        return {
          status: 400,
          body: { status: false, code: 'VALIDATION_ERROR', message: 'osm_id: bad prefix' },
        };
      // The sandbox behind it takes its own spelling.
      query.set('osm_id', id.toUpperCase());
      return lowered(forward(`${path}?${query}`));
    });
  });
  afterAll(async () => {
    await stack.close();
    await maps.close();
  });

  it('an id such as n3526865081 from a search finds its own place', async () => {
    const ids = await roundTrips(stack);
    for (const id of ids) expect(id).toMatch(/^[nwr]\d+$/);
    expect(received.length).toBeGreaterThan(0);
    for (const id of received) expect(id).toMatch(/^[nwr]\d+$/);
  });
});
