import { failWithStatus } from '../support/sandbox';
import { useTestStack } from '../support/gateway';

/**
 * Error mapping (maps spec, Errors): a rate limit, a usage cap on the key, an
 * origin restriction and bad credentials are four outcomes for a client, with four codes;
 * only the rate limit is worth waiting for. Production defaults: retries on.
 */
describe('the maps service refusing the gateway key (production defaults)', () => {
  const stack = useTestStack({ CLIENT_POINTS_PER_MINUTE: '100000000' });
  const search = (text: string) => stack.query(`{ searchPlaces(query: "${text}") { nodes { name } } }`);
  const searches = () => stack.sandbox.controls.count({ service: 'maps', operation: 'search' });

  it.each([
    [429, 'quota_exceeded', 'UPSTREAM_QUOTA_EXCEEDED', /usage cap/],
    [403, 'restriction_violation', 'UPSTREAM_FORBIDDEN', /origin or bundle-ID restriction/],
    [401, 'invalid_api_key', 'UPSTREAM_UNAUTHORIZED', /credentials/],
  ])(
    '%i %s is %s, said once, never retried, with no retryAfterSeconds',
    async (status, code, ours, message) => {
      failWithStatus(stack.sandbox.controls, 'maps', 'search', { status, code });
      const { data, errors } = await search(`refused-${code}`);
      expect(data.searchPlaces).toBeNull();
      expect(errors).toHaveLength(1);
      expect(errors![0]!.extensions).toMatchObject({ code: ours, service: 'maps' });
      expect(errors![0]!.extensions!.retryAfterSeconds).toBeUndefined();
      expect(errors![0]!.message).toMatch(message);
      expect(searches()).toBe(1);
    },
  );

  it('404 NOT_FOUND on a search is no match: an empty list, no error', async () => {
    failWithStatus(stack.sandbox.controls, 'maps', 'search', { status: 404, code: 'NOT_FOUND' });
    const { data, errors } = await search('nothing-like-this');
    expect(errors).toBeUndefined();
    expect(data.searchPlaces).toMatchObject({ nodes: [] });
    expect(searches()).toBe(1);
  });

  // Last: its 30 s pause stays with the gateway's maps search pacing.
  it('429 rate_limited with Retry-After stays UPSTREAM_RATE_LIMITED with the wait', async () => {
    failWithStatus(stack.sandbox.controls, 'maps', 'search', {
      status: 429,
      code: 'rate_limited',
      retryAfterSeconds: 30,
    });
    const { errors } = await search('rate-limited');
    expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_RATE_LIMITED', retryAfterSeconds: 30 });
    // 30 s does not fit the 10 s request deadline: not retried either.
    expect(searches()).toBe(1);
  });
});
