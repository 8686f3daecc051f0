import { useTestStack } from '../support/gateway';

/**
 * The gateway stops calling an upstream that refuses it. Agriculture answers a bare 429 (its
 * spec documents no headers), even when its real limit is lower than the one configured;
 * maps search says Retry-After, and waiters that all wake at the same instant would be
 * refused again together. Both run
 * here with production discipline (pacing, cache, retries on) against a sandbox whose
 * limit is lower than the documented one the gateway paces by.
 */
const PRODUCTION_DISCIPLINE = {
  CLIENT_POINTS_PER_MINUTE: '100000000',
  UPSTREAM_CACHE: 'on',
  UPSTREAM_PACING: 'on',
};

describe('agriculture refusing at 8 a minute while the gateway is configured for 60', () => {
  const stack = useTestStack(PRODUCTION_DISCIPLINE);

  it('three rounds of 12 cold loccodes: 429s only from the calls already in flight, none after, and the real wait', async () => {
    stack.sandbox.controls.setRateLimit('agriculture', 'requests', {
      kind: 'window',
      limit: 8,
      windowMs: 60_000,
    });
    const codes = stack.sandbox.dataset.streets.slice(0, 36).map((street) => street.code);
    const climate = (code: string) => stack.query(`{ loccode(code: "${code}") { climate { state } } }`);
    const refusals = () => stack.sandbox.controls.count({ service: 'agriculture', outcome: 'rate-limited' });
    const calls = () => stack.sandbox.controls.count({ service: 'agriculture' });

    const first = await Promise.all(codes.slice(0, 12).map(climate));
    // The service took 8; only calls sent before its first 429 came back were refused
    // (at most the other 4 of the round; fewer when the gateway held some back in time).
    const sent = calls();
    expect(sent - refusals()).toBe(8);
    expect(refusals()).toBeGreaterThanOrEqual(1);
    expect(refusals()).toBeLessThanOrEqual(4);
    expect(first.filter((answer) => answer.errors === undefined)).toHaveLength(8);
    const refused = first.filter((answer) => answer.errors !== undefined);
    for (const answer of refused) {
      expect(answer.errors![0]!.extensions).toMatchObject({
        code: 'UPSTREAM_RATE_LIMITED',
        service: 'agriculture',
      });
      // The window the service counts holds those 8 calls for about a minute.
      expect(answer.errors![0]!.extensions!.retryAfterSeconds).toBeGreaterThanOrEqual(50);
      expect(answer.errors![0]!.extensions!.retryAfterSeconds).toBeLessThanOrEqual(61);
    }

    for (const round of [codes.slice(12, 24), codes.slice(24, 36)]) {
      const answers = await Promise.all(round.map(climate));
      for (const answer of answers) {
        expect(answer.errors![0]!.extensions).toMatchObject({
          code: 'UPSTREAM_RATE_LIMITED',
          service: 'agriculture',
        });
        expect(answer.errors![0]!.extensions!.retryAfterSeconds).toBeGreaterThanOrEqual(50);
      }
    }
    // Nothing more was sent: no 429 after the first round, and no retry of one.
    expect(calls()).toBe(sent);
  });
});

describe('maps search refusing past a burst of 5 at 2.5 a second, with Retry-After', () => {
  const stack = useTestStack(PRODUCTION_DISCIPLINE);

  it('10 clients searching for 4 s: at most 5 upstream 429s (the first wave), and searches keep being answered', async () => {
    stack.sandbox.controls.setRateLimit('maps', 'search', { kind: 'bucket', ratePerSecond: 2.5, burst: 5 });
    const refusals = () => stack.sandbox.controls.count({ service: 'maps', outcome: 'rate-limited' });
    const until = Date.now() + 4000;
    let sequence = 0;
    let answered = 0;
    const client = async () => {
      while (Date.now() < until) {
        // Distinct texts: no cache or shared flight spares a call.
        const { errors } = await stack.query(`{ searchPlaces(query: "a${(sequence += 1)}") { totalCount } }`);
        if (errors === undefined) answered += 1;
        else expect(errors[0]!.extensions!.code).toBe('UPSTREAM_RATE_LIMITED');
      }
    };
    await Promise.all(Array.from({ length: 10 }, client));
    expect(refusals()).toBeLessThanOrEqual(5);
    // 5 at once, then 2.5 a second: about 13 in 4 s; paced a little under that.
    expect(answered).toBeGreaterThanOrEqual(8);
  });
});
