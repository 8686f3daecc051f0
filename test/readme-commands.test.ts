import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SANDBOX_KEYS } from '../src/sandbox/keys';
import { TestHttp } from './support/http';
import { spawnProcess, type ServiceProcess } from './support/service-process';
import { waitFor } from './support/time';

/**
 * The README's commands, run as a newcomer runs them, one after another (each one
 * builds dist/, so two at once would race). Free ports stand in for 4000 and 4101-4104.
 */
const README = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
const run = promisify(execFile);

type Started = ServiceProcess;

function npm(args: string[], env: Record<string, string>): Started {
  return spawnProcess('npm', ['--silent', ...args], env);
}

/** Waits until the process prints `text`; fails with what it printed if it exits or stays silent first. */
async function printed(started: Started, text: string): Promise<void> {
  const done = () => started.output().includes(text) || started.child.exitCode !== null;
  await waitFor(done, { timeoutMs: 90_000, everyMs: 100 }).catch(() => undefined);
  if (!started.output().includes(text)) throw new Error(`no "${text}" in:\n${started.output()}`);
}

async function stop(started: Started): Promise<number | null> {
  process.kill(-started.child.pid!, 'SIGTERM');
  return started.exited;
}

describe("the README's commands", () => {
  const http = new TestHttp();
  afterAll(() => http.close());

  it('npm start serves the graph; the curl example, the typed client and SIGTERM work against it', async () => {
    const server = npm(['start'], { PORT: '0' });
    try {
      await printed(server, 'serving GraphQL at');
      await printed(server, 'address ');
      const url = /serving GraphQL at (\S+)/.exec(server.output())![1]!;
      expect(server.output()).toMatch(/agriculture\s+sandbox/);
      // Over the sandbox alone it serves callers without a key, and says so.
      expect(server.output()).toMatch(/Open to callers without a key: every upstream is the sandbox/);

      const curl = /```sh\n(curl[\s\S]*?)\n```/
        .exec(README)![1]!
        .replace('http://localhost:4000/graphql', url);
      const answer = /```json\n([\s\S]*?)\n```/.exec(README)![1]!;
      const { stdout } = await run('sh', ['-c', curl]);
      expect(JSON.parse(stdout)).toEqual(JSON.parse(answer));

      expect(README).toContain('npm run example:node-client');
      const client = npm(['run', 'example:node-client'], { GRAPHQL_URL: url });
      expect(await client.exited).toBe(0);
      expect(client.output()).toMatch(/KN3A 7QP/);
      expect(client.output()).toMatch(/MAIZE pest risk (LOW|MEDIUM|HIGH)/);
    } finally {
      // npm itself ends by the signal (null); the service's own exit 0 is pinned in test/operations.
      expect(await stop(server)).not.toBe(1);
    }
  }, 180_000);

  it('npm run sandbox prints each base URL with its key, answers every service, and stops on SIGTERM', async () => {
    const sandbox = npm(['run', 'sandbox'], {
      SANDBOX_AGRICULTURE_PORT: '0',
      SANDBOX_MAPS_PORT: '0',
      SANDBOX_HEALTHCARE_PORT: '0',
      SANDBOX_ADDRESS_PORT: '0',
    });
    try {
      await printed(sandbox, 'Try: curl');
      const value = (variable: string) => new RegExp(`${variable}=(\\S+)`).exec(sandbox.output())![1]!;
      const statuses = await Promise.all([
        http.get(`${value('AGRI_BASE_URL')}/api/v1/data/climate/by-loccode?loccode=KN3A%207QP`, {
          authorization: `Bearer ${value('AGRI_API_KEY')}`,
          'content-type': 'application/json',
        }),
        http.get(`${value('MAP_API_BASE_URL')}/sdk/v1/loccode/KN3A%207QP?key=${value('MAP_API_KEY')}`),
        http.get(`${value('HEALTH_BASE_URL')}/api/v1/access?loccode=KN3A%207QP`, {
          authorization: `Bearer ${value('HEALTH_API_KEY')}`,
        }),
        http.get(`${value('ADDRESS_BASE_URL')}/v1/addresses/search/loccode/KN3A%207QP`, {
          authorization: `Bearer ${value('ADDRESS_API_KEY')}`,
        }),
      ]);
      expect(statuses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(value('AGRI_API_KEY')).toBe(SANDBOX_KEYS.agriculture);
    } finally {
      expect(await stop(sandbox)).not.toBe(1);
    }
  }, 120_000);

  it('npm run bench measures and prints its table (smoke: one run of its first scenario)', async () => {
    expect(README).toContain('npm run bench');
    const bench = npm(['run', 'bench'], { BENCH_SMOKE: '1' });
    expect(await bench.exited).toBe(0);
    expect(bench.output()).toMatch(/\| golden query, warm \| 1 \|/);
    expect(bench.output()).toMatch(/warm golden p50 \/ trivial p50 = [\d.]+ \(target < 3\)/);
  }, 120_000);

  it('npm run bench:memory samples the gateway under distinct queries (smoke: 12 s)', async () => {
    expect(README).toContain('npm run bench:memory');
    const bench = npm(['run', 'bench:memory'], { BENCH_MEMORY_SECONDS: '12' });
    expect(await bench.exited).toBe(0);
    const summary = JSON.parse(/^\{"seconds".*$/m.exec(bench.output())![0]) as Record<string, number>;
    expect(summary).toMatchObject({ seconds: 12, connections: 10, non200: 0 });
    expect(summary.requests).toBeGreaterThan(100);
    expect(summary.heapAfterGcLastMinuteMedianMiB).toBeGreaterThan(5);
  }, 120_000);
});
