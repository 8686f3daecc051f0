import { readFileSync, statSync } from 'node:fs';
import { ERROR_CODES } from '../../src/kernel/errors';
import type { ServiceName } from '../../src/kernel/services';
import { SANDBOX_KEYS } from '../../src/sandbox/keys';
import { startTestStack, type TestStack } from '../support/gateway';
import { TestHttp } from '../support/http';
import { leakIn } from './leaks';

/*
 * The canary: each upstream is told to answer with an error body that echoes
 * the request URL and its credentials, as a careless service might. No response body,
 * header or log line of the gateway may then hold a key, while the errors stay coded
 * and name the service. The control checks prove the canary sings: the raw bodies do.
 */
const CODE = 'KN3A 7QP';
const STATUSES = [400, 404, 500, 502, 503];

/** A query that reaches each upstream, and the path of the field it fails at. */
const REACHING: Array<{ service: ServiceName; query: string; path: string[] }> = [
  {
    service: 'agriculture',
    query: `{ loccode(code: "${CODE}") { climate { state } } }`,
    path: ['loccode', 'climate'],
  },
  { service: 'maps', query: `{ loccode(code: "${CODE}") { street { name } } }`, path: ['loccode', 'street'] },
  // The map host, which takes the key only as a `key` query parameter: it is in the echoed URL.
  {
    service: 'maps',
    query: '{ mapDisplay { wordmark { manifest } } }',
    path: ['mapDisplay', 'wordmark', 'manifest'],
  },
  {
    service: 'healthcare',
    query: `{ loccode(code: "${CODE}") { healthcareAccess { accessScore } } }`,
    path: ['loccode', 'healthcareAccess'],
  },
  {
    service: 'address',
    query: `{ loccode(code: "${CODE}") { address { streetName } } }`,
    path: ['loccode', 'address'],
  },
];

/** The map resources the gateway serves under /maps/ (src/server/map-assets.ts), each fetched with the key in its URL. */
const MAP_ASSETS = ['tiles.json', 'styles/streets/style.json', 'wordmark.json', 'sprites/sprite.json'];

/** An upstream key, or a URL with a key parameter, in a line of text. */
function keyIn(text: string): string | undefined {
  const key = Object.entries(SANDBOX_KEYS).find(([, value]) => text.includes(value));
  if (key) return `the ${key[0]} key`;
  return /[?&]key=/.test(text) ? 'a URL with a key parameter' : undefined;
}

describe('an upstream that echoes the request and its key into its error body', () => {
  let stack: TestStack;
  /** Not recording: the sandbox's own answers hold keys, and are not the gateway's. */
  const direct = new TestHttp();
  const logFile = process.env.LOG_FILE!;
  let logStart = 0;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  beforeEach(() => {
    stack.sandbox.controls.reset();
    logStart = statSync(logFile).size;
  });
  afterAll(async () => {
    await direct.close();
    await stack.close();
  });

  /** The gateway's log lines since the test began (setup-logging sends every level to LOG_FILE). */
  function newLogLines(): string[] {
    return readFileSync(logFile).subarray(logStart).toString('utf8').split('\n').filter(Boolean);
  }

  function echoEverything(service: ServiceName, status: number): void {
    stack.sandbox.controls.injectFault({ service, kind: 'status', status, echoRequest: true });
  }

  describe('control: the canary does sing', () => {
    it.each([
      [
        'agriculture',
        () => `${stack.sandbox.urls.agriculture}/api/v1/climate?loccode=${encodeURIComponent(CODE)}`,
      ],
      [
        'healthcare',
        () => `${stack.sandbox.urls.healthcare}/api/v1/healthcare-access?loccode=${encodeURIComponent(CODE)}`,
      ],
      ['address', () => `${stack.sandbox.urls.address}/loccode/${encodeURIComponent(CODE)}`],
    ] as const)('%s echoes its Bearer key in the raw error body', async (service, url) => {
      echoEverything(service, 500);
      const raw = await direct.get(url(), { authorization: `Bearer ${SANDBOX_KEYS[service]}` });
      expect(raw.status).toBe(500);
      expect(raw.text).toContain(SANDBOX_KEYS[service]);
    });

    it('maps echoes its X-Api-Key header, and a key passed in the URL, in the raw error body', async () => {
      echoEverything('maps', 500);
      const byHeader = await direct.get(
        `${stack.sandbox.urls.maps}/sdk/v1/loccode/${encodeURIComponent(CODE)}`,
        {
          'x-api-key': SANDBOX_KEYS.maps,
        },
      );
      expect(byHeader.text).toContain(SANDBOX_KEYS.maps);
      const inUrl = await direct.get(`${stack.sandbox.urls.mapHost}/sdk/tiles.json?key=${SANDBOX_KEYS.maps}`);
      expect(keyIn(inUrl.text)).toBe('the maps key');
      expect(leakIn(inUrl)).toBe('the maps key in the body');
    });

    it('the gateway reaches each upstream with these queries, and logs it', async () => {
      for (const { service, query } of REACHING) {
        stack.sandbox.controls.clearLog();
        await stack.query(query);
        expect(stack.sandbox.controls.count({ service })).toBeGreaterThan(0);
      }
      expect(newLogLines().some((line) => line.includes('"upstream call"'))).toBe(true);
    });
  });

  describe.each(STATUSES)('every upstream answering %i with the canary', (status) => {
    it.each(
      REACHING.map((reaching) => [`${reaching.service} ${reaching.path.join('.')}`, reaching] as const),
    )(
      '%s: a coded error naming the service; no key in body, headers or logs',
      async (_name, { service, query, path }) => {
        echoEverything(service, status);
        const result = await stack.query(query);
        expect(stack.sandbox.controls.count({ service, outcome: 'fault:status' })).toBeGreaterThan(0);
        const error = result.errors?.find((e) => e.path?.join('.') === path.join('.'));
        expect(error).toBeDefined();
        expect(error!.extensions).toMatchObject({ service });
        expect(ERROR_CODES).toContain(error!.extensions!.code);
        expect(error!.extensions!.code).not.toBe('INTERNAL_SERVER_ERROR');
        expect(error!.message).toContain(service);
        expect(leakIn(result.response)).toBeUndefined();
        expect(newLogLines().map(keyIn).filter(Boolean)).toEqual([]);
      },
    );

    it.each(MAP_ASSETS)(
      '/maps/%s: an error answer without the key, in body, headers or logs',
      async (asset) => {
        echoEverything('maps', status);
        const response = await stack.http.get(`${stack.app.url.replace(/\/graphql$/, '')}/maps/${asset}`);
        expect(stack.sandbox.controls.count({ service: 'maps', outcome: 'fault:status' })).toBe(1);
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.json.errors[0].extensions.code).toEqual(expect.any(String));
        expect(leakIn(response)).toBeUndefined();
        expect(newLogLines().map(keyIn).filter(Boolean)).toEqual([]);
      },
    );
  });
});
