import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../src/start/config';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration (API.md section 1)', () => {
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
    });
    expect(config.upstreams.address).toEqual({ baseUrl: 'https://address.example.com/api', apiKey: 'k' });
  });

  it('gives maps its display host, defaulting to the REST base', () => {
    const config = loadConfig({
      MAP_API_BASE_URL: 'https://maps.example.com',
      MAP_API_KEY: 'mk_live_x',
      SANDBOX: 'all',
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

  it('lists every bad number and switch at once', () => {
    expect(
      problems({ PORT: '70000', UPSTREAM_CACHE: 'maybe', CACHE_TTL_SCALE: '0', EXPOSE_ERROR_DETAILS: 'yes' }),
    ).toEqual([
      'PORT must be a whole number from 0 to 65535, got "70000".',
      'UPSTREAM_CACHE must be on or off, got "maybe".',
      'CACHE_TTL_SCALE must be a number from 0.00001 to 1000, got "0".',
      'EXPOSE_ERROR_DETAILS must be true or false, got "yes".',
    ]);
  });
});

describe('no silent sandbox in production (issue #11)', () => {
  const live = { AGRI_BASE_URL: 'https://agri.example.com', AGRI_API_KEY: 'k' };

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
    const source = readFileSync(join(__dirname, '..', 'src', 'start', 'config.ts'), 'utf8');
    const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
    const variables = new Set(
      [...source.matchAll(/env(?:\.|, ')([A-Z][A-Z0-9_]+)/g)].map((match) => match[1]!),
    );
    expect(variables.size).toBeGreaterThan(20);
    expect([...variables].filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });
});
