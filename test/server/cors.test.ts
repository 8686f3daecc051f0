import { keyHash } from '../../src/server/access/callers';
import { loadConfig } from '../../src/start/config';
import { SINGLE_REQUEST_DISCIPLINE, startTestStack, useTestStack } from '../support/gateway';
import type { HttpResponse } from '../support/http';

const APP = 'https://app.example.com';
const DEV = 'http://localhost:5173';
const EVIL = 'https://evil.example.net';
const KEY = 'lg_web-app-test-key';
const STYLE = '/maps/styles/streets/style.json?mode=light';
const CODE_QUERY = '{ loccode(code: "KN3A 7QP") { code } }';

/** What a browser sends before a cross-origin POST with a key (README "From a browser"). */
const preflightHeaders = (origin: string, method = 'POST') => ({
  origin,
  'access-control-request-method': method,
  'access-control-request-headers': 'authorization,content-type',
});

const listed = (value: string | undefined) => (value ?? '').split(',').map((item) => item.trim());

describe('CORS with CORS_ORIGINS set', () => {
  const stack = useTestStack({
    ...SINGLE_REQUEST_DISCIPLINE,
    CORS_ORIGINS: `${APP},${DEV}`,
    GATEWAY_API_KEYS: `web:${keyHash(KEY)}`,
    ALLOW_ANONYMOUS: 'false',
    QUERY_MAX_BODY_BYTES: '2048',
  });
  const gateway = () => new URL(stack.app.url).origin;
  const keyed = { authorization: `Bearer ${KEY}` };
  const preflight = (path: string, origin: string, method?: string) =>
    stack.http.send('OPTIONS', `${gateway()}${path}`, preflightHeaders(origin, method));
  const expectGranted = (response: HttpResponse, origin: string) => {
    expect(response.headers['access-control-allow-origin']).toBe(origin);
    expect(listed(response.headers.vary)).toContain('origin');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  };

  it('answers a preflight to /graphql from an allowed origin with 204 and the grant, before any key is asked for', async () => {
    for (const origin of [APP, DEV]) {
      const response = await preflight('/graphql', origin);
      expect(response.status).toBe(204);
      expectGranted(response, origin);
      expect(listed(response.headers['access-control-allow-methods']).sort()).toEqual(['GET', 'POST']);
      expect(listed(response.headers['access-control-allow-headers'])).toEqual(
        expect.arrayContaining([
          'content-type',
          'authorization',
          'x-api-key',
          'apollo-require-preflight',
          'traceparent',
        ]),
      );
      expect(response.headers['access-control-max-age']).toBe('7200');
      expect(response.text).toBe('');
    }
    expect(stack.sandbox.controls.count()).toBe(0);
  });

  it('allows only GET in a preflight to /maps/', async () => {
    const response = await preflight(STYLE, APP, 'GET');
    expect(response.status).toBe(204);
    expectGranted(response, APP);
    expect(response.headers['access-control-allow-methods']).toBe('GET');
  });

  it('refuses a preflight from another origin with 403 FORBIDDEN and no Access-Control-Allow-Origin', async () => {
    for (const origin of [EVIL, `${APP}:8443`, 'http://app.example.com']) {
      const response = await preflight('/graphql', origin);
      expect(response.status).toBe(403);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-methods']).toBeUndefined();
      expect(response.json.errors[0].extensions.code).toBe('FORBIDDEN');
      expect(response.json.errors[0].message).toContain('CORS_ORIGINS');
    }
  });

  it('answers a preflight to an unknown path with 404 and no grant', async () => {
    const response = await preflight('/graphq', APP);
    expect(response.status).toBe(404);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('grants the origin on an answered POST, and exposes the budget and request id headers', async () => {
    const response = await stack.http.post(stack.app.url, { query: CODE_QUERY }, { origin: APP, ...keyed });
    expect(response.status).toBe(200);
    expect(response.json.data.loccode.code).toBe('KN3A 7QP');
    expectGranted(response, APP);
    expect(listed(response.headers['access-control-expose-headers'])).toEqual(
      expect.arrayContaining([
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
        'retry-after',
        'x-request-id',
      ]),
    );
    // The exposed headers are there to be read.
    expect(response.headers['x-ratelimit-remaining']).toEqual(expect.stringMatching(/^\d+$/));
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('answers another origin (the browser enforces CORS, not the server) without a grant', async () => {
    const response = await stack.http.post(stack.app.url, { query: CODE_QUERY }, { origin: EVIL, ...keyed });
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(listed(response.headers.vary)).toContain('origin');
  });

  it('grants the origin on error answers too: 401 for a wrong key, 413 for a body too large', async () => {
    const wrongKey = await stack.http.post(
      stack.app.url,
      { query: CODE_QUERY },
      { origin: APP, authorization: 'Bearer lg_not-a-key' },
    );
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.json.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expectGranted(wrongKey, APP);
    const tooLarge = await stack.http.post(
      stack.app.url,
      { query: `{ __typename }${' '.repeat(4096)}` },
      { origin: APP, ...keyed },
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.errors[0].extensions.code).toBe('REQUEST_TOO_LARGE');
    expectGranted(tooLarge, APP);
    expect(stack.sandbox.controls.count()).toBe(0);
  });

  it('grants the origin on map assets, and not to another origin', async () => {
    const style = await stack.http.get(`${gateway()}${STYLE}`, { origin: DEV, ...keyed });
    expect(style.status).toBe(200);
    expect(style.json.version).toBe(8);
    expectGranted(style, DEV);
    expect(listed(style.headers['access-control-expose-headers'])).toContain('x-ratelimit-remaining');
    const missing = await stack.http.get(`${gateway()}/maps/nothing-here.json`, { origin: DEV, ...keyed });
    expect(missing.status).toBe(404);
    expectGranted(missing, DEV);
    const other = await stack.http.get(`${gateway()}${STYLE}`, { origin: EVIL, ...keyed });
    expect(other.status).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a plain GET as a possible CSRF, saying how to send one (coded, with the grant)', async () => {
    const url = `${stack.app.url}?query=${encodeURIComponent(CODE_QUERY)}`;
    const plain = await stack.http.get(url, { origin: APP, ...keyed });
    expect(plain.status).toBe(400);
    expect(plain.json.errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(plain.json.errors[0].message).toMatch(/Cross-Site Request Forgery/);
    expect(plain.json.errors[0].message).toContain('apollo-require-preflight: true');
    expect(plain.json.errors[0].message).toContain('content-type: application/json');
    expectGranted(plain, APP);
    expect(stack.sandbox.controls.count()).toBe(0);
    const withHeader = await stack.http.get(url, {
      origin: APP,
      ...keyed,
      'apollo-require-preflight': 'true',
    });
    expect(withHeader.status).toBe(200);
    expect(withHeader.json.data.loccode.code).toBe('KN3A 7QP');
  });
});

describe('CORS without CORS_ORIGINS, and with "*"', () => {
  it('unset: no CORS header on /graphql, a 403 preflight; map assets stay readable from any page', async () => {
    const stack = await startTestStack();
    try {
      const gateway = new URL(stack.app.url).origin;
      const answered = await stack.http.post(stack.app.url, { query: CODE_QUERY }, { origin: APP });
      expect(answered.status).toBe(200);
      expect(Object.keys(answered.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
      const preflight = await stack.http.send('OPTIONS', stack.app.url, preflightHeaders(APP));
      expect(preflight.status).toBe(403);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.json.errors[0].message).toContain('CORS_ORIGINS');
      const style = await stack.http.get(`${gateway}${STYLE}`, { origin: APP });
      expect(style.headers['access-control-allow-origin']).toBe('*');
    } finally {
      await stack.close();
    }
  });

  it('"*" while anonymous access is on: any origin, as "*", no Vary on Origin', async () => {
    const stack = await startTestStack({ ...SINGLE_REQUEST_DISCIPLINE, CORS_ORIGINS: '*' });
    try {
      const preflight = await stack.http.send('OPTIONS', stack.app.url, preflightHeaders(EVIL));
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
      const answered = await stack.http.post(stack.app.url, { query: CODE_QUERY }, { origin: EVIL });
      expect(answered.headers['access-control-allow-origin']).toBe('*');
      expect(listed(answered.headers.vary)).not.toContain('origin');
    } finally {
      await stack.close();
    }
  });
});

describe('CORS_ORIGINS in the configuration', () => {
  it('takes exact origins; unset is no CORS', () => {
    expect(loadConfig({}).cors).toBeUndefined();
    const cors = loadConfig({ CORS_ORIGINS: ` ${APP} , ${DEV} ` }).cors;
    expect(cors).toEqual({ kind: 'list', origins: new Set([APP, DEV]) });
  });

  it('refuses "*" while anonymous access is off, saying why', () => {
    expect(() => loadConfig({ CORS_ORIGINS: '*', ALLOW_ANONYMOUS: 'false' })).toThrow(
      /CORS_ORIGINS is "\*" but anonymous access is off.*ALLOW_ANONYMOUS=true/,
    );
    expect(() => loadConfig({ CORS_ORIGINS: `*,${APP}` })).toThrow(/CORS_ORIGINS.*must stand alone/);
  });

  it('refuses an entry that is not a bare origin, naming it and the fix', () => {
    // A trailing slash is the usual slip: browsers send the origin without one.
    expect(() => loadConfig({ CORS_ORIGINS: `${APP}/` })).toThrow(
      /CORS_ORIGINS entry "https:\/\/app\.example\.com\/" is not a bare origin.*write https:\/\/app\.example\.com\./,
    );
    expect(() => loadConfig({ CORS_ORIGINS: `${DEV},https://App.Example.com:443/graphql` })).toThrow(
      /"https:\/\/App\.Example\.com:443\/graphql" is not a bare origin.*write https:\/\/app\.example\.com\./,
    );
    expect(() => loadConfig({ CORS_ORIGINS: 'app.example.com' })).toThrow(
      /CORS_ORIGINS entry "app\.example\.com" is not an origin/,
    );
    expect(() => loadConfig({ CORS_ORIGINS: 'https://*.example.com' })).toThrow(/wildcard/);
    expect(() => loadConfig({ CORS_ORIGINS: 'null' })).toThrow(/CORS_ORIGINS entry "null"/);
  });
});
