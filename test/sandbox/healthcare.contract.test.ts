import { FIXED_NOW } from '../support/sandbox';
import {
  HEALTHCARE_ENDPOINTS,
  KANO_STREET,
  REQUIRED_EXTRAS,
  useHealthcareSandbox,
  type HealthcareEndpoint,
} from './healthcare/harness';
import { ERROR_BODY } from './healthcare/shapes';
import { shapeErrors } from '../support/shape';

const WRAPPED: HealthcareEndpoint[] = ['facilities', 'emergency-route', 'specialist', 'health-risk'];
const UNWRAPPED: HealthcareEndpoint[] = ['access', 'heatmap'];
const OPERATIONS: Record<HealthcareEndpoint, string> = {
  facilities: 'facilities',
  access: 'access',
  'emergency-route': 'emergencyRoute',
  specialist: 'specialist',
  'health-risk': 'healthRisk',
  heatmap: 'heatmap',
};

describe('healthcare service: loccodes, wrapping, auth and errors', () => {
  const health = useHealthcareSandbox();
  const call = (endpoint: HealthcareEndpoint, loccode: string, extra: Record<string, string> = {}) =>
    health.get(endpoint, { loccode, ...REQUIRED_EXTRAS[endpoint], ...extra });
  const expectError = (res: { status: number; json: unknown }, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(shapeErrors(res.json, ERROR_BODY)).toEqual([]);
    expect(res.json).toMatchObject({ error: { code } });
  };

  describe('loccode rules', () => {
    it.each(HEALTHCARE_ENDPOINTS)(
      '%s matches the loccode case-insensitively and echoes the hyphenated display form',
      async (endpoint) => {
        for (const loccode of ['KN3A 7QP', 'kn3a 7qp', 'Kn3a 7Qp']) {
          const res = await call(endpoint, loccode);
          expect(res.status).toBe(200);
          const body = UNWRAPPED.includes(endpoint) ? res.json : res.json.data;
          expect(body.loccode).toBe('KN3A-7QP');
        }
      },
    );

    it.each(HEALTHCARE_ENDPOINTS)('%s answers an area loccode (KAN 700001 shape) too', async (endpoint) => {
      const area = health.sandbox.dataset.areas.find((a) => a.state === 'Kano')!;
      const res = await call(endpoint, area.code.toLowerCase());
      expect(res.status).toBe(200);
      const body = UNWRAPPED.includes(endpoint) ? res.json : res.json.data;
      expect(body.loccode).toBe(area.code.replace(' ', '-'));
    });

    it('takes the space of a loccode sent as %20 or as +', async () => {
      const viaPercent = await health.getPath('access?loccode=KN3A%207QP');
      const viaPlus = await health.getPath('access?loccode=kn3a+7qp');
      expect(viaPercent.status).toBe(200);
      expect(viaPlus.text).toBe(viaPercent.text);
    });

    it.each([
      ['the hyphenated display form', 'KN3A-7QP'],
      ['no space', 'KN3A7QP'],
      ['two spaces', 'KN3A  7QP'],
      ['a leading space', ' KN3A 7QP'],
      ['an unregistered code', 'ZZ9Z 9ZZ'],
      ['a malformed code', 'not a loccode'],
    ])('is 404 LOCCODE_NOT_FOUND for %s on every endpoint', async (_case, loccode) => {
      for (const endpoint of HEALTHCARE_ENDPOINTS)
        expectError(await call(endpoint, loccode), 404, 'LOCCODE_NOT_FOUND');
    });

    it.each(HEALTHCARE_ENDPOINTS)(
      '%s is 400 LOCCODE_REQUIRED without a loccode, or with an empty one',
      async (endpoint) => {
        expectError(await health.get(endpoint, REQUIRED_EXTRAS[endpoint]), 400, 'LOCCODE_REQUIRED');
        expectError(await call(endpoint, ''), 400, 'LOCCODE_REQUIRED');
      },
    );

    it('checks loccode presence first, then the other parameters, then looks the loccode up', async () => {
      expectError(await health.get('facilities', {}), 400, 'LOCCODE_REQUIRED');
      expectError(await health.get('specialist', {}), 400, 'LOCCODE_REQUIRED');
      expectError(await health.get('facilities', { loccode: 'ZZ9Z 9ZZ' }), 400, 'FACILITY_LEVEL_REQUIRED');
      expectError(await health.get('specialist', { loccode: 'ZZ9Z 9ZZ' }), 400, 'HEALTH_CONDITION_REQUIRED');
    });
  });

  describe('response wrapping', () => {
    it.each(WRAPPED)('%s wraps its data in {success, message, timestamp, data}', async (endpoint) => {
      const res = await call(endpoint, KANO_STREET);
      expect(res.json).toMatchObject({ success: true, timestamp: FIXED_NOW.getTime() });
      expect(typeof res.json.message).toBe('string');
      expect(res.json.data.location).toEqual(expect.objectContaining({ state: 'Kano' }));
      expect(res.json.loccode).toBeUndefined();
    });

    it.each(UNWRAPPED)('%s puts its fields at the root', async (endpoint) => {
      const res = await call(endpoint, KANO_STREET);
      expect(res.json.loccode).toBe('KN3A-7QP');
      expect(res.json).not.toHaveProperty('success');
      expect(res.json).not.toHaveProperty('data');
    });

    it('adds keys the spec does not list, which clients must ignore', async () => {
      const res = await call('facilities', KANO_STREET);
      expect(res.json.api_version).toEqual(expect.any(String));
    });
  });

  describe('authentication', () => {
    it.each(HEALTHCARE_ENDPOINTS)(
      '%s is 401 UNAUTHORIZED without an Authorization header',
      async (endpoint) => {
        const res = await health.get(endpoint, { loccode: KANO_STREET, ...REQUIRED_EXTRAS[endpoint] }, {});
        expectError(res, 401, 'UNAUTHORIZED');
      },
    );

    it("is 401 UNAUTHORIZED, in its own envelope, for a wrong key, another service's key or another scheme", async () => {
      const { keys } = health.sandbox;
      const wrongHeaders: Record<string, string>[] = [
        { authorization: 'Bearer hlk_sandbox_not_the_key' },
        { authorization: `Bearer ${keys.agriculture}` },
        { authorization: `Bearer ${keys.maps}` },
        { authorization: `Bearer ${keys.address}` },
        { authorization: `Basic ${keys.healthcare}` },
        { 'x-api-key': keys.healthcare },
      ];
      for (const headers of wrongHeaders) {
        expectError(await health.get('access', { loccode: KANO_STREET }, headers), 401, 'UNAUTHORIZED');
      }
    });
  });

  describe('generic failures', () => {
    it('is 404 NOT_FOUND for an unknown path', async () => {
      expectError(await health.get('hospitals', { loccode: KANO_STREET }), 404, 'NOT_FOUND');
    });

    it.each([
      [500, 'INTERNAL_SERVER_ERROR'],
      [502, 'BAD_GATEWAY'],
      [503, 'SERVICE_UNAVAILABLE'],
    ])('answers an injected %i as %s in the error envelope', async (status, code) => {
      health.sandbox.controls.injectFault({ service: 'healthcare', kind: 'status', status, times: 1 });
      expectError(await call('access', KANO_STREET), status, code);
      expect((await call('access', KANO_STREET)).status).toBe(200);
    });

    it('answers a bare 429 RATE_LIMITED past the limit: no rate-limit headers, no Retry-After (not shown in the spec)', async () => {
      for (const endpoint of HEALTHCARE_ENDPOINTS) {
        expect((await call(endpoint, KANO_STREET)).headers['x-ratelimit-limit']).toBeUndefined();
      }
      health.sandbox.controls.setRateLimit('healthcare', 'requests', {
        kind: 'window',
        limit: 2,
        windowMs: 60_000,
      });
      expect((await call('access', KANO_STREET)).status).toBe(200);
      expect((await call('heatmap', KANO_STREET)).status).toBe(200);
      const limited = await call('facilities', KANO_STREET);
      expectError(limited, 429, 'RATE_LIMITED');
      expect(limited.headers['retry-after']).toBeUndefined();
    });

    it('logs each endpoint under its operation name', async () => {
      for (const endpoint of HEALTHCARE_ENDPOINTS) await call(endpoint, KANO_STREET);
      const logged = health.sandbox.controls.requests({ service: 'healthcare' }).map((r) => r.operation);
      expect(logged).toEqual(HEALTHCARE_ENDPOINTS.map((endpoint) => OPERATIONS[endpoint]));
    });
  });
});
