import { keyHash } from '../../src/server/access/callers';
import { SINGLE_REQUEST_DISCIPLINE, useTestStack } from '../support/gateway';

/**
 * A keyed answer is never `Cache-Control: public` with only `Vary: accept`: a shared cache or
 * CDN could then serve one client's answer to another.
 */
const KEY = 'lg_cache-headers-test-key-0001';

describe('cache headers of keyed and anonymous answers', () => {
  const stack = useTestStack({
    ...SINGLE_REQUEST_DISCIPLINE,
    GATEWAY_API_KEYS: `farm:${keyHash(KEY)}`,
    ALLOW_ANONYMOUS: 'true',
  });
  const get = (headers: Record<string, string> = {}) =>
    stack.http.get(
      `${stack.app.url}?query=${encodeURIComponent('{ loccode(code: "KN3A 7QP") { street { name } } }')}`,
      { 'apollo-require-preflight': 'true', ...headers },
    );

  it('marks a keyed answer private, whichever way the key is sent', async () => {
    const ways: Array<Record<string, string>> = [{ authorization: `Bearer ${KEY}` }, { 'x-api-key': KEY }];
    for (const headers of ways) {
      const response = await get(headers);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('max-age=43200, private');
    }
  });

  it('keeps an anonymous public answer public, and says the answer varies with the key', async () => {
    const response = await get();
    expect(response.headers['cache-control']).toBe('max-age=43200, public');
    // accept-encoding too: answers are compressed when the client asks (src/server/compression.ts).
    expect(response.headers.vary).toBe('accept, authorization, x-api-key, accept-encoding');
  });
});
