import type { App } from '../../src/start/app';
import { sum } from '../support/exposition';
import { primaryOn } from '../support/limiter-primary';
import { expectRecovered, refusedTwiceThenAMinuteOfQuiet, RECOVERY_ENV } from '../support/recovery-scenario';
import { startReplicas, useReplicas, type Replicas } from '../support/replicas';
import { FakeClock } from '../support/time';

/*
 * After two bare 429s from agriculture and a minute of quiet, agriculture is served at its
 * spec rate again (60 a minute, spec Limits), through real HTTP on an injected clock.
 * Before that minute the gateway paces at the limit it learned (one call: the window held
 * none of its calls when the service refused), and says so in /readyz and /metrics.
 */

async function metricsOf(replicas: Replicas, app: App): Promise<string> {
  return (await replicas.http.get(app.url.replace(/\/graphql$/, '/metrics'))).text;
}

const paced = { service: 'agriculture', dimension: 'requests' };

describe('one process: a learned agriculture limit recovers', () => {
  const clock = new FakeClock();
  const replicas = useReplicas(1, () => RECOVERY_ENV, { clock });

  it('two bare 429s, then a minute of quiet: 30 climate queries answered, none UPSTREAM_RATE_LIMITED', async () => {
    const before = await metricsOf(replicas, replicas.apps[0]!);
    expect(sum(before, 'loccode_upstream_pacing_limit', paced)).toBe(60);
    expect(sum(before, 'loccode_upstream_pacing_learned', paced)).toBe(0);
    expectRecovered(await refusedTwiceThenAMinuteOfQuiet(replicas, clock), 1);
    const after = await metricsOf(replicas, replicas.apps[0]!);
    expect(sum(after, 'loccode_upstream_pacing_limit', paced)).toBe(60);
    expect(sum(after, 'loccode_upstream_pacing_learned', paced)).toBe(0);
  });
});

describe('one process: /metrics shows the limit each dimension is paced at now', () => {
  const clock = new FakeClock();
  const replicas = useReplicas(1, () => RECOVERY_ENV, { clock });

  it('1 after a bare 429, then 15, 30 and 45 a quarter-minute apart, and 60 after the minute; maps dimensions at their documented bursts', async () => {
    const app = replicas.apps[0]!;
    replicas.sandbox.controls.injectFault({ service: 'agriculture', kind: 'status', status: 429, times: 1 });
    const code = replicas.sandbox.dataset.streets[0]!.code;
    await replicas.query(0, 'query($code: String!) { loccode(code: $code) { climate { state } } }', { code });
    const limits = [];
    const learned = [];
    for (let quarter = 0; quarter <= 4; quarter += 1) {
      const text = await metricsOf(replicas, app);
      limits.push(sum(text, 'loccode_upstream_pacing_limit', paced));
      learned.push(sum(text, 'loccode_upstream_pacing_learned', paced));
      clock.moveTo(clock.now() + 15_000);
    }
    expect(limits).toEqual([1, 15, 30, 45, 60]);
    expect(learned).toEqual([1, 1, 1, 1, 0]);
    const text = await metricsOf(replicas, app);
    // Maps search: 10 a second, burst 20 (spec Limits), paced one under the burst.
    expect(sum(text, 'loccode_upstream_pacing_limit', { service: 'maps', dimension: 'search' })).toBe(19);
    expect(sum(text, 'loccode_upstream_pacing_limit', { service: 'maps', dimension: 'tiles' })).toBe(600);
  });
});

describe('WORKERS=2 (two workers sharing the primary on this clock): a learned agriculture limit recovers', () => {
  /*
   * Node's cluster forks real processes that cannot share a test's clock, so the two workers
   * here are two gateways in this process, each reaching the primary's LimiterHost through
   * the same request/answer code as over the cluster's IPC (test/support/limiter-primary.ts).
   * test/operations/workers-pacing.test.ts starts the real thing on the real clock.
   */
  const clock = new FakeClock();
  let replicas: Replicas;
  beforeAll(async () => {
    const primary = primaryOn(clock);
    replicas = await startReplicas(2, RECOVERY_ENV, () => ({ clock, worker: { primary: primary.worker() } }));
  });
  afterAll(() => replicas.close());

  it('two bare 429s, then a minute of quiet: 30 climate queries over both workers answered, none UPSTREAM_RATE_LIMITED', async () => {
    expectRecovered(await refusedTwiceThenAMinuteOfQuiet(replicas, clock), 2);
  });
});
