import type { Sandbox } from '../../src/sandbox';
import { sum } from '../support/exposition';
import { TestHttp } from '../support/http';
import { RECOVERY_ENV } from '../support/recovery-scenario';
import { upstreamEnv } from '../support/replicas';
import { startTestSandbox } from '../support/sandbox';
import { buildService, spawnService, stopService, type ServiceProcess } from '../support/service-process';
import { waitFor } from '../support/time';

/*
 * `npm start` with WORKERS=2, over a sandbox of the test's own: a limit learned from
 * agriculture's bare 429s is the primary's, for both workers, and each says so in /readyz
 * and /metrics with when it is back. Forked processes run on the real clock, which a test
 * does not wait a minute for: the recovery itself is shown on an injected clock through the
 * same host (test/upstream/pacer-recovery-http.test.ts, test/upstream/pacing-recovery.test.ts).
 */

const CLIMATE = 'query($code: String!) { loccode(code: $code) { climate { state } } }';

describe('WORKERS=2: a limit learned from two bare 429s', () => {
  const http = new TestHttp({ record: true });
  let sandbox: Sandbox;
  let service: ServiceProcess;
  let url: string;

  beforeAll(async () => {
    buildService();
    sandbox = await startTestSandbox();
    service = spawnService({ ...upstreamEnv(sandbox), ...RECOVERY_ENV, WORKERS: '2' });
    await waitFor(() => /serving GraphQL at (\S+)\n/.test(service.output()), { timeoutMs: 60_000 });
    url = /serving GraphQL at (\S+)\n/.exec(service.output())![1]!;
  }, 150_000);
  afterAll(async () => {
    await http.close();
    if (service) stopService(service);
    await sandbox?.close();
  });

  it('is paced by both workers below the documented 60, and says until when in /readyz and /metrics', async () => {
    sandbox.controls.injectFault({ service: 'agriculture', kind: 'status', status: 429, times: 2 });
    const codes = sandbox.dataset.streets.slice(0, 2).map((street) => street.code);
    // A connection each: the primary hands them to the two workers in turn.
    for (const code of codes) {
      const answer = await http.post(url, { query: CLIMATE, variables: { code } }, { connection: 'close' });
      expect(answer.json.errors?.[0]?.extensions?.code).toBe('UPSTREAM_RATE_LIMITED');
    }
    expect(sandbox.controls.count({ service: 'agriculture', outcome: 'fault:status' })).toBe(2);
    const learnedAt = Date.now();
    const readyz = [];
    for (let request = 0; request < 4; request += 1)
      readyz.push(
        (await http.get(url.replace(/\/graphql$/, '/readyz'), { connection: 'close' })).json.learnedLimits,
      );
    for (const learned of readyz) {
      const { limit, documented, backAt } = learned?.agriculture?.requests ?? {};
      expect(documented).toBe(60);
      // One call (a quarter-minute later, 15): the window held none of ours when refused.
      expect(limit).toBeLessThan(60);
      // A minute after the lesson, at the latest.
      expect(Date.parse(backAt)).toBeGreaterThan(learnedAt);
      expect(Date.parse(backAt)).toBeLessThanOrEqual(learnedAt + 60_000);
    }
    const metrics = (await http.get(url.replace(/\/graphql$/, '/metrics'))).text;
    const paced = { service: 'agriculture', dimension: 'requests' };
    expect(sum(metrics, 'loccode_upstream_pacing_limit', paced)).toBeLessThan(60);
    expect(sum(metrics, 'loccode_upstream_pacing_learned', paced)).toBe(1);
  }, 30_000);
});
