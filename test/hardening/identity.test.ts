import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { keyHash } from '../../src/server/access/callers';
import { ConfigError, loadConfig } from '../../src/start/config';
import { SANDBOX_KEYS } from '../../src/sandbox/keys';
import { SINGLE_REQUEST_DISCIPLINE, startTestStack, type TestStack } from '../support/gateway';

const FARM_KEY = 'lg_farm-advisory-test-key-0001';
const ANALYTICS_KEY = 'lg_analytics-test-key-0002';
const KEYS = `farm:${keyHash(FARM_KEY)},analytics:${keyHash(ANALYTICS_KEY)}`;
const QUERY = { query: '{ loccode(code: "KN3A 7QP") { code } }' };

describe('GATEWAY_API_KEYS and ALLOW_ANONYMOUS in the configuration', () => {
  it('holds hashes and names only; a raw key or a repeated name is a start-up error naming the variable', () => {
    const config = loadConfig({ GATEWAY_API_KEYS: KEYS });
    expect(config.access.clients.map((c) => c.name)).toEqual(['farm', 'analytics']);
    expect(JSON.stringify(config)).not.toContain(FARM_KEY);
    expect(() => loadConfig({ GATEWAY_API_KEYS: `farm:${FARM_KEY}` })).toThrow(
      /GATEWAY_API_KEYS entry 1 is not "name:sha256hex"/,
    );
    expect(() => loadConfig({ GATEWAY_API_KEYS: `a:${keyHash('x')},a:${keyHash('y')}` })).toThrow(
      /names the client "a" twice/,
    );
    expect(() => loadConfig({ ALLOW_ANONYMOUS: 'maybe' })).toThrow(ConfigError);
  });

  it('npm run key:new prints a key and the entry that admits it, and refuses a bad name', async () => {
    const run = promisify(execFile);
    const { stdout } = await run('npm', ['run', '--silent', 'key:new', '--', 'farm-app']);
    const key = /^\s+(lg_\S+)$/m.exec(stdout)![1]!;
    const entry = /^\s+(farm-app:[0-9a-f]{64})$/m.exec(stdout)![1]!;
    expect(entry).toBe(`farm-app:${keyHash(key)}`);
    expect(loadConfig({ GATEWAY_API_KEYS: entry }).access.clients).toHaveLength(1);
    await expect(run('npm', ['run', '--silent', 'key:new', '--', 'farm app'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run key:new -- <client-name>'),
    });
  }, 30_000);
});

describe('client keys through real HTTP', () => {
  let stack: TestStack;
  beforeAll(async () => {
    // Keys required even over the sandbox, as they are by default once an upstream is live.
    stack = await startTestStack({
      ...SINGLE_REQUEST_DISCIPLINE,
      GATEWAY_API_KEYS: KEYS,
      ALLOW_ANONYMOUS: 'false',
    });
  });
  beforeEach(() => stack.sandbox.controls.clearLog());
  afterAll(() => stack.close());

  const post = (headers: Record<string, string>) => stack.http.post(stack.app.url, QUERY, headers);

  it('admits a known key as Bearer or as X-Api-Key', async () => {
    for (const headers of [{ authorization: `Bearer ${FARM_KEY}` }, { 'x-api-key': ANALYTICS_KEY }] as Array<
      Record<string, string>
    >) {
      const response = await post(headers);
      expect(response.status).toBe(200);
      expect(response.json.data.loccode.code).toBe('KN3A 7QP');
    }
  });

  it('refuses with 401 UNAUTHENTICATED a missing key, an unknown key, a malformed header, and two different keys', async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{}, /needs a key/],
      [{ authorization: `Bearer ${FARM_KEY}x` }, /not known/],
      [{ 'x-api-key': SANDBOX_KEYS.agriculture }, /not known/],
      [
        { authorization: `Basic ${Buffer.from(`u:${FARM_KEY}`).toString('base64')}` },
        /must be "Bearer <key>"/,
      ],
      [{ authorization: `Bearer ${FARM_KEY}`, 'x-api-key': ANALYTICS_KEY }, /different keys/],
      [{ 'x-api-key': '' }, /empty/],
    ];
    for (const [headers, message] of cases) {
      const response = await post(headers);
      expect([response.status, response.headers['www-authenticate']]).toEqual([
        401,
        'Bearer realm="loccode-graph"',
      ]);
      expect(response.json.errors).toHaveLength(1);
      expect(response.json.errors[0].extensions.code).toBe('UNAUTHENTICATED');
      expect(response.json.errors[0].message).toMatch(message);
      expect(response.text).not.toContain(FARM_KEY);
      // Nothing ran and no budget is known: the cost report says so.
      expect(response.json.extensions.cost).toEqual({ requested: 0, actual: 0, maximum: 1000 });
    }
    expect(stack.sandbox.controls.count()).toBe(0);
  });
});

describe('cost per client in /metrics', () => {
  it('counts the points each client spent and the operations refused for their cost, by client name', async () => {
    const stack = await startTestStack({
      ...SINGLE_REQUEST_DISCIPLINE,
      GATEWAY_API_KEYS: KEYS,
      QUERY_MAX_COST: '5',
    });
    try {
      const asFarm = { authorization: `Bearer ${FARM_KEY}` };
      const two = '{ loccode(code: "KN3A 7QP") { climate { state } street { name } } }';
      expect((await stack.http.post(stack.app.url, { query: two }, asFarm)).status).toBe(200);
      expect((await stack.http.post(stack.app.url, { query: two })).status).toBe(200);
      const codes = stack.sandbox.dataset.streets.slice(0, 3).map((s) => s.code);
      const dear = {
        query: `{ loccodes(codes: ${JSON.stringify(codes)}) { climate { state } street { name } } }`,
      };
      expect((await stack.http.post(stack.app.url, dear, asFarm)).status).toBe(400);
      const text = (await stack.http.get(stack.app.url.replace(/\/graphql$/, '/metrics'))).text;
      expect(text).toContain('loccode_client_cost_points_total{client="farm"} 2');
      expect(text).toContain('loccode_client_cost_points_total{client="anonymous"} 2');
      expect(text).toContain('loccode_client_refusals_total{client="farm",code="QUERY_TOO_COSTLY"} 1');
      expect(text).not.toContain(FARM_KEY);
    } finally {
      await stack.close();
    }
  });
});

describe('anonymous callers', () => {
  it('are served while every upstream is the sandbox, and refused once one is live unless ALLOW_ANONYMOUS=true', async () => {
    const sandboxOnly = await startTestStack();
    const live = {
      AGRI_BASE_URL: sandboxOnly.sandbox.urls.agriculture,
      AGRI_API_KEY: SANDBOX_KEYS.agriculture,
      SANDBOX: 'all',
    };
    try {
      expect(sandboxOnly.app.anonymousAllowed).toBe(true);
      expect((await sandboxOnly.http.post(sandboxOnly.app.url, QUERY)).status).toBe(200);
      // Keys required with none configured would refuse everyone: a start-up error (test/config.test.ts).
      for (const [env, status] of [
        [{ ...live, GATEWAY_API_KEYS: KEYS }, 401],
        [{ ...live, ALLOW_ANONYMOUS: 'true' }, 200],
        [{ ALLOW_ANONYMOUS: 'false', GATEWAY_API_KEYS: KEYS }, 401],
      ] as const) {
        const stack = await startTestStack({ ...SINGLE_REQUEST_DISCIPLINE, ...env });
        try {
          const response = await stack.http.post(stack.app.url, QUERY);
          expect([env, response.status]).toEqual([env, status]);
        } finally {
          await stack.close();
        }
      }
    } finally {
      await sandboxOnly.close();
    }
  });
});
