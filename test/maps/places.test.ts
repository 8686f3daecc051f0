import { distanceMeters, type Point } from '../../src/sandbox/geo/point';
import { useTestStack } from '../support/gateway';
import { KANO_STREET, mapsCalls, street, upstreamData } from './support';

/* eslint-disable @typescript-eslint/no-explicit-any -- upstream JSON is compared field by field */

const PLACE_FIELDS = `
  name address type osmId distanceKm streetName city state country countryCode resultType entityType maiaddyId
  location { latitude longitude } loccode { code } category { key label parent { key } }
`;

describe('reverseGeocode, pointDetails, searchPlaces and placeCategories', () => {
  const stack = useTestStack();

  const kanoPlace = () => stack.sandbox.dataset.places.find((place) => place.street.code === KANO_STREET)!;
  /** A point in Kano with no place within 250 m: a street address, and point details without a place. */
  const awayFromPlaces = (): Point => {
    const candidates = street(stack, KANO_STREET).geometry;
    const found = candidates.find((point) =>
      stack.sandbox.dataset.places.every((place) => distanceMeters(point, place.point) > 300),
    );
    if (!found) throw new Error('every point of the street is near a place');
    return found;
  };
  const category = (key: string) => stack.sandbox.dataset.categories.find((entry) => entry.key === key)!;
  const parentOf = (key: string) => {
    const parentKey = category(key).parentKey;
    return parentKey === undefined ? null : { key: parentKey };
  };

  it('reverse-geocodes a point to the address the maps service gives, with a loccode link', async () => {
    const at = kanoPlace().point;
    const upstream = await upstreamData(stack, 'reverse-geocode', { query: { ...at } });
    const { data, errors } = await stack.query(
      `query($at: CoordinatesInput!) { reverseGeocode(location: $at) {
        name address streetName houseNumber city state country loccode { code } location { latitude longitude } } }`,
      { at },
    );
    expect(errors).toBeUndefined();
    expect(data.reverseGeocode).toEqual({
      name: upstream.name,
      address: upstream.address,
      streetName: upstream.street,
      houseNumber: upstream.house_number,
      city: upstream.city,
      state: upstream.state,
      country: upstream.country,
      loccode: { code: upstream.loccode },
      location: { latitude: upstream.latitude, longitude: upstream.longitude },
    });
  });

  it('gives point details with the place and the street, whose details cost no second call', async () => {
    const place = kanoPlace();
    const query = { ...place.point, search_name: 'Zoo', osm_type: place.osmType };
    const upstream = await upstreamData(stack, 'point-details', { query });
    stack.sandbox.controls.clearLog();
    const { data, errors } = await stack.query(
      `query($at: CoordinatesInput!) { pointDetails(location: $at, searchName: "Zoo", osmType: NODE) {
        location { latitude longitude } searchName searchAddress shareUrl
        loccode { code street { name lengthMeters formattedCode unspacedCode } } place { ${PLACE_FIELDS} } } }`,
      { at: place.point },
    );
    expect(errors).toBeUndefined();
    const details = data.pointDetails;
    expect(details).toMatchObject({
      location: { latitude: upstream.latitude, longitude: upstream.longitude },
      searchName: 'Zoo',
      searchAddress: null,
      shareUrl: upstream.share_url,
      loccode: {
        code: upstream.loccode.loccode,
        street: {
          name: upstream.loccode.street_name,
          lengthMeters: upstream.loccode.street_length,
          formattedCode: KANO_STREET,
          unspacedCode: 'KN3A7QP',
        },
      },
    });
    const wirePlace = upstream.place;
    expect(details.place).toEqual({
      name: wirePlace.name,
      address: wirePlace.address,
      type: wirePlace.type,
      osmId: wirePlace.osm_id,
      distanceKm: null,
      streetName: wirePlace.street,
      city: wirePlace.city,
      state: wirePlace.state,
      country: wirePlace.country,
      countryCode: wirePlace.country_code,
      resultType: wirePlace.result_type,
      entityType: wirePlace.entity_type,
      maiaddyId: wirePlace.maiaddy_id,
      location: { latitude: wirePlace.latitude, longitude: wirePlace.longitude },
      loccode: { code: wirePlace.loccode },
      category: {
        key: wirePlace.category,
        label: category(wirePlace.category).label,
        parent: parentOf(wirePlace.category),
      },
    });
    const [call] = stack.sandbox.controls.requests({ service: 'maps', operation: 'pointDetails' });
    expect(call!.query).toMatchObject({ osm_type: 'n', search_name: 'Zoo' });
    expect(mapsCalls(stack, 'pointDetails')).toBe(1);
    expect(mapsCalls(stack, 'resolveLoccode')).toBe(0);
  });

  it('answers null for the place when nothing is at the tapped point', async () => {
    const { data, errors } = await stack.query(
      'query($at: CoordinatesInput!) { pointDetails(location: $at) { place { name } loccode { code } } }',
      { at: awayFromPlaces() },
    );
    expect(errors).toBeUndefined();
    expect(data.pointDetails).toEqual({ place: null, loccode: { code: KANO_STREET } });
  });

  it('pins point details to the place osmId names', async () => {
    const place = stack.sandbox.dataset.places[5]!;
    const { data } = await stack.query(
      `query($at: CoordinatesInput!) { pointDetails(location: $at, osmId: "${place.osmId}") { place { name osmId } } }`,
      { at: street(stack, KANO_STREET).point },
    );
    expect(data.pointDetails.place).toEqual({ name: place.name, osmId: place.osmId });
  });

  it('takes the osmId forms the spec and our docs show, and sends each as the spec writes it: type letter in lower case', async () => {
    const place = stack.sandbox.dataset.places[5]!;
    const [letter, digits] = [place.osmId.charAt(0), place.osmId.slice(1)];
    const osmType = { N: 'NODE', W: 'WAY', R: 'RELATION' }[letter]!;
    const forms = [
      `osmId: "${place.osmId}"`,
      `osmId: "${letter.toLowerCase()}${digits}"`,
      `osmId: " ${place.osmId} "`,
      `osmId: "${digits}", osmType: ${osmType}`,
    ];
    for (const form of forms) {
      const { data, errors } = await stack.query(
        `query($at: CoordinatesInput!) { pointDetails(location: $at, ${form}) { place { osmId } } }`,
        { at: street(stack, KANO_STREET).point },
      );
      expect(errors).toBeUndefined();
      expect(data.pointDetails.place).toEqual({ osmId: place.osmId });
    }
    const sent = stack.sandbox.controls
      .requests({ service: 'maps', operation: 'pointDetails' })
      .map((request) => request.query.osm_id);
    expect(sent).toEqual(forms.map(() => `${letter.toLowerCase()}${digits}`));
  });

  it('refuses an osmId whose letter disagrees with osmType, naming both, before any call', async () => {
    const { errors } = await stack.query(
      '{ pointDetails(location: { latitude: 12, longitude: 8.5 }, osmId: "W4839201", osmType: NODE) { shareUrl } }',
    );
    expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'osmType' });
    expect(errors![0]!.message).toMatch(/is a way, but osmType says node/);
    expect(stack.sandbox.controls.count({ service: 'maps' })).toBe(0);
  });

  it('searches near a point: the service order, distances in km, one taxonomy call for all categories', async () => {
    const near = street(stack, KANO_STREET).point;
    const upstream = await upstreamData(stack, 'search', { query: { q: 'a', ...near } });
    stack.sandbox.controls.clearLog();
    const { data, errors } = await stack.query(
      `query($near: CoordinatesInput!) { searchPlaces(query: "a", near: $near, first: 100) { nodes { ${PLACE_FIELDS} } } }`,
      { near },
    );
    expect(errors).toBeUndefined();
    const places = data.searchPlaces.nodes;
    expect(places.length).toBeGreaterThan(1);
    expect(places.map((place: any) => [place.osmId, place.distanceKm])).toEqual(
      upstream.map((result: any) => [result.osm_id, result.distance_km]),
    );
    expect(places[0]).toMatchObject({
      name: upstream[0].name,
      address: upstream[0].address,
      location: { latitude: upstream[0].latitude, longitude: upstream[0].longitude },
      loccode: { code: upstream[0].loccode },
      category: { key: upstream[0].category },
      streetName: null,
    });
    expect(mapsCalls(stack, 'search')).toBe(1);
    expect(mapsCalls(stack, 'placeCategories')).toBe(1);
  });

  it('searches one category and its children, and without a point gives no distance', async () => {
    const { data } = await stack.query(
      '{ searchPlaces(query: "a", category: "health") { nodes { distanceKm category { key } } } }',
    );
    expect(data.searchPlaces.nodes.length).toBeGreaterThan(0);
    for (const place of data.searchPlaces.nodes) {
      expect(place.distanceKm).toBeNull();
      expect(['health', 'hospital', 'pharmacy']).toContain(place.category.key);
    }
    const [call] = stack.sandbox.controls.requests({ service: 'maps', operation: 'search' });
    expect(call!.query).toEqual({ q: 'a', category: 'health' });
  });

  it('searches by category alone, sending no q (spec: q, latitude, longitude and category are the parameters seen)', async () => {
    const near = street(stack, KANO_STREET).point;
    const upstream = await upstreamData(stack, 'search', { query: { category: 'pharmacy', ...near } });
    expect(upstream.length).toBeGreaterThan(1);
    stack.sandbox.controls.clearLog();
    const { data, errors } = await stack.query(
      `query($near: CoordinatesInput!) { searchPlaces(category: "pharmacy", near: $near, first: 100) {
        totalCount nodes { osmId distanceKm category { key } } } }`,
      { near },
    );
    expect(errors).toBeUndefined();
    expect(data.searchPlaces.totalCount).toBe(upstream.length);
    expect(data.searchPlaces.nodes).toEqual(
      upstream.map((result: any) => ({
        osmId: result.osm_id,
        distanceKm: result.distance_km,
        category: { key: 'pharmacy' },
      })),
    );
    const [call] = stack.sandbox.controls.requests({ service: 'maps', operation: 'search' });
    expect(call!.query).toEqual({
      category: 'pharmacy',
      latitude: String(near.latitude),
      longitude: String(near.longitude),
    });
  });

  it('sends a lone surrogate of a JSON variable as U+FFFD (WHATWG URL serialisation), not as an internal error', async () => {
    stack.sandbox.controls.clearLog();
    const { errors } = await stack.query('query($q: String!) { searchPlaces(query: $q) { totalCount } }', {
      q: '\ud800Kano',
    });
    expect((errors ?? []).map((error: any) => error.extensions.code)).not.toContain('INTERNAL_SERVER_ERROR');
    const [call] = stack.sandbox.controls.requests({ service: 'maps', operation: 'search' });
    expect(call!.query.q).toBe('\ufffdKano');
  });

  it('finds places by the name of their town, each place of the answer in the dataset', async () => {
    const town = street(stack, KANO_STREET).city;
    const { data, errors } = await stack.query(
      `{ searchPlaces(query: "${town}", first: 100) { totalCount nodes { osmId address } } }`,
    );
    expect(errors).toBeUndefined();
    expect(data.searchPlaces.totalCount).toBeGreaterThan(0);
    const inTown = data.searchPlaces.nodes.filter((found: any) => {
      const place = stack.sandbox.dataset.places.find((candidate) => candidate.osmId === found.osmId)!;
      return place.street.city === town;
    });
    expect(inTown.length).toBeGreaterThan(0);
    const [call] = stack.sandbox.controls.requests({ service: 'maps', operation: 'search' });
    expect(call!.query).toEqual({ q: town });
  });

  it.each([
    ['{ searchPlaces { totalCount } }', 'query', 'Give "query"'],
    ['{ searchPlaces(query: "  ") { totalCount } }', 'query', '"query" must not be blank'],
    [
      '{ searchPlaces(query: "a", category: " ") { totalCount } }',
      'category',
      '"category" must not be blank',
    ],
    ['{ searchPlaces(query: null, category: null) { totalCount } }', 'query', 'Give "query"'],
  ])(
    'refuses %s with BAD_USER_INPUT naming %s, before calling the service',
    async (query, argument, message) => {
      const { data, errors } = await stack.query(query);
      expect(data.searchPlaces).toBeNull();
      expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
      expect(errors![0]!.message).toContain(message);
      expect(mapsCalls(stack, 'search')).toBe(0);
    },
  );

  it('lists the category taxonomy with parents as links', async () => {
    const { data } = await stack.query(
      '{ placeCategories(first: 100) { totalCount nodes { key label status parent { key label } } } }',
    );
    expect(data.placeCategories.totalCount).toBe(stack.sandbox.dataset.categories.length);
    expect(data.placeCategories.nodes).toEqual(
      stack.sandbox.dataset.categories.map(({ key, label, parentKey, status }) => ({
        key,
        label,
        status,
        parent: parentKey === undefined ? null : { key: parentKey, label: category(parentKey).label },
      })),
    );
    expect(mapsCalls(stack, 'placeCategories')).toBe(1);
  });
});
