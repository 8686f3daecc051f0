import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { clientAddress } from '../../src/server/access/client-address';
import { loadConfig } from '../../src/start/config';

/*
 * Docker-compose.yml runs Redis, three gateway replicas and a load
 * balancer. No Docker engine on these machines: the file is parsed and its wiring checked
 * (README, Running several replicas, has the command that runs it for real).
 */
const ROOT = join(__dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
  command?: string[];
  healthcheck?: { test: string[] };
}

const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>;
};
const services = compose.services;
/** A replica's environment as Compose hands it over with nothing set: `${NAME:-default}` is the default. */
const environmentOf = (name: string) =>
  Object.fromEntries(
    Object.entries(services[name]!.environment!).map(([key, value]) => [
      key,
      String(value).replace(/\$\{\w+:-([^}]*)\}/g, '$1'),
    ]),
  );
const replicas = Object.keys(services).filter((name) => /^gateway-\d+$/.test(name));
const networksOf = (service: Service) =>
  Array.isArray(service.networks) ? service.networks : Object.keys(service.networks ?? {});
const balancer = services.balancer!;
const nginxMount = balancer.volumes?.find((volume) => volume.endsWith(':/etc/nginx/conf.d/default.conf:ro'));
const nginxConf = readFileSync(join(ROOT, nginxMount!.split(':')[0]!), 'utf8');

describe('docker-compose.yml: three replicas, one Redis, one balancer', () => {
  it('runs three gateway replicas of the image built here', () => {
    expect(replicas).toEqual(['gateway-1', 'gateway-2', 'gateway-3']);
    for (const name of replicas) expect(services[name]!.build).toBe('.');
  });

  it('points every replica at the redis service, and tells it there are three', () => {
    const redis = services.redis!;
    expect(redis.command).toEqual(expect.arrayContaining(['--maxmemory-policy', 'allkeys-lru']));
    for (const name of replicas) {
      const config = loadConfig({ ...environmentOf(name), PORT: '0' });
      expect(new URL(config.shared!.url).hostname).toBe('redis');
      expect(new URL(config.shared!.url).port).toBe('6379');
      expect(config.replicas).toBe(replicas.length);
      expect(services[name]!.depends_on?.redis?.condition).toBe('service_healthy');
      expect(
        networksOf(services[name]!).filter((network) => networksOf(redis).includes(network)),
      ).not.toEqual([]);
    }
  });

  it("lists the three replicas in the balancer's upstream, on the port they listen on", () => {
    const upstream = /upstream\s+(\w+)\s*\{([^}]*)\}/.exec(nginxConf)!;
    const servers = [...upstream[2]!.matchAll(/^\s*server\s+([\w-]+):(\d+)/gm)].map(([, host, port]) => ({
      host,
      port,
    }));
    expect(servers).toEqual(
      replicas.map((name) => ({ host: name, port: services[name]!.environment!.PORT })),
    );
    expect(nginxConf).toMatch(new RegExp(`proxy_pass\\s+http://${upstream[1]!};`));
    const [, listen] = /listen\s+(\d+);/.exec(nginxConf)!;
    expect(balancer.ports).toEqual([`127.0.0.1:4000:${listen}`]);
    for (const name of replicas) {
      expect(balancer.depends_on?.[name]?.condition).toBe('service_healthy');
      expect(services[name]!.ports).toBeUndefined();
    }
  });

  it("believes the balancer's X-Forwarded-For, and only the balancer's", () => {
    expect(nginxConf).toMatch(/proxy_set_header\s+X-Forwarded-For\s+\$proxy_add_x_forwarded_for;/);
    const networks = balancer.networks as Record<string, { ipv4_address?: string }>;
    const balancerAddress = Object.values(networks).find((network) => network?.ipv4_address)!.ipv4_address!;
    for (const name of replicas) {
      const trust = loadConfig({ ...environmentOf(name), PORT: '0' }).access.trustProxy;
      const forwarded = { 'x-forwarded-for': '198.51.100.7, 203.0.113.9' };
      expect(clientAddress(balancerAddress, forwarded, trust)).toBe('203.0.113.9');
      expect(clientAddress('10.213.7.99', forwarded, trust)).toBe('10.213.7.99');
    }
  });

  it('checks every replica and the balancer on /readyz, and Redis with a ping', () => {
    for (const name of [...replicas, 'balancer'])
      expect(services[name]!.healthcheck!.test.join(' ')).toMatch(/\/readyz/);
    expect(services.redis!.healthcheck!.test).toEqual(['CMD', 'redis-cli', 'ping']);
  });

  it('pulls only tagged images, and mounts only files that exist', () => {
    for (const [name, service] of Object.entries(services)) {
      if (service.build) continue;
      expect({ name, image: service.image }).toEqual({
        name,
        image: expect.stringMatching(/^[\w./-]+:\d[\w.-]*$/),
      });
    }
    expect(existsSync(join(ROOT, nginxMount!.split(':')[0]!))).toBe(true);
  });

  it('is run by the documented command: docker compose up, then the golden query through the balancer', () => {
    const section = README.slice(README.indexOf('## Running several replicas'));
    expect(section).toMatch(/docker compose up/);
    expect(section).toMatch(/curl[^\n]*http:\/\/localhost:4000\/graphql/);
  });
});
