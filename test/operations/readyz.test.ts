import { SINGLE_REQUEST_DISCIPLINE, startTestStack, type TestStack } from '../support/gateway';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET /readyz and /healthz', () => {
  let stack: TestStack;
  let base: string;
  beforeAll(async () => {
    stack = await startTestStack({
      ...SINGLE_REQUEST_DISCIPLINE,
      CIRCUIT_FAILURE_THRESHOLD: '2',
      CIRCUIT_OPEN_MS: '1000',
    });
    base = stack.app.url.replace(/\/graphql$/, '');
  });
  afterAll(() => stack.close());

  it('is 200 with every upstream ready, 503 naming the upstream whose circuit is open, and ready again once it may be probed', async () => {
    const ready = await stack.http.get(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({
      agriculture: 'ready',
      maps: 'ready',
      healthcare: 'ready',
      address: 'ready',
      sandboxed: ['agriculture', 'maps', 'healthcare', 'address'],
    });

    stack.sandbox.controls.injectFault({ service: 'agriculture', kind: 'status', status: 500 });
    const codes = stack.sandbox.dataset.streets.slice(0, 2).map((s) => s.code);
    for (const code of codes) await stack.query(`{ loccode(code: "${code}") { climate { __typename } } }`);

    const open = await stack.http.get(`${base}/readyz`);
    expect(open.status).toBe(503);
    expect(open.json).toEqual({
      agriculture: 'circuit-open',
      maps: 'ready',
      healthcare: 'ready',
      address: 'ready',
      sandboxed: ['agriculture', 'maps', 'healthcare', 'address'],
    });
    const health = await stack.http.get(`${base}/healthz`);
    expect(health.status).toBe(200);
    const metrics = await stack.http.get(`${base}/metrics`);
    expect(metrics.text).toContain('loccode_upstream_circuit_state{service="agriculture"} 1');

    await sleep(1100);
    expect((await stack.http.get(`${base}/readyz`)).status).toBe(200);
  });
});
