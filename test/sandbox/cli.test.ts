import { spawn, type ChildProcess } from 'node:child_process';
import { TestHttp } from '../support/http';
import { SANDBOX_KEYS } from '../../src/sandbox/keys';

/** Runs `npm run sandbox` as a user would (free ports instead of 4101-4104) and collects its output. */
function startCli(): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn('npm', ['run', '--silent', 'sandbox'], {
    env: {
      ...process.env,
      SANDBOX_AGRICULTURE_PORT: '0',
      SANDBOX_MAPS_PORT: '0',
      SANDBOX_HEALTHCARE_PORT: '0',
      SANDBOX_ADDRESS_PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a signal reaches npm and the node process it started alike.
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(predicate: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('npm run sandbox', () => {
  const http = new TestHttp();
  afterAll(() => http.close());

  it('builds, prints each base URL with its key, answers every service, and stops on SIGTERM', async () => {
    const cli = startCli();
    try {
      await waitFor(() => cli.output().includes('Try: curl'), 60_000);
      const url = (variable: string) => new RegExp(`${variable}=(\\S+)`).exec(cli.output())![1]!;
      const agriculture = await http.get(
        `${url('AGRI_BASE_URL')}/api/v1/data/climate/by-loccode?loccode=KN3A%207QP`,
        {
          authorization: `Bearer ${url('AGRI_API_KEY')}`,
          'content-type': 'application/json',
        },
      );
      const maps = await http.get(
        `${url('MAP_API_BASE_URL')}/sdk/v1/loccode/KN3A%207QP?key=${url('MAP_API_KEY')}`,
      );
      const healthcare = await http.get(`${url('HEALTH_BASE_URL')}/api/v1/access?loccode=KN3A%207QP`, {
        authorization: `Bearer ${url('HEALTH_API_KEY')}`,
      });
      const address = await http.get(`${url('ADDRESS_BASE_URL')}/v1/addresses/search/loccode/KN3A%207QP`, {
        authorization: `Bearer ${url('ADDRESS_API_KEY')}`,
      });
      expect([agriculture.status, maps.status, healthcare.status, address.status]).toEqual([
        200, 200, 200, 200,
      ]);
      expect(url('AGRI_API_KEY')).toBe(SANDBOX_KEYS.agriculture);
    } finally {
      process.kill(-cli.child.pid!, 'SIGTERM');
    }
    expect(await cli.exited).not.toBe(1);
    expect(cli.output()).not.toMatch(/could not start|Error/);
  }, 90_000);
});
