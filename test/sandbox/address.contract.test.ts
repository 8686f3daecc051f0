import type { Sandbox } from '../../src/sandbox';
import type { Street } from '../../src/sandbox/dataset/types';
import { TestHttp, type HttpResponse } from '../support/http';
import { startTestSandbox } from '../support/sandbox';
import { is, expectOkShape, shapeErrors } from '../support/shape';

const RECORD = is.object({
  loccode: is.string,
  streetName: is.string,
  addresses: is.arrayOf(is.string, 1),
  lga: is.string,
  state: is.string,
  streetInfo: is.object({ name: is.string, highwayType: is.string, length: is.number, osmId: is.integer }),
  country: is.oneOf('NG'),
});
const ERROR_BODY = is.object({ statusCode: is.integer, error: is.string, message: is.string });

describe('address service', () => {
  const http = new TestHttp();
  let sandbox: Sandbox;
  let kano: Street;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    kano = sandbox.dataset.streetByCode.get('KN3A 7QP')!;
  });
  afterEach(() => sandbox.controls.reset());
  afterAll(async () => {
    await http.close();
    await sandbox.close();
  });

  const get = (
    path: string,
    headers: Record<string, string> = { authorization: `Bearer ${sandbox.keys.address}` },
  ) => http.get(`${sandbox.urls.address}/v1/addresses/search/${path}`, headers);
  const byLoccode = (loccode: string) => get(`loccode/${encodeURIComponent(loccode)}`);
  const expectError = (res: HttpResponse, status: number, reason: string) => {
    expect(res.status).toBe(status);
    expect(shapeErrors(res.json, ERROR_BODY)).toEqual([]);
    expect(res.json).toMatchObject({ statusCode: status, error: reason });
  };
  /** The record the spec describes, built from the dataset street. */
  const expectRecordOf = (res: HttpResponse, street: Street) => {
    expectOkShape(res, RECORD);
    expect(res.json).toMatchObject({
      loccode: street.code,
      streetName: street.name,
      lga: street.lga,
      state: street.state,
      streetInfo: { name: street.name, highwayType: street.highwayType, osmId: street.osmWayId },
      country: 'NG',
    });
    expect(res.json.streetInfo.length).toBeCloseTo(street.lengthMeters, 0);
    expect(res.json.addresses).toEqual(
      street.houseNumbers.map(
        (n) => `${n} ${street.name}, ${street.district}, ${street.lga}, ${street.state}`,
      ),
    );
  };

  describe('GET /v1/addresses/search/loccode/:loccode', () => {
    it('returns the record of the street, with the loccode in its XXXX XXX display form', async () => {
      expectRecordOf(await byLoccode('KN3A 7QP'), kano);
    });

    it('matches case-insensitively', async () => {
      const res = await byLoccode('kn3a 7qp');
      expectRecordOf(res, kano);
      expect(res.json.loccode).toBe('KN3A 7QP');
    });

    it('accepts the Content-Type: application/json the spec example sends', async () => {
      const res = await get('loccode/KN3A%207QP', {
        authorization: `Bearer ${sandbox.keys.address}`,
        'content-type': 'application/json',
      });
      expectRecordOf(res, kano);
    });

    it.each([
      ['a hyphen for the space', 'KN3A-7QP'],
      ['no space', 'KN3A7QP'],
      ['two spaces', 'KN3A  7QP'],
      ['an area loccode', 'KAN 700001'],
      ['five characters first', 'KN3AB 7QP'],
      ['a punctuation mark', 'KN3! 7QP'],
    ])('is 400 Bad Request, naming the XXXX XXX pattern, for %s', async (_case, loccode) => {
      const res = await byLoccode(loccode);
      expectError(res, 400, 'Bad Request');
      expect(res.json.message).toContain('XXXX XXX');
    });

    it('is 404 Not Found for a well-formed loccode with no record', async () => {
      expectError(await byLoccode('ZZ9Z 9ZZ'), 404, 'Not Found');
    });
  });

  describe('GET /v1/addresses/search/coordinates', () => {
    const near = (latitude: string, longitude: string) =>
      get(`coordinates?${new URLSearchParams({ latitude, longitude })}`);

    it('returns the closest verified address: the nearest street', async () => {
      const vertex = kano.geometry[1]!;
      expectRecordOf(await near(String(vertex.latitude), String(vertex.longitude)), kano);
      for (const street of sandbox.dataset.streets.filter((s) => s.state === 'Lagos')) {
        const { latitude, longitude } = street.geometry[0]!;
        const expected = sandbox.dataset.nearestStreet({ latitude, longitude }).street;
        expect((await near(String(latitude), String(longitude))).json.loccode).toBe(expected.code);
      }
    });

    it.each([
      ['latitude missing', { longitude: '8.5' }],
      ['longitude missing', { latitude: '12' }],
      ['latitude not a number', { latitude: 'north', longitude: '8.5' }],
      ['latitude out of range', { latitude: '91', longitude: '8.5' }],
      ['longitude out of range', { latitude: '12', longitude: '-181' }],
      ['latitude empty', { latitude: '', longitude: '8.5' }],
    ])('is 400 Bad Request with %s', async (_case, query) => {
      expectError(await get(`coordinates?${new URLSearchParams(query)}`), 400, 'Bad Request');
    });

    it('is 404 Not Found outside Nigeria (London) and far from every street', async () => {
      expectError(await near('51.5074', '-0.1278'), 404, 'Not Found');
      const remote = { latitude: 13.5, longitude: 14.2 }; // Lake Chad basin
      expect(sandbox.dataset.nearestStreet(remote).distanceMeters).toBeGreaterThan(25_000);
      expectError(await near('13.5', '14.2'), 404, 'Not Found');
    });
  });

  describe('GET /v1/addresses/search/street', () => {
    const byName = (streetName: string) => get(`street?${new URLSearchParams({ streetName })}`);

    it('finds a full name case-insensitively, the first such street in a stable order', async () => {
      const first = sandbox.dataset.streets.find((s) => s.name === kano.name)!;
      expectRecordOf(await byName(kano.name.toUpperCase()), first);
      expectRecordOf(await byName(`  ${kano.name.toLowerCase().replace(' ', '   ')} `), first);
    });

    it('finds a partial name', async () => {
      const first = sandbox.dataset.streets.find((s) => s.name.toLowerCase().includes('awolowo'))!;
      expectRecordOf(await byName('awolowo'), first);
    });

    it('is 400 Bad Request when streetName is missing or blank', async () => {
      expectError(await get('street'), 400, 'Bad Request');
      expectError(await byName('   '), 400, 'Bad Request');
    });

    it('is 404 Not Found when no street matches', async () => {
      expectError(await byName('Nowhere Boulevard'), 404, 'Not Found');
    });
  });

  describe('auth and generic failures', () => {
    it("is 401 Unauthorized, in its own body, without a key, with a wrong key or another service's key", async () => {
      const { keys } = sandbox;
      const wrongHeaders: Record<string, string>[] = [
        {},
        { authorization: 'Bearer adk_sandbox_wrong' },
        { authorization: `Bearer ${keys.healthcare}` },
        { authorization: `Bearer ${keys.agriculture}` },
        { 'x-api-key': keys.address },
      ];
      for (const headers of wrongHeaders) {
        expectError(await get('loccode/KN3A%207QP', headers), 401, 'Unauthorized');
      }
    });

    it('is 404 Not Found for an unknown path, or an empty loccode', async () => {
      expectError(await get('postcode/KN3A%207QP'), 404, 'Not Found');
      expectError(await get('loccode/'), 404, 'Not Found');
    });

    it.each([
      [500, 'Internal Server Error'],
      [502, 'Bad Gateway'],
      [503, 'Service Unavailable'],
    ])('answers an injected %i with the reason phrase %p', async (status, reason) => {
      sandbox.controls.injectFault({ service: 'address', kind: 'status', status, times: 1 });
      expectError(await byLoccode('KN3A 7QP'), status, reason);
      expect((await byLoccode('KN3A 7QP')).status).toBe(200);
    });

    it('answers a bare 429 Too Many Requests past the limit: no rate-limit headers, no Retry-After (not shown in the spec)', async () => {
      expect((await byLoccode('KN3A 7QP')).headers['x-ratelimit-limit']).toBeUndefined();
      sandbox.controls.setRateLimit('address', 'requests', { kind: 'window', limit: 1, windowMs: 60_000 });
      expect((await get('street?streetName=road')).status).toBe(200);
      const limited = await get('coordinates?latitude=12&longitude=8.5');
      expectError(limited, 429, 'Too Many Requests');
      expect(limited.headers['retry-after']).toBeUndefined();
    });

    it('logs the three lookups as byLoccode, byCoordinates and byStreet', async () => {
      await byLoccode('KN3A 7QP');
      await get('coordinates?latitude=12&longitude=8.5');
      await get('street?streetName=road');
      const logged = sandbox.controls.requests({ service: 'address' }).map((r) => r.operation);
      expect(logged).toEqual(['byLoccode', 'byCoordinates', 'byStreet']);
    });
  });
});
