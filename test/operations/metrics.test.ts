import { goldenQuery } from '../../bench/golden-query';
import { buildSchema } from '../../src/graph/schema';
import { SERVICE_NAMES } from '../../src/kernel/services';
import { startTestStack, type TestStack } from '../support/gateway';
import { sum } from '../support/exposition';

describe('GET /metrics (production defaults)', () => {
  let stack: TestStack;
  let metricsUrl: string;
  let query: string;

  beforeAll(async () => {
    stack = await startTestStack({});
    metricsUrl = stack.app.url.replace(/\/graphql$/, '/metrics');
    const { streets } = stack.sandbox.dataset;
    const destination = streets.find((s) => s.state === 'Kano' && s.code !== 'KN3A 7QP')!.code;
    query = goldenQuery(buildSchema(), destination, streets.find((s) => s.state === 'Lagos')!.code);
  });
  afterAll(() => stack.close());

  const scrape = async (): Promise<string> => {
    const response = await stack.http.get(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    return response.text;
  };

  it('counts upstream calls per service after the golden query, then cache hits once it is repeated', async () => {
    expect((await stack.query(query, { code: 'KN3A 7QP' })).errors).toBeUndefined();
    const first = await scrape();
    for (const service of SERVICE_NAMES)
      expect(sum(first, 'loccode_upstream_calls_total', { service, status: '200' })).toBeGreaterThan(0);
    expect(sum(first, 'loccode_upstream_cache_total', { result: 'hit' })).toBe(0);
    expect(sum(first, 'loccode_graphql_requests_total', { operation: 'Golden' })).toBe(1);
    expect(sum(first, 'loccode_graphql_request_duration_seconds_count', { operation: 'Golden' })).toBe(1);

    // A different document, so the whole-response cache does not answer it: the upstream cache does.
    const repeated = query.replace('query Golden(', 'query GoldenAgain(');
    expect((await stack.query(repeated, { code: 'KN3A 7QP' })).errors).toBeUndefined();
    const second = await scrape();
    const upstreamCalls = sum(second, 'loccode_upstream_calls_total');
    expect(upstreamCalls).toBe(sum(first, 'loccode_upstream_calls_total'));
    const hits = sum(second, 'loccode_upstream_cache_total', { result: 'hit' });
    const misses = sum(second, 'loccode_upstream_cache_total', { result: 'miss' });
    expect(hits / (hits + misses)).toBeGreaterThanOrEqual(0.5);
  });

  it("exposes prom-client's default metrics under their standard names, and ours under loccode_", async () => {
    const text = await scrape();
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(text).not.toContain('loccode_process_');
    expect(text).not.toContain('loccode_nodejs_');
  });

  it('counts errors by extensions.code and shows every circuit closed', async () => {
    const { errors } = await stack.query('query Broken { loccode(code: "KN3A-7QP") { code } }');
    expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const text = await scrape();
    expect(sum(text, 'loccode_graphql_errors_total', { operation: 'Broken', code: 'BAD_USER_INPUT' })).toBe(
      1,
    );
    for (const service of SERVICE_NAMES)
      expect(text).toContain(`loccode_upstream_circuit_state{service="${service}"} 0`);
  });
});
