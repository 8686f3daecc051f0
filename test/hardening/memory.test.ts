import { useTestStack } from '../support/gateway';

/**
 * Distinct queries must not grow the process without end: Apollo's caches count JSON length,
 * not memory, so every cache is bounded by
 * entries and estimated bytes, and reports both in /metrics. (`npm run bench:memory`
 * measures the process; this checks the bounds through HTTP.)
 */
describe('400 distinct documents with DOCUMENT_CACHE_MB=1 and RESPONSE_CACHE_MB=1', () => {
  const stack = useTestStack({
    CLIENT_POINTS_PER_MINUTE: '100000000',
    UPSTREAM_PACING: 'off',
    DOCUMENT_CACHE_MB: '1',
    RESPONSE_CACHE_MB: '1',
  });

  it('keeps each cache under its bound, and says so in /metrics', async () => {
    const codes = stack.sandbox.dataset.streets.map((street) => street.code);
    let sent = 0;
    const client = async () => {
      while (sent < 400) {
        const n = (sent += 1);
        const { status } = await stack.query(
          `query Q${n}($code: String!) { a${n}: loccode(code: $code) { code climate { state } } }`,
          { code: codes[n % codes.length] },
        );
        expect(status).toBe(200);
      }
    };
    await Promise.all(Array.from({ length: 10 }, client));
    const metrics = (await stack.http.get(stack.app.url.replace(/\/graphql$/, '/metrics'))).text;
    const gauge = (name: string, cache: string) =>
      Number(new RegExp(`^${name}\\{cache="${cache}"\\} (\\d+)`, 'm').exec(metrics)?.[1] ?? NaN);
    // About 80 bytes a character: 400 documents of ~70 characters would take over 2 MB; the bound holds 1.
    expect(gauge('loccode_cache_bytes', 'documents')).toBeGreaterThan(900_000);
    expect(gauge('loccode_cache_bytes', 'documents')).toBeLessThanOrEqual(1024 * 1024);
    expect(gauge('loccode_cache_entries', 'documents')).toBeLessThan(250);
    expect(gauge('loccode_cache_entries', 'responses')).toBeGreaterThan(0);
    expect(gauge('loccode_cache_bytes', 'responses')).toBeLessThanOrEqual(1024 * 1024);
    expect(gauge('loccode_cache_entries', 'upstream')).toBeGreaterThan(0);
  }, 60_000);
});
