import { failWithStatus } from '../support/sandbox';
import { SANDBOX_KEYS } from '../../src/sandbox';
import { TestHttp } from '../support/http';
import { startTestSandbox } from '../support/sandbox';
import { agricultureHeaders, areaOf, expectError, PATHS, useAgricultureSandbox } from './agriculture/harness';

/** Cross-cutting rules of agri-service.md: authentication, generic errors, limits, determinism. */
describe('agriculture service: auth, generic errors, limits and determinism', () => {
  const agri = useAgricultureSandbox();
  const kano = () => areaOf(agri.sandbox, 'Kano').code;
  const climate = (headers?: Record<string, string>) => agri.get(PATHS.climate, { loccode: kano() }, headers);

  describe('authentication', () => {
    it('returns 401 Unauthorized when the Authorization header is missing', async () => {
      const res = await climate({ 'content-type': 'application/json' });
      expectError(res, 401, 'Unauthorized');
      expect(res.json.error.message).toContain('Authorization: Bearer');
    });

    it('returns 401 Unauthorized for a wrong key', async () => {
      expectError(await climate({ authorization: 'Bearer agk_not_a_real_key' }), 401, 'Unauthorized');
    });

    it('returns 401 Unauthorized for a key of another service (the maps key)', async () => {
      expectError(await climate({ authorization: `Bearer ${SANDBOX_KEYS.maps}` }), 401, 'Unauthorized');
    });

    it('returns 401 Unauthorized when the right key is sent without the Bearer scheme', async () => {
      expectError(await climate({ authorization: SANDBOX_KEYS.agriculture }), 401, 'Unauthorized');
      expectError(await climate({ 'x-api-key': SANDBOX_KEYS.agriculture }), 401, 'Unauthorized');
    });

    it('checks the key before the path: an unknown path without a key is 401', async () => {
      expectError(await agri.getRaw('/no/such/path', {}), 401, 'Unauthorized');
    });

    it('does not reject a request without Content-Type, but the request log records it', async () => {
      const res = await climate({ authorization: `Bearer ${SANDBOX_KEYS.agriculture}` });
      expect(res.status).toBe(200);
      const logged = agri.sandbox.controls.requests({ service: 'agriculture', operation: 'climate' });
      expect(logged.map((entry) => entry.jsonContentType)).toEqual([false]);
    });
  });

  describe('generic errors', () => {
    it('returns 404 NOT_FOUND for an unknown path', async () => {
      expectError(await agri.getRaw('/data/climate'), 404, 'NOT_FOUND');
      expectError(await agri.getRaw('/api/v2/data/climate/by-loccode'), 404, 'NOT_FOUND');
    });

    it('returns 404 NOT_FOUND for a method the path does not have', async () => {
      expectError(await agri.send('GET', PATHS.supply), 404, 'NOT_FOUND');
      expectError(
        await agri.send('PUT', `${PATHS.climate}?loccode=${encodeURIComponent(kano())}`),
        404,
        'NOT_FOUND',
      );
    });

    it('returns 500 INTERNAL_SERVER_ERROR when the fault switch injects one', async () => {
      failWithStatus(agri.sandbox.controls, 'agriculture', 'pests', { status: 500 });
      expectError(await agri.get(PATHS.pests, { loccode: kano() }), 500, 'INTERNAL_SERVER_ERROR');
    });

    it('returns 502 BAD_GATEWAY when the fault switch injects one', async () => {
      failWithStatus(agri.sandbox.controls, 'agriculture', 'yield', { status: 502 });
      expectError(await agri.get(PATHS.yield, { loccode: kano(), crop: 'maize' }), 502, 'BAD_GATEWAY');
    });
  });

  describe('rate limit (spec: 60 requests per minute per key)', () => {
    it('sends no rate-limit headers: the spec documents none', async () => {
      const res = await climate();
      expect(res.status).toBe(200);
      expect(Object.keys(res.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
    });

    it('returns a bare 429 Too Many Requests, without Retry-After, once the window is spent', async () => {
      agri.sandbox.controls.setRateLimit('agriculture', 'requests', {
        kind: 'window',
        limit: 2,
        windowMs: 60_000,
      });
      expect((await climate()).status).toBe(200);
      expect((await agri.get(PATHS.yield, { loccode: kano(), crop: 'rice' })).status).toBe(200);
      const limited = await agri.get(PATHS.pests, { loccode: kano() });
      expectError(limited, 429, 'Too Many Requests');
      expect(limited.headers['retry-after']).toBeUndefined();
    });
  });

  describe('determinism', () => {
    it('answers every endpoint byte-identically in a fresh sandbox instance', async () => {
      const other = await startTestSandbox();
      const http = new TestHttp();
      try {
        const supply = JSON.stringify({
          origin_loccode: kano(),
          destination_loccode: areaOf(agri.sandbox, 'Lagos').code,
        });
        const requests: Array<['GET' | 'POST', string, string?]> = [
          ['GET', `${PATHS.climate}?loccode=${encodeURIComponent(kano())}`],
          ['GET', `${PATHS.pests}?loccode=${encodeURIComponent(kano())}`],
          ['GET', `${PATHS.pests}?loccode=${encodeURIComponent(kano())}&crop=Sorghum`],
          ['GET', `${PATHS.yield}?loccode=${encodeURIComponent(kano())}&crop=millet`],
          ['POST', PATHS.supply, supply],
        ];
        for (const [method, path, body] of requests) {
          const headers = agricultureHeaders(agri.sandbox);
          const first = await http.send(
            method,
            `${agri.sandbox.urls.agriculture}/api/v1${path}`,
            headers,
            body,
          );
          const second = await http.send(method, `${other.urls.agriculture}/api/v1${path}`, headers, body);
          expect(first.status).toBe(200);
          expect(second.text).toBe(first.text);
        }
      } finally {
        await http.close();
        await other.close();
      }
    });
  });
});
