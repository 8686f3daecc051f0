import { useTestStack } from '../support/gateway';
import { ADDRESS_FIELDS, addressDirect, asAddress, KANO_STREET } from './upstream';

describe('Loccode.address, Query.addressByStreet and Query.addressNear', () => {
  const stack = useTestStack();

  beforeEach(() => stack.sandbox.controls.clearLog());

  const callsOf = (operation: string) => stack.sandbox.controls.count({ service: 'address', operation });
  const kanoStreet = () => stack.sandbox.dataset.streetByCode.get(KANO_STREET)!;

  it('Loccode.address is the service record in graph names, the loccode as a Loccode link', async () => {
    const record = await addressDirect(stack, 'loccode/KN3A%207QP');
    const { data, errors } = await stack.query(
      `{ loccode(code: "${KANO_STREET}") { address { ${ADDRESS_FIELDS} } } }`,
    );
    expect(errors).toBeUndefined();
    expect(data.loccode.address).toEqual(asAddress(record));
    expect(data.loccode.address.addresses.length).toBeGreaterThan(0);
    expect(data.loccode.address.countryCode).toBe('NG');
  });

  it('sends the loccode in the path as the client sent it, space encoded', async () => {
    await stack.query('{ loccode(code: "kn3a 7qp") { address { streetName } } }');
    const [sent] = stack.sandbox.controls.requests({ service: 'address', operation: 'byLoccode' });
    expect(sent!.path).toBe('/api/v1/addresses/search/loccode/kn3a%207qp');
  });

  it('the linked Loccode reaches the other domains', async () => {
    const { data, errors } = await stack.query(
      `{ loccode(code: "${KANO_STREET}") { address { loccode { code healthRisk { index } } } } }`,
    );
    expect(errors).toBeUndefined();
    expect(data.loccode.address.loccode.code).toBe(KANO_STREET);
    expect(typeof data.loccode.address.loccode.healthRisk.index).toBe('number');
  });

  it('addressByStreet finds a street by its full or partial name', async () => {
    const name = kanoStreet().name;
    const partial = name.slice(0, Math.ceil(name.length / 2)).toLowerCase();
    const full = await addressDirect(stack, `street?${new URLSearchParams({ streetName: name })}`);
    const byPart = await addressDirect(stack, `street?${new URLSearchParams({ streetName: partial })}`);
    stack.sandbox.controls.clearLog();
    const { data, errors } = await stack.query(
      `query($full: String!, $partial: String!) {
        full: addressByStreet(streetName: $full) { ${ADDRESS_FIELDS} }
        partial: addressByStreet(streetName: $partial) { ${ADDRESS_FIELDS} } }`,
      { full: name, partial },
    );
    expect(errors).toBeUndefined();
    expect(data.full).toEqual(asAddress(full));
    expect(data.partial).toEqual(asAddress(byPart));
    const sent = stack.sandbox.controls.requests({ service: 'address', operation: 'byStreet' });
    expect(sent.map((r) => r.query.streetName).sort()).toEqual([name, partial].sort());
  });

  it('addressNear finds the closest verified address to a position', async () => {
    const { latitude, longitude } = kanoStreet().point;
    const record = await addressDirect(stack, `coordinates?latitude=${latitude}&longitude=${longitude}`);
    const { data, errors } = await stack.query(
      `query($at: CoordinatesInput!) { addressNear(location: $at) { ${ADDRESS_FIELDS} } }`,
      { at: { latitude, longitude } },
    );
    expect(errors).toBeUndefined();
    expect(data.addressNear).toEqual(asAddress(record));
  });

  it('a record found by street or position also answers its loccode, without another call', async () => {
    const { latitude, longitude } = kanoStreet().point;
    const { data, errors } = await stack.query(
      `query($name: String!, $at: CoordinatesInput!) {
        addressByStreet(streetName: $name) { loccode { address { streetName } } }
        addressNear(location: $at) { loccode { address { streetName } } } }`,
      { name: kanoStreet().name, at: { latitude, longitude } },
    );
    expect(errors).toBeUndefined();
    expect(data.addressByStreet.loccode.address.streetName).toBe(kanoStreet().name);
    expect(callsOf('byStreet')).toBe(1);
    expect(callsOf('byCoordinates')).toBe(1);
    expect(callsOf('byLoccode')).toBe(0);
  });

  it('makes one loccode lookup per spelling: aliases and repeats share it, another letter case does not', async () => {
    const { data, errors } = await stack.query(
      `{ loccodes(codes: ["KN3A 7QP", "kn3a 7qp", "KN3A 7QP"]) { a: address { streetName } b: address { lga } } }`,
    );
    expect(errors).toBeUndefined();
    expect(data.loccodes).toHaveLength(3);
    const sent = stack.sandbox.controls.requests({ service: 'address', operation: 'byLoccode' });
    expect(sent.map((r) => r.path).sort()).toEqual([
      '/api/v1/addresses/search/loccode/KN3A%207QP',
      '/api/v1/addresses/search/loccode/kn3a%207qp',
    ]);
  });

  it('refuses a blank streetName with BAD_USER_INPUT before calling the service', async () => {
    const { data, errors } = await stack.query(
      `query($s: String!) { addressByStreet(streetName: $s) { streetName } loccode(code: "${KANO_STREET}") { code } }`,
      { s: '  ' },
    );
    expect(data).toEqual({ addressByStreet: null, loccode: { code: KANO_STREET } });
    expect(errors![0]!.path).toEqual(['addressByStreet']);
    expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'streetName' });
    expect(stack.sandbox.controls.count({ service: 'address' })).toBe(0);
  });

  it('sends a long streetName as given: the spec bounds its length nowhere, the service answers', async () => {
    // The sandbox trims the name (its README), so this 100-plus-character name is the street's.
    const name = kanoStreet().name;
    const spaced = `${' '.repeat(60)}${name}${' '.repeat(60)}`;
    expect(spaced.length).toBeGreaterThan(100);
    const record = await addressDirect(stack, `street?${new URLSearchParams({ streetName: name })}`);
    stack.sandbox.controls.clearLog();
    const { data, errors } = await stack.query(
      `query($s: String!) { addressByStreet(streetName: $s) { ${ADDRESS_FIELDS} } }`,
      { s: spaced },
    );
    expect(errors).toBeUndefined();
    expect(data.addressByStreet).toEqual(asAddress(record));
    const sent = stack.sandbox.controls.requests({ service: 'address', operation: 'byStreet' });
    expect(sent.map((r) => r.query.streetName)).toEqual([spaced]);
  });

  it('a long streetName that matches nothing is the service answer, NOT_FOUND', async () => {
    const { data, errors } = await stack.query(
      'query($s: String!) { addressByStreet(streetName: $s) { streetName } }',
      { s: 'Nowhere Lane '.repeat(12) },
    );
    expect(data.addressByStreet).toBeNull();
    expect(errors![0]!.path).toEqual(['addressByStreet']);
    expect(errors![0]!.extensions).toMatchObject({ code: 'NOT_FOUND', service: 'address' });
    expect(stack.sandbox.controls.count({ service: 'address', operation: 'byStreet' })).toBe(1);
  });

  it.each([
    [{ latitude: 90.5, longitude: 8 }, 'latitude'],
    [{ latitude: -91, longitude: 8 }, 'latitude'],
    [{ latitude: 12, longitude: 180.1 }, 'longitude'],
  ])(
    'refuses the position %j with BAD_USER_INPUT naming %s, before calling the service',
    async (at, part) => {
      const { data, errors } = await stack.query(
        'query($at: CoordinatesInput!) { addressNear(location: $at) { streetName } }',
        { at },
      );
      expect(data.addressNear).toBeNull();
      expect(errors![0]!.path).toEqual(['addressNear']);
      expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'location' });
      expect(errors![0]!.message).toContain(`"location.${part}"`);
      expect(stack.sandbox.controls.count({ service: 'address' })).toBe(0);
    },
  );
});
