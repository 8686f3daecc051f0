import { keyHash } from '../../src/server/access/callers';
import { loadConfig } from '../../src/start/config';
import { effectiveConfig } from '../../src/start/effective-config';

describe('the configuration logged at start', () => {
  const SECRETS = {
    AGRI_API_KEY: 'agri-secret-1',
    MAP_API_KEY: 'mk_live_secret-2',
    HEALTH_API_KEY: 'health-secret-3',
    ADDRESS_API_KEY: 'address-secret-4',
    METRICS_TOKEN: 'metrics-secret-5',
    redisPassword: 'redis-secret-6',
  };
  const hash = keyHash('farm-app-key');
  const config = loadConfig({
    AGRI_BASE_URL: 'https://agri.example.com/api/v1',
    AGRI_API_KEY: SECRETS.AGRI_API_KEY,
    MAP_API_BASE_URL: 'https://maps.example.com',
    MAP_API_KEY: SECRETS.MAP_API_KEY,
    HEALTH_BASE_URL: 'https://health.example.com',
    HEALTH_API_KEY: SECRETS.HEALTH_API_KEY,
    ADDRESS_BASE_URL: 'https://address.example.com/api',
    ADDRESS_API_KEY: SECRETS.ADDRESS_API_KEY,
    METRICS_TOKEN: SECRETS.METRICS_TOKEN,
    REDIS_URL: `redis://gateway:${SECRETS.redisPassword}@redis:6379/0`,
    GATEWAY_API_KEYS: `farm-app:${hash}`,
    TRUST_PROXY: '10.0.0.0/8',
    CORS_ORIGINS: 'https://app.example.com',
  });
  const logged = JSON.stringify(effectiveConfig(config));

  it('holds no key, token, password or key hash', () => {
    for (const secret of [...Object.values(SECRETS), hash]) expect(logged).not.toContain(secret);
  });

  it('shows every setting otherwise, as JSON', () => {
    expect(JSON.parse(logged)).toMatchObject({
      port: 4000,
      upstreams: {
        agriculture: { baseUrl: 'https://agri.example.com', apiKey: '[redacted]' },
        maps: {
          baseUrl: 'https://maps.example.com',
          hostUrl: 'https://maps.example.com',
          apiKey: '[redacted]',
        },
      },
      access: {
        clients: ['farm-app'],
        metricsToken: '[redacted]',
        trustProxy: { ranges: ['Subnet: IPv4 10.0.0.0/8'] },
      },
      shared: { url: 'redis://gateway:***@redis:6379/0', keyPrefix: 'loccode:' },
      cors: ['https://app.example.com'],
      logging: { level: 'info' },
      traceSampler: { name: 'parentbased_always_on', ratio: 1 },
    });
  });
});
