import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, withDotEnv } from '../src/start/config';
import { VARIABLES } from '../src/start/environment';
import { keyHash } from '../src/server/access/callers';
import { problems } from './support/config-problems';

describe('configuration', () => {
  it('defaults to 127.0.0.1:4000 with every upstream on the sandbox', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ host: '127.0.0.1', port: 4000, upstreams: {} });
    expect(config.discipline).toMatchObject({
      cacheEnabled: true,
      maxAttempts: 2,
      requestDeadlineMs: 10_000,
    });
  });

  it('takes a live upstream from its base URL and key, without a trailing slash', () => {
    const config = loadConfig({
      ADDRESS_BASE_URL: 'https://address.example.com/api/',
      ADDRESS_API_KEY: 'k',
      SANDBOX: 'all',
      ALLOW_ANONYMOUS: 'true',
    });
    expect(config.upstreams.address).toEqual({ baseUrl: 'https://address.example.com/api', apiKey: 'k' });
  });

  it('gives maps its display host, defaulting to the REST base', () => {
    const config = loadConfig({
      MAP_API_BASE_URL: 'https://maps.example.com',
      MAP_API_KEY: 'mk_live_x',
      SANDBOX: 'all',
      ALLOW_ANONYMOUS: 'true',
    });
    expect(config.upstreams.maps?.hostUrl).toBe('https://maps.example.com');
  });

  it('names the variable when a base URL has no key, or a key no base URL', () => {
    expect(problems({ AGRI_BASE_URL: 'https://agri.example.com' })).toEqual([
      'AGRI_BASE_URL is set but AGRI_API_KEY is not; set both to use the live service, or neither for the sandbox.',
    ]);
    expect(problems({ HEALTH_API_KEY: 'k' })[0]).toMatch(/^HEALTH_API_KEY is set but HEALTH_BASE_URL is not/);
    expect(problems({ MAP_HOST_URL: 'https://tiles.example.com' })[0]).toMatch(
      /^MAP_HOST_URL is set but MAP_API_BASE_URL/,
    );
  });

  it('refuses a base URL that is not an http(s) URL, without echoing it', () => {
    const found = problems({
      AGRI_BASE_URL: 'not a url with-secret',
      AGRI_API_KEY: 'k',
      ADDRESS_BASE_URL: 'ftp://x',
      ADDRESS_API_KEY: 'k',
    });
    expect(found).toEqual([
      'AGRI_BASE_URL is not a URL; expected something like https://api.example.com.',
      'ADDRESS_BASE_URL must be an http:// or https:// URL.',
    ]);
    expect(found.join(' ')).not.toContain('with-secret');
  });

  it('takes PAGE_MAX_SIZE, the largest page, from 20 (the default first) up, 100 when unset', () => {
    expect(loadConfig({}).pageMaxSize).toBe(100);
    expect(loadConfig({ PAGE_MAX_SIZE: '250' }).pageMaxSize).toBe(250);
    expect(problems({ PAGE_MAX_SIZE: '19' })).toEqual([
      'PAGE_MAX_SIZE must be a whole number from 20 to 10000, got "19".',
    ]);
  });

  it("takes QUERY_COMPILE_MS_PER_SECOND, the event loop's share for compiling documents, from 0 (never) to 1000, 50 when unset", () => {
    expect(loadConfig({}).compileMsPerSecond).toBe(50);
    expect(loadConfig({ QUERY_COMPILE_MS_PER_SECOND: '0' }).compileMsPerSecond).toBe(0);
    expect(problems({ QUERY_COMPILE_MS_PER_SECOND: '1001' })).toEqual([
      'QUERY_COMPILE_MS_PER_SECOND must be a whole number from 0 to 1000, got "1001".',
    ]);
  });

  it('lists every bad number and switch at once', () => {
    expect(
      problems({ PORT: '70000', UPSTREAM_CACHE: 'maybe', CACHE_TTL_SCALE: '0', EXPOSE_ERROR_DETAILS: 'yes' }),
    ).toEqual([
      'PORT must be a whole number from 0 to 65535, got "70000".',
      'UPSTREAM_CACHE must be one of true, false, 1, 0, on, off, got "maybe".',
      'CACHE_TTL_SCALE must be a number from 0.00001 to 1000, got "0".',
      'EXPOSE_ERROR_DETAILS must be one of true, false, 1, 0, on, off, got "yes".',
    ]);
  });
});

describe('no silent sandbox in production', () => {
  const live = {
    AGRI_BASE_URL: 'https://agri.example.com',
    AGRI_API_KEY: 'k',
    GATEWAY_API_KEYS: `farm:${keyHash('farm-key')}`,
  };

  it('simulates every unconfigured service in development', () => {
    expect(loadConfig({}).sandboxed).toEqual(['agriculture', 'maps', 'healthcare', 'address']);
  });

  it('refuses to start when one upstream is live and the others have no URL, naming each variable', () => {
    expect(problems(live)).toEqual([
      'MAP_API_BASE_URL is not set, and other upstreams are live: maps would be simulated by the embedded sandbox. Set MAP_API_BASE_URL (with its key), or add maps to SANDBOX to simulate it on purpose.',
      'HEALTH_BASE_URL is not set, and other upstreams are live: healthcare would be simulated by the embedded sandbox. Set HEALTH_BASE_URL (with its key), or add healthcare to SANDBOX to simulate it on purpose.',
      'ADDRESS_BASE_URL is not set, and other upstreams are live: address would be simulated by the embedded sandbox. Set ADDRESS_BASE_URL (with its key), or add address to SANDBOX to simulate it on purpose.',
    ]);
  });

  it('refuses to start with NODE_ENV=production and nothing configured', () => {
    expect(problems({ NODE_ENV: 'production' })).toHaveLength(4);
    expect(problems({ NODE_ENV: 'production' })[0]).toMatch(
      /^AGRI_BASE_URL is not set, and NODE_ENV is production/,
    );
  });

  it('simulates what SANDBOX names, and only that', () => {
    expect(loadConfig({ ...live, SANDBOX: 'maps, healthcare,address' }).sandboxed).toEqual([
      'maps',
      'healthcare',
      'address',
    ]);
    expect(problems({ ...live, SANDBOX: 'maps,address' })).toEqual([
      expect.stringMatching(/^HEALTH_BASE_URL is not set/),
    ]);
    expect(loadConfig({ NODE_ENV: 'production', SANDBOX: 'all' }).sandboxed).toHaveLength(4);
  });

  it('refuses a SANDBOX entry that is not a service, or a service that also has its URL', () => {
    expect(problems({ SANDBOX: 'agri' })).toEqual([
      'SANDBOX names "agri", which is not a service; use agriculture, maps, healthcare, address or all, comma-separated.',
    ]);
    expect(problems({ ...live, SANDBOX: 'agriculture,maps,healthcare,address' })).toEqual([
      'SANDBOX names agriculture, but AGRI_BASE_URL is set too; remove one of them.',
    ]);
  });
});

describe('the README configuration table', () => {
  it('documents every variable the configuration reads', () => {
    const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
    const variables = Object.keys(VARIABLES.shape);
    expect(variables.length).toBeGreaterThan(60);
    expect([...variables].filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });
});

describe('one validated configuration', () => {
  const FARM = `farm:${keyHash('farm-key')}`;

  it('reports two wrong variables in one start-up error naming both', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message).toContain('PORT must be a whole number from 0 to 65535, got "eighty".');
    expect(message).toContain('LOG_LEVEL must be one of debug, info, warn, error, silent, got "loud".');
  });

  it('reads every switch from one set, true/false/1/0/on/off in any case', () => {
    const switches = (value: string) => {
      const config = loadConfig({
        UPSTREAM_CACHE: value,
        UPSTREAM_PACING: value,
        RESPONSE_CACHE: value,
        QUERY_DEDUPE: value,
        EXPOSE_ERROR_DETAILS: value,
        HTTP_BATCHING: value,
        INTROSPECTION: value,
        ALLOW_ANONYMOUS: value,
        GATEWAY_API_KEYS: FARM,
      });
      return [
        config.discipline.cacheEnabled,
        config.discipline.pacingEnabled,
        config.discipline.responseCacheEnabled,
        config.discipline.queryDedupe,
        config.exposeErrorDetails,
        config.queryLimits.httpBatching,
        config.introspection,
        config.access.allowAnonymous,
      ];
    };
    for (const value of ['true', 'TRUE', '1', 'on', 'On'])
      expect(switches(value)).toEqual(Array(8).fill(true));
    for (const value of ['false', 'False', '0', 'off', 'OFF'])
      expect(switches(value)).toEqual(Array(8).fill(false));
    expect(problems({ INTROSPECTION: 'yes', ALLOW_ANONYMOUS: '2' })).toEqual([
      'ALLOW_ANONYMOUS must be one of true, false, 1, 0, on, off, got "2".',
      'INTROSPECTION must be one of true, false, 1, 0, on, off, got "yes".',
    ]);
  });

  it('takes each base URL with or without the path prefix its spec appends', () => {
    const keys = {
      AGRI_API_KEY: 'a',
      MAP_API_KEY: 'm',
      HEALTH_API_KEY: 'h',
      ADDRESS_API_KEY: 'd',
      GATEWAY_API_KEYS: FARM,
    };
    const bare = loadConfig({
      ...keys,
      AGRI_BASE_URL: 'https://agri.example.com',
      MAP_API_BASE_URL: 'https://maps.example.com',
      MAP_HOST_URL: 'https://tiles.example.com',
      HEALTH_BASE_URL: 'https://health.example.com/',
      ADDRESS_BASE_URL: 'https://address.example.com/api',
    }).upstreams;
    const prefixed = loadConfig({
      ...keys,
      AGRI_BASE_URL: 'https://agri.example.com/api/v1',
      MAP_API_BASE_URL: 'https://maps.example.com/sdk/v1/',
      MAP_HOST_URL: 'https://tiles.example.com/sdk',
      HEALTH_BASE_URL: 'https://health.example.com/api/v1',
      ADDRESS_BASE_URL: 'https://address.example.com/api/v1',
    }).upstreams;
    expect(prefixed).toEqual(bare);
    expect(bare).toEqual({
      agriculture: { baseUrl: 'https://agri.example.com', apiKey: 'a' },
      maps: { baseUrl: 'https://maps.example.com', hostUrl: 'https://tiles.example.com', apiKey: 'm' },
      healthcare: { baseUrl: 'https://health.example.com', apiKey: 'h' },
      address: { baseUrl: 'https://address.example.com/api', apiKey: 'd' },
    });
    // A deployment under a path of its own keeps it.
    const nested = loadConfig({
      AGRI_BASE_URL: 'https://x.example.com/agri/api/v1',
      AGRI_API_KEY: 'a',
      GATEWAY_API_KEYS: FARM,
      SANDBOX: 'maps,healthcare,address',
    });
    expect(nested.upstreams.agriculture?.baseUrl).toBe('https://x.example.com/agri');
  });

  it('does not start a gateway that would refuse every request: keys required and GATEWAY_API_KEYS unset', () => {
    const live = { AGRI_BASE_URL: 'https://agri.example.com', AGRI_API_KEY: 'k', SANDBOX: 'all' };
    expect(problems(live)).toEqual([
      expect.stringMatching(
        /^GATEWAY_API_KEYS is not set, and callers need a key once an upstream is live \(agriculture\): every request would be refused with 401\..*npm run key:new.*ALLOW_ANONYMOUS=true/,
      ),
    ]);
    expect(problems({ ALLOW_ANONYMOUS: 'false' })).toEqual([
      expect.stringMatching(/^GATEWAY_API_KEYS is not set, and ALLOW_ANONYMOUS is false: /),
    ]);
    expect(loadConfig({ ...live, GATEWAY_API_KEYS: FARM }).access.clients).toHaveLength(1);
    expect(loadConfig({ ...live, ALLOW_ANONYMOUS: 'on' }).access.allowAnonymous).toBe(true);
  });

  it('logs at info to stderr by default, silent under NODE_ENV=test, as LOG_LEVEL and LOG_FILE say', () => {
    expect(loadConfig({}).logging).toEqual({ level: 'info' });
    expect(loadConfig({ NODE_ENV: 'test' }).logging).toEqual({ level: 'silent' });
    expect(loadConfig({ LOG_LEVEL: 'DEBUG', LOG_FILE: '/var/log/gw.jsonl' }).logging).toEqual({
      level: 'debug',
      file: '/var/log/gw.jsonl',
    });
  });

  it('reads the standard OTEL_TRACES_SAMPLER and its ratio, naming the valid samplers when wrong', () => {
    expect(loadConfig({}).traceSampler).toEqual({ name: 'parentbased_always_on', ratio: 1 });
    expect(
      loadConfig({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' })
        .traceSampler,
    ).toEqual({ name: 'parentbased_traceidratio', ratio: 0.25 });
    expect(problems({ OTEL_TRACES_SAMPLER: 'sometimes', OTEL_TRACES_SAMPLER_ARG: '1.5' })).toEqual([
      'OTEL_TRACES_SAMPLER must be one of always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off, parentbased_traceidratio, got "sometimes".',
      'OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1, got "1.5".',
    ]);
  });

  it('reads .env under the real environment, logging included', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'loccode-env-')), '.env');
    writeFileSync(file, 'LOG_LEVEL=debug\nPORT=4100\nHOST=0.0.0.0\n');
    const config = loadConfig(withDotEnv({ PORT: '4200' }, file));
    expect(config.logging.level).toBe('debug');
    expect(config.port).toBe(4200);
    expect(config.host).toBe('0.0.0.0');
  });
});
