import { clientAddress, parseTrustProxy, type TrustProxy } from '../../src/server/access/client-address';
import { ConfigError, loadConfig } from '../../src/start/config';
import { SINGLE_REQUEST_DISCIPLINE, useTestStack } from '../support/gateway';

/*
 * Behind a load balancer the socket's peer is the balancer. TRUST_PROXY
 * (a hop count or CIDR ranges) says when X-Forwarded-For / Forwarded (RFC 7239) name the
 * client; anonymous budgets and the wrong-key throttle key on that address. The tests
 * connect from 127.0.0.1, which plays the proxy; each budget is 3 points a minute and the
 * climate query costs 1, so `X-RateLimit-Remaining` after one query says whether the
 * address was seen before (2: a new budget).
 */
const CLIMATE = '{ loccode(code: "KN3A 7QP") { climate { state } } }';
const SMALL_BUDGETS = {
  ...SINGLE_REQUEST_DISCIPLINE,
  CLIENT_POINTS_PER_MINUTE: '3',
  QUERY_MAX_COST: '3',
  FAILED_KEYS_PER_MINUTE: '2',
};

function trust(value: string): TrustProxy {
  const parsed = parseTrustProxy(value);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed;
}

function gatewayOf(stack: ReturnType<typeof useTestStack>) {
  return {
    /** One climate query as a client behind the proxy; the budget it leaves. */
    remainingAfterQuery: async (headers: Record<string, string>) => {
      const response = await stack.http.post(stack.app.url, { query: CLIMATE }, headers);
      expect(response.status).toBe(200);
      expect(response.json.data.loccode.climate.state).toBe('Kano');
      return Number(response.headers['x-ratelimit-remaining']);
    },
    status: async (headers: Record<string, string>) =>
      (await stack.http.post(stack.app.url, { query: CLIMATE }, headers)).status,
    mapAsset: (headers: Record<string, string>) =>
      stack.http.get(stack.app.url.replace(/\/graphql$/, '/maps/tiles.json'), headers),
  };
}

describe('without TRUST_PROXY the socket address is the client', () => {
  const stack = useTestStack(SMALL_BUDGETS);

  it('ignores a spoofed X-Forwarded-For or Forwarded: every request spends the one budget of 127.0.0.1', async () => {
    const gateway = gatewayOf(stack);
    expect(await gateway.remainingAfterQuery({ 'x-forwarded-for': '198.51.100.1' })).toBe(2);
    expect(await gateway.remainingAfterQuery({ forwarded: 'for=198.51.100.2' })).toBe(1);
    expect(await gateway.remainingAfterQuery({ 'x-forwarded-for': '198.51.100.3' })).toBe(0);
    expect(await gateway.status({ 'x-forwarded-for': '198.51.100.4' })).toBe(429);
  });
});

describe('TRUST_PROXY=1 (one load balancer in front)', () => {
  const stack = useTestStack({ ...SMALL_BUDGETS, TRUST_PROXY: '1' });

  it('gives two clients behind the one proxy a budget each', async () => {
    const gateway = gatewayOf(stack);
    const alice = { 'x-forwarded-for': '203.0.113.1' };
    const bob = { 'x-forwarded-for': '203.0.113.2' };
    expect(await gateway.remainingAfterQuery(alice)).toBe(2);
    expect(await gateway.remainingAfterQuery(alice)).toBe(1);
    expect(await gateway.remainingAfterQuery(alice)).toBe(0);
    expect(await gateway.status(alice)).toBe(429);
    expect(await gateway.remainingAfterQuery(bob)).toBe(2);
  });

  it('believes only the entry the proxy appended: addresses a client puts before it change nothing', async () => {
    const gateway = gatewayOf(stack);
    expect(await gateway.remainingAfterQuery({ 'x-forwarded-for': '203.0.113.10' })).toBe(2);
    expect(await gateway.remainingAfterQuery({ 'x-forwarded-for': '10.9.9.9, 203.0.113.10' })).toBe(1);
    expect(await gateway.remainingAfterQuery({ 'x-forwarded-for': 'nonsense,  203.0.113.10' })).toBe(0);
  });

  it('keys the wrong-key throttle on the client, not the proxy', async () => {
    const gateway = gatewayOf(stack);
    const guesser = { 'x-forwarded-for': '203.0.113.20', 'x-api-key': 'a-wrong-key' };
    expect(await gateway.status(guesser)).toBe(401);
    expect(await gateway.status(guesser)).toBe(401);
    expect(await gateway.status(guesser)).toBe(429);
    expect(await gateway.status({ 'x-forwarded-for': '203.0.113.21', 'x-api-key': 'a-wrong-key' })).toBe(401);
  });

  it('identifies /maps/* callers the same way', async () => {
    const gateway = gatewayOf(stack);
    const spent = { 'x-forwarded-for': '203.0.113.30' };
    for (let query = 0; query < 3; query += 1) await gateway.remainingAfterQuery(spent);
    const refused = await gateway.mapAsset(spent);
    expect(refused.status).toBe(429);
    expect(refused.json.errors[0].extensions.code).toBe('RATE_LIMITED');
    const fresh = await gateway.mapAsset({ 'x-forwarded-for': '203.0.113.31' });
    expect(fresh.status).toBe(200);
    expect(fresh.headers['x-ratelimit-remaining']).toBe('2');
  });

  it('never lets an unreadable header choose the address: it counts against the proxy that passed it on', async () => {
    const gateway = gatewayOf(stack);
    // The proxy's own budget (127.0.0.1), whatever the garbage says.
    expect(await gateway.remainingAfterQuery({ 'x-forwarded-for': 'not-an-address' })).toBe(2);
    expect(await gateway.remainingAfterQuery({ forwarded: 'for="[2001:db8::1' })).toBe(1);
    expect(await gateway.remainingAfterQuery({ 'x-forwarded-for': '' })).toBe(0);
    expect(await gateway.status({ forwarded: 'for=unknown' })).toBe(429);
  });
});

describe('TRUST_PROXY as CIDR ranges (127.0.0.1/32,10.0.0.0/8)', () => {
  const stack = useTestStack({ ...SMALL_BUDGETS, TRUST_PROXY: '127.0.0.1/32, 10.0.0.0/8' });

  it('skips every trusted proxy from the right; the first untrusted address is the client', async () => {
    const gateway = gatewayOf(stack);
    expect(await gateway.remainingAfterQuery({ 'x-forwarded-for': '203.0.113.40, 10.1.2.3, 10.4.5.6' })).toBe(
      2,
    );
    expect(await gateway.remainingAfterQuery({ 'x-forwarded-for': '203.0.113.40' })).toBe(1);
    // A forged entry left of an untrusted one is never reached.
    expect(await gateway.remainingAfterQuery({ 'x-forwarded-for': '10.0.0.1, 203.0.113.40, 10.0.0.2' })).toBe(
      0,
    );
  });

  it('reads RFC 7239 Forwarded, quoted IPv6 with a port included, one budget per address however it is spelt', async () => {
    const gateway = gatewayOf(stack);
    expect(
      await gateway.remainingAfterQuery({
        forwarded: 'for="[2001:db8:cafe::17]:4711";proto=https, for=10.0.0.7;by=10.0.0.1',
      }),
    ).toBe(2);
    expect(await gateway.remainingAfterQuery({ forwarded: 'For="[2001:DB8:CAFE:0:0::17]"' })).toBe(1);
    expect(await gateway.remainingAfterQuery({ 'x-forwarded-for': '2001:db8:cafe::17' })).toBe(0);
    expect(await gateway.remainingAfterQuery({ forwarded: 'for="192.0.2.60:8080"' })).toBe(2);
  });
});

describe('TRUST_PROXY ranges that do not hold the peer', () => {
  const stack = useTestStack({ ...SMALL_BUDGETS, TRUST_PROXY: '10.0.0.0/8,fd00::/8' });

  it('ignores the headers of a peer that is not a trusted proxy', async () => {
    const gateway = gatewayOf(stack);
    expect(await gateway.remainingAfterQuery({ 'x-forwarded-for': '198.51.100.50' })).toBe(2);
    expect(await gateway.remainingAfterQuery({ 'x-forwarded-for': '198.51.100.51' })).toBe(1);
  });
});

describe('the forwarding chain, walked from the right', () => {
  const peer = '10.0.0.2';
  const cases: Array<[string, Record<string, string>, string, string]> = [
    ['hop count 2: two proxies', { 'x-forwarded-for': '1.1.1.1, 2.2.2.2, 3.3.3.3' }, '2', '2.2.2.2'],
    ['hop count beyond the chain: its leftmost entry', { 'x-forwarded-for': '3.3.3.3' }, '5', '3.3.3.3'],
    ['one hop: the rightmost of several entries', { 'x-forwarded-for': '1.1.1.1, 2.2.2.2' }, '1', '2.2.2.2'],
    ['an IPv4 entry with a port', { 'x-forwarded-for': '192.0.2.9:51234' }, '1', '192.0.2.9'],
    ['IPv4-mapped IPv6 spelt as IPv4', { 'x-forwarded-for': '::ffff:192.0.2.9' }, '1', '192.0.2.9'],
    [
      'both headers agreeing',
      { 'x-forwarded-for': '192.0.2.1', forwarded: 'for=192.0.2.1' },
      '1',
      '192.0.2.1',
    ],
    // A proxy writes one of them; the other may be the client's own: neither is believed.
    ['both headers disagreeing', { 'x-forwarded-for': '192.0.2.1', forwarded: 'for=192.0.2.2' }, '1', peer],
    ['an element with two for=', { forwarded: 'for=192.0.2.1;for=192.0.2.2' }, '1', peer],
    ['an obfuscated identifier', { forwarded: 'for=_hidden' }, '1', peer],
    ['an unquoted IPv6 (the grammar wants quotes)', { forwarded: 'for=[2001:db8::1]' }, '1', peer],
    ['a quote left open swallowing the last element', { forwarded: 'for="x, for=192.0.2.3' }, '1', peer],
    ['an unreadable entry left of the client', { 'x-forwarded-for': 'junk, 192.0.2.4' }, '1', '192.0.2.4'],
    ['ranges: the peer untrusted', { 'x-forwarded-for': '192.0.2.5' }, '127.0.0.0/8', peer],
    ['ranges: by name', { 'x-forwarded-for': '192.0.2.6, 172.20.0.3' }, 'uniquelocal', '192.0.2.6'],
    ['ranges: all trusted, the leftmost', { 'x-forwarded-for': '10.0.0.9' }, '10.0.0.0/8', '10.0.0.9'],
  ];

  it.each(cases)('%s', (_name, headers, rule, expected) => {
    expect(clientAddress(peer, headers, trust(rule))).toBe(expected);
  });

  it('without a rule, the peer as it is', () => {
    expect(clientAddress('::ffff:127.0.0.1', { 'x-forwarded-for': '1.1.1.1' }, undefined)).toBe('127.0.0.1');
    expect(clientAddress(undefined, { 'x-forwarded-for': '1.1.1.1' }, trust('1'))).toBe('');
  });
});

describe('an invalid TRUST_PROXY', () => {
  it.each(['0', '1.5', '10.0.0.0/33', '10.0.0.0/8,', 'example.com', '10.0.0.0/8/8', 'fd00::/129'])(
    '"%s" stops start-up naming the variable',
    (value) => {
      let problems: string[] = [];
      try {
        loadConfig({ TRUST_PROXY: value });
      } catch (error) {
        problems = (error as ConfigError).problems;
      }
      expect(problems).toEqual([expect.stringMatching(/^TRUST_PROXY .*(hop count|CIDR)/)]);
    },
  );

  it('accepts a hop count, IPv4 and IPv6 ranges, bare addresses and range names', () => {
    const config = loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1, ::1, fd00::/8, loopback' });
    expect(config.access.trustProxy?.kind).toBe('ranges');
    expect(loadConfig({ TRUST_PROXY: '2' }).access.trustProxy).toEqual({ kind: 'hops', hops: 2 });
    expect(loadConfig({}).access.trustProxy).toBeUndefined();
  });
});
