import { failWithStatus } from '../support/sandbox';
import { sendGoodRequest, LIMITED_REST, type RestEndpoint } from './maps/good-requests';
import { expectFailure, expectSuccess, KANO_STREET, useMapsSandbox } from './maps/harness';

describe('maps service: envelope, authentication and generic errors', () => {
  const maps = useMapsSandbox();
  const kano = () => maps.street(KANO_STREET);
  const goodRequest = (name: RestEndpoint, headers?: Record<string, string>) =>
    sendGoodRequest(maps, name, headers);

  describe('envelope', () => {
    it.each(LIMITED_REST.map(({ name }) => name))(
      '%s answers {status: true, message: "", data}',
      async (name) => {
        const res = await goodRequest(name);
        expectSuccess(res);
        expect(res.text).toMatch(/^\{"status":true,/);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
      },
    );

    it('adds an extra key clients must ignore, the same for the same request', async () => {
      const first = await goodRequest('loccode resolve');
      const again = await goodRequest('loccode resolve');
      const other = await goodRequest('loccodes nearest');
      expect(typeof first.json.request_id).toBe('string');
      expect(again.text).toBe(first.text);
      expect(other.json.request_id).not.toBe(first.json.request_id);
    });

    it('does not let the key change the body', async () => {
      const viaHeader = await goodRequest('search');
      const viaQuery = await maps.get('search', { q: kano().name, key: maps.sandbox.keys.maps }, {});
      expect(viaQuery.text).toBe(viaHeader.text);
    });
  });

  describe('authentication', () => {
    const resolvePath = `loccode/${encodeURIComponent(KANO_STREET)}`;

    it('returns 401 invalid_api_key when no key is sent', async () => {
      expectFailure(await maps.get(resolvePath, {}, {}), 401, 'invalid_api_key');
    });

    it.each([
      ['an unknown TEST key', 'mk_test_0000000000000000'],
      ['an unknown LIVE key', 'mk_live_0000000000000000'],
      ['a key of another product (malformed prefix)', 'hlk_sandbox_9c2e6a1f3d7b0c48'],
      ['a key without a kind', 'mk_sandbox_7d3a91c2e4f6b5a0'],
      ['an empty key', ''],
    ])('returns 401 invalid_api_key for %s', async (_label, key) => {
      expectFailure(await maps.get(resolvePath, {}, { 'x-api-key': key }), 401, 'invalid_api_key');
      expectFailure(await maps.get(resolvePath, { key }, {}), 401, 'invalid_api_key');
    });

    it('accepts the LIVE key as well as the TEST key', async () => {
      expectSuccess(await maps.get(resolvePath, {}, { 'x-api-key': maps.sandbox.keys.mapsLive }));
    });

    it('accepts the key as the key query parameter on REST', async () => {
      expectSuccess(await maps.get(resolvePath, { key: maps.sandbox.keys.maps }, {}));
    });

    it('lets the header win when header and query parameter are both sent', async () => {
      const { maps: good } = maps.sandbox.keys;
      expectFailure(
        await maps.get(resolvePath, { key: good }, { 'x-api-key': 'mk_test_wrong' }),
        401,
        'invalid_api_key',
      );
      expectSuccess(await maps.get(resolvePath, { key: 'mk_test_wrong' }, { 'x-api-key': good }));
    });

    it('refuses a key sent only as a header on map resources (query parameter only)', async () => {
      const url = `${maps.sandbox.urls.mapHost}/sdk/styles/streets/style.json`;
      expectFailure(await maps.getUrl(url, { 'x-api-key': maps.sandbox.keys.maps }), 401, 'invalid_api_key');
      expect((await maps.getUrl(`${url}?key=${maps.sandbox.keys.maps}`)).status).toBe(200);
    });

    it('authenticates before it looks at the path', async () => {
      expectFailure(await maps.get('no-such-endpoint', {}, {}), 401, 'invalid_api_key');
    });

    it('never echoes the key', async () => {
      const res = await maps.get(resolvePath, {}, { 'x-api-key': 'mk_test_notarealkey42' });
      expect(res.text).not.toContain('notarealkey42');
    });
  });

  describe('generic errors', () => {
    it('returns 404 NOT_FOUND for an unknown path and for a known path with the wrong method', async () => {
      expectFailure(await maps.get('no-such-endpoint'), 404, 'NOT_FOUND');
      expectFailure(await maps.get('optimize'), 404, 'NOT_FOUND');
      expectFailure(await maps.post('search', {}), 404, 'NOT_FOUND');
    });

    it('returns 400 VALIDATION_ERROR for a body that is not JSON', async () => {
      expectFailure(await maps.post('route', '{"origin_lat": 12,'), 400, 'VALIDATION_ERROR');
      expectFailure(await maps.post('optimize', 'stops=1'), 400, 'VALIDATION_ERROR');
    });

    it.each([
      [500, 'INTERNAL_ERROR'],
      [502, 'ENGINE_UNAVAILABLE'],
      [503, 'auth_unavailable'],
    ])('answers an injected %i with %s in the failure body', async (status, code) => {
      failWithStatus(maps.sandbox.controls, 'maps', 'route', { status, times: 1 });
      expectFailure(await goodRequest('route GET'), status, code);
      expectSuccess(await goodRequest('route GET'));
    });

    it('answers an injected 429 with rate_limited and Retry-After', async () => {
      failWithStatus(maps.sandbox.controls, 'maps', undefined, {
        status: 429,
        retryAfterSeconds: 7,
        times: 1,
      });
      const res = await goodRequest('search');
      expectFailure(res, 429, 'rate_limited');
      expect(res.headers['retry-after']).toBe('7');
    });
  });
});
