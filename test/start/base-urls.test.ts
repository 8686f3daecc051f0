import { startApp, type App } from '../../src/start/app';
import { loadConfig } from '../../src/start/config';
import type { Sandbox } from '../../src/sandbox';
import { SINGLE_REQUEST_DISCIPLINE } from '../support/gateway';
import { TestHttp } from '../support/http';
import { startTestSandbox } from '../support/sandbox';

/**
 * AGRI_BASE_URL given with the `/api/v1` its spec shows was doubled into
 * `/api/v1/api/v1`. Each base URL here carries the prefix its spec appends (agriculture and
 * healthcare `/api/v1`, maps `/sdk/v1` and its map host `/sdk`, address `/v1` after its
 * `/api`), and every service still answers through real HTTP.
 */
describe('base URLs given with the path prefix of their spec', () => {
  const http = new TestHttp({ record: true });
  let sandbox: Sandbox;
  let app: App;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    app = await startApp(
      loadConfig({
        ...SINGLE_REQUEST_DISCIPLINE,
        PORT: '0',
        ALLOW_ANONYMOUS: 'true',
        AGRI_BASE_URL: `${sandbox.urls.agriculture}/api/v1`,
        AGRI_API_KEY: sandbox.keys.agriculture,
        MAP_API_BASE_URL: `${sandbox.urls.maps}/sdk/v1/`,
        MAP_HOST_URL: `${sandbox.urls.mapHost}/sdk`,
        MAP_API_KEY: sandbox.keys.maps,
        HEALTH_BASE_URL: `${sandbox.urls.healthcare}/api/v1`,
        HEALTH_API_KEY: sandbox.keys.healthcare,
        ADDRESS_BASE_URL: `${sandbox.urls.address}/v1`,
        ADDRESS_API_KEY: sandbox.keys.address,
      }),
    );
  });
  afterAll(async () => {
    await http.close();
    await app?.close();
    await sandbox?.close();
  });

  it('answers from every service, at the paths of its spec', async () => {
    expect(sandbox.urls.address).toMatch(/\/api$/);
    const response = await http.post(app.url, {
      query:
        '{ loccode(code: "LA8G 3QU") { street { state } address { state } climate { state } healthcareAccess { location { state } } } }',
    });
    expect(response.json.errors).toBeUndefined();
    expect(response.json.data.loccode).toEqual({
      street: { state: 'Lagos' },
      address: { state: 'Lagos' },
      climate: { state: 'Lagos' },
      healthcareAccess: { location: { state: 'Lagos' } },
    });
    const style = await http.get(app.url.replace(/\/graphql$/, '/maps/styles/streets/style.json?mode=light'));
    expect(style.status).toBe(200);
    for (const service of ['agriculture', 'maps', 'healthcare', 'address'] as const)
      expect([service, sandbox.controls.count({ service, outcome: 'ok' })]).toEqual([
        service,
        service === 'maps' ? 2 : 1,
      ]);
  });
});
