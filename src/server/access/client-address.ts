import type { IncomingHttpHeaders } from 'node:http';
import { BlockList, isIP } from 'node:net';

/**
 * `TRUST_PROXY`: which proxies in front of the gateway are believed when they
 * say who the client is. `hops`: that many proxies, the socket's peer first, whatever their
 * addresses. `ranges`: any peer whose address is in one of the ranges.
 */
export type TrustProxy = { kind: 'hops'; hops: number } | { kind: 'ranges'; ranges: BlockList };

/** More proxies than any deployment stacks: a larger count is a typo, and no walk goes further. */
const MAX_HOPS = 100;

/** Express's names for the ranges a deployment's own network usually sits in. */
const NAMED_RANGES: Record<string, Array<[string, number]>> = {
  loopback: [
    ['127.0.0.0', 8],
    ['::1', 128],
  ],
  linklocal: [
    ['169.254.0.0', 16],
    ['fe80::', 10],
  ],
  uniquelocal: [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['fc00::', 7],
  ],
};

/** A hop count, or comma-separated addresses, CIDR ranges and range names; a problem says what is wrong. */
export function parseTrustProxy(raw: string): TrustProxy | { problem: string } {
  const text = raw.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops >= 1 && hops <= MAX_HOPS) return { kind: 'hops', hops };
    return {
      problem: `must be a hop count from 1 to ${MAX_HOPS}, got "${text}"; leave it unset to trust no proxy.`,
    };
  }
  const ranges = new BlockList();
  for (const entry of text.split(',').map((part) => part.trim())) {
    const named = NAMED_RANGES[entry.toLowerCase()];
    const subnets = named ?? [subnet(entry)];
    if (subnets.some((range) => range === undefined))
      return {
        problem: `entry "${entry}" is not an address or CIDR range; give a hop count (e.g. 1) or comma-separated ranges such as 10.0.0.0/8,127.0.0.1/32,fd00::/8 (or loopback, linklocal, uniquelocal).`,
      };
    for (const [address, prefix] of subnets as Array<[string, number]>)
      ranges.addSubnet(address, prefix, isIP(address) === 4 ? 'ipv4' : 'ipv6');
  }
  return { kind: 'ranges', ranges };
}

/** `10.0.0.0/8`, `fd00::/8`, or a bare address (the range of that one address). */
function subnet(entry: string): [string, number] | undefined {
  const [address = '', prefixText, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return undefined;
  const bits = family === 4 ? 32 : 128;
  if (prefixText === undefined) return [address, bits];
  const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  return prefix <= bits ? [address, prefix] : undefined;
}

/**
 * The address a request comes from, for anonymous budgets and the wrong-key throttle.
 * Without `TRUST_PROXY` it is the socket's peer and forwarding headers are ignored, since
 * any client can send them. With it, the chain (`X-Forwarded-For` or RFC 7239 `Forwarded`
 * entries, then the peer) is walked from the right: each trusted proxy hands over to the
 * address it says it received from, and the first address not trusted is the client. An
 * entry that cannot be read ends the walk at the proxy that passed it on, so a malformed
 * header never names an address the trust rule would not have believed.
 */
export function clientAddress(
  peer: string | undefined,
  headers: IncomingHttpHeaders,
  trust: TrustProxy | undefined,
): string {
  let client = canonical(peer ?? '');
  if (trust === undefined || client === '') return client;
  const chain = forwardedChain(headers);
  for (let hop = 0; hop < Math.min(chain.length, MAX_HOPS) && trusts(trust, client, hop); hop += 1) {
    const next = chain[hop];
    if (next === null || next === undefined) break;
    client = next;
  }
  return client;
}

function trusts(trust: TrustProxy, address: string, hop: number): boolean {
  if (trust.kind === 'hops') return hop < trust.hops;
  try {
    return trust.ranges.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
}

/**
 * The addresses the forwarding headers name, nearest first; `null` for an entry that cannot
 * be read. Proxies write one header or the other; a client behind them can send the one
 * they do not write. So when both are present, an entry is believed only where the two
 * agree, and the first disagreement counts as unreadable.
 */
function forwardedChain(headers: IncomingHttpHeaders): Array<string | null> {
  const xff = headerText(headers['x-forwarded-for']);
  const forwarded = headerText(headers.forwarded);
  const fromXff = xff === undefined ? undefined : xff.split(',').map((entry) => node(entry.trim()));
  const fromForwarded = forwarded === undefined ? undefined : forwardedFor(forwarded);
  const nearestFirst = (entries: Array<string | null>) => [...entries].reverse();
  if (fromForwarded === undefined) return fromXff ? nearestFirst(fromXff) : [];
  if (fromXff === undefined) return nearestFirst(fromForwarded);
  const [a, b] = [nearestFirst(fromXff), nearestFirst(fromForwarded)];
  const agreed: Array<string | null> = [];
  for (let hop = 0; hop < Math.max(a.length, b.length); hop += 1) {
    if (a[hop] === null || a[hop] !== b[hop]) return [...agreed, null];
    agreed.push(a[hop]!);
  }
  return agreed;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** RFC 7239 section 4: a `token=value` pair, the value a token or a quoted string. */
const FORWARDED_PAIR = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)=([!#$%&'*+.^_`|~0-9A-Za-z-]+|"(?:[^"\\]|\\.)*")\s*/;

/**
 * The `for=` of each element of a `Forwarded` header, left to right; `null` for an element
 * without exactly one. Pairs are separated by `;`, elements by `,`. A header that breaks the
 * grammar is unreadable as a whole: an unclosed quote could swallow the elements a proxy
 * appended after it.
 */
function forwardedFor(header: string): Array<string | null> {
  const elements: Array<string | null> = [];
  let found: Array<string | null> = [];
  let rest = header;
  for (;;) {
    rest = rest.trimStart();
    const pair = FORWARDED_PAIR.exec(rest);
    if (pair) {
      const [whole, name, value] = pair as unknown as [string, string, string];
      if (name.toLowerCase() === 'for')
        found.push(node(value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value));
      rest = rest.slice(whole.length);
    }
    if (rest === '' || rest.startsWith(',')) {
      elements.push(found.length === 1 ? found[0]! : null);
      found = [];
      if (rest === '') return elements;
    } else if (!rest.startsWith(';')) return [null];
    rest = rest.slice(1);
  }
}

/**
 * RFC 7239 section 6 node: an IPv4 address, or an IPv6 one in brackets, with an optional
 * port (also seen in `X-Forwarded-For`); `unknown` and obfuscated names identify nobody.
 */
function node(text: string): string | null {
  if (isIP(text) !== 0) return canonical(text);
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|(\d{1,3}(?:\.\d{1,3}){3}))(?::(?:\d{1,5}|_[\w.-]+))?$/.exec(text);
  const address = match?.[1] ?? match?.[2];
  return address !== undefined && isIP(address) !== 0 ? canonical(address) : null;
}

/** One spelling per address: IPv4-mapped IPv6 as IPv4, IPv6 compressed and in lower case. */
function canonical(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  if (mapped !== undefined && isIP(mapped) === 4) return mapped;
  if (isIP(address) !== 6) return address;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address.toLowerCase();
  }
}
