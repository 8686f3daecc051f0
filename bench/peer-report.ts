import { round } from './stats';
import { mostWaves, type WaveParts } from './waves';

/** One gateway configuration at one upstream latency: medians over the rounds. */
export interface PeerRow {
  name: string;
  upstreamLatencyMs: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Upstream calls the sandbox received for the measured load, per request sent. */
  callsPerRequest: number;
  /** CPU time of the contender's processes during the measured load, per answer, in µs. */
  cpuMicrosPerRequest: number;
  answerBytes: number;
  /** After every round, per process (a cluster's primary first). */
  rssMiB: number[];
  failures: number;
  firstFailure?: string | undefined;
  /** With upstream latency: its waves as the sandbox saw them, pooled over the rounds (waves.ts). */
  wave?: WaveParts | undefined;
}

const RSS_TARGET_MIB = 300;
/** The bare floor (peer.ts): node:http sending our production answer's bytes, nothing else. */
export const BARE = 'bare node:http, the same bytes as our production answer';
/**
 * Item 5's floor: the same server as BARE on every core (node:cluster, as WORKERS=auto), so
 * that what a second process brings ours reads beside what it brings Node itself here.
 */
export const BARE_AUTO = 'bare node:http, the same bytes, one process per core (node:cluster)';
/**
 * Item 6's floor (peer.ts): a Node process that makes the nine upstream calls once for the
 * requests waiting on them, parses the answers, and sends our production answer's bytes (floors.ts).
 */
export const NODE_FLOOR = 'Node floor: node:http and undici, the nine calls, the same bytes';
/** What a row measured with the sandbox on a core of its own (pinning.ts) adds to its contender's name. */
export const APART = ', the sandbox on a core of its own';

export function peerTable(rows: PeerRow[]): string {
  return [
    '| gateway, configuration | upstream latency ms | req/s | p50 ms | p99 ms | CPU µs / request | upstream calls / request | answer bytes | RSS MiB after the rounds (each process) | failed answers |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.upstreamLatencyMs} | ${round(r.requestsPerSecond, 0)} | ${round(r.p50Ms)} | ${round(r.p99Ms)} | ${round(r.cpuMicrosPerRequest, 0)} | ${round(r.callsPerRequest, 3)} | ${r.answerBytes} | ${r.rssMiB.map((mib) => round(mib, 0)).join(', ')} | ${r.failures} |`,
    ),
  ].join('\n');
}

/** `operation (97 %)`: the operation in most of `waves`, or a dash without any. */
function mostOf(counts: Record<string, number>, waves: number): string {
  const most = mostWaves(counts, waves);
  return most ? `${most.operation} (${round(100 * most.share, 0)} %)` : '–';
}

/**
 * The rows with upstream latency, their waves divided at the sandbox's last answer: what the
 * upstream took (with the order the calls came in) and what the gateway and the load generator
 * took between that answer and the next wave's first call. `connections` / wave is the rate.
 */
export function waveTable(rows: PeerRow[], connections: number): string {
  const waved = rows.filter((r) => r.wave);
  return [
    `Where each wave went, as the sandbox saw it: means over every measured wave of the rounds; ${connections} connections / the wave is the rate.`,
    '',
    '| gateway, configuration | upstream latency ms | wave ms | the sandbox: first call in to last answer out, ms | the gateway and the load generator: last answer out to the next first call in, ms | waves | connections / wave, req/s | first call in (share of waves) | last answer out (share of waves) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...waved.map(({ name, upstreamLatencyMs, wave }) => {
      const { waveMs, upstreamMs, gatewayMs, waves, firstCall, lastAnswer } = wave!;
      return `| ${name} | ${upstreamLatencyMs} | ${round(waveMs, 2)} | ${round(upstreamMs, 2)} | ${round(gatewayMs, 2)} | ${waves} | ${round((1000 * connections) / waveMs, 1)} | ${mostOf(firstCall, waves)} | ${mostOf(lastAnswer, waves)} |`;
    }),
  ].join('\n');
}

interface Target {
  target: string;
  ours: number;
  peer: number;
  /** ours / peer, or ours − peer for a latency allowance. */
  compare: 'ratio' | 'difference';
  goal: string;
  /** Absent for a figure shown beside the targets, not one of them. */
  met?: (value: number) => boolean;
}

/** Each target of the peer comparison with our figure, the peer's, and whether it is met. */
function targets(rows: PeerRow[]): Target[] {
  // A row named exactly so, else the first whose name begins so (other rows extend these names).
  const row = (prefix: string, latencyMs = 0) => {
    const at = rows.filter((r) => r.upstreamLatencyMs === latencyMs);
    return at.find((r) => r.name === prefix) ?? at.find((r) => r.name.startsWith(prefix));
  };
  const production = row('ours, production configuration (');
  const responseCacheOff = row('ours, upstream cache warm');
  const everyCacheOff = row('ours, every cache off');
  const slowOurs = row('ours, every cache off', 80);
  const cached = row('Tailcall 1.0, `@cache`');
  const uncached = row('Tailcall 1.0, no cache');
  const slowPeer = row('Tailcall 1.0, no cache', 80);
  const out: Target[] = [];
  const add = (
    ours: PeerRow | undefined,
    peer: PeerRow | undefined,
    make: (o: PeerRow, p: PeerRow) => Target,
  ) => {
    if (ours && peer) out.push(make(ours, peer));
  };
  const atLeast = (factor: number) => ({ goal: `≥ ${round(factor, 2)}`, met: (v: number) => v >= factor });
  add(production, cached, (o, p) => ({
    target: 'production (WORKERS=1) req/s against Tailcall `@cache`',
    ours: o.requestsPerSecond,
    peer: p.requestsPerSecond,
    compare: 'ratio',
    ...atLeast(1.5),
  }));
  add(production, cached, (o, p) => ({
    target: 'production (WORKERS=1) p99 against Tailcall `@cache`',
    ours: o.p99Ms,
    peer: p.p99Ms,
    compare: 'ratio',
    goal: '≤ 1',
    met: (v) => v <= 1,
  }));
  // Item 3's "costs": CPU per answer. Req/s would flatter neither side: at the bare server's
  // rate the load generator, on the same cores, is what runs short.
  const bare = row(BARE);
  add(production, bare, (o, p) => ({
    target:
      'production (a response-cache hit): CPU µs per request against bare node:http sending the same bytes (within 3×)',
    ours: o.cpuMicrosPerRequest,
    peer: p.cpuMicrosPerRequest,
    compare: 'ratio',
    goal: '≤ 3',
    met: (v) => v <= 3,
  }));
  add(responseCacheOff, cached, (o, p) => ({
    target: 'response cache off (WORKERS=1) req/s against Tailcall `@cache`',
    ours: o.requestsPerSecond,
    peer: p.requestsPerSecond,
    compare: 'ratio',
    ...atLeast(0.5),
  }));
  add(everyCacheOff, uncached, (o, p) => ({
    target: 'every cache off (WORKERS=1) req/s against Tailcall without cache',
    ours: o.requestsPerSecond,
    peer: p.requestsPerSecond,
    compare: 'ratio',
    ...atLeast(0.5),
  }));
  add(slowOurs, slowPeer, (o, p) => ({
    target: '80 ms upstream, every cache off: req/s against Tailcall without cache',
    ours: o.requestsPerSecond,
    peer: p.requestsPerSecond,
    compare: 'ratio',
    ...atLeast(1),
  }));
  add(slowOurs, slowPeer, (o, p) => ({
    target: '80 ms upstream, every cache off: p50 ms minus Tailcall’s',
    ours: o.p50Ms,
    peer: p.p50Ms,
    compare: 'difference',
    goal: '≤ 10 ms',
    met: (v) => v <= 10,
  }));
  // What Node itself reaches at 80 ms, making the same calls and doing nothing else (peer.ts, NODE_FLOOR).
  const slowFloor = row(NODE_FLOOR, 80);
  for (const [contender, label] of [
    [slowOurs, 'ours, every cache off'],
    [slowPeer, 'Tailcall without cache'],
  ] as const)
    add(contender, slowFloor, (o, p) => ({
      target: `80 ms upstream: ${label}, req/s against the Node floor (the nine calls and the same bytes, nothing else)`,
      ours: o.requestsPerSecond,
      peer: p.requestsPerSecond,
      compare: 'ratio',
      goal: 'shown, not a target',
    }));
  // The same three with the sandbox on a core of its own (peer.ts, APART): the wave without its last answer waiting for a core.
  const apart = (name: string) =>
    rows.find((r) => r.upstreamLatencyMs === 80 && r.name === `${name}${APART}`);
  const apartPeer = apart('Tailcall 1.0, no cache');
  for (const [contender, label] of [
    [apart('ours, every cache off'), 'ours, every cache off'],
    [apart(NODE_FLOOR), 'the Node floor'],
  ] as const)
    add(contender, apartPeer, (o, p) => ({
      target: `80 ms upstream, the sandbox on a core of its own: ${label}, req/s against Tailcall without cache`,
      ours: o.requestsPerSecond,
      peer: p.requestsPerSecond,
      compare: 'ratio',
      goal: 'shown, not a target',
    }));
  // Tailcall runs a worker per core: the same figures with ours on every core too.
  const slowAuto = row('ours, every cache off, WORKERS=auto', 80);
  add(slowAuto, slowPeer, (o, p) => ({
    target: '80 ms upstream, every cache off, WORKERS=auto: req/s against Tailcall without cache',
    ours: o.requestsPerSecond,
    peer: p.requestsPerSecond,
    compare: 'ratio',
    ...atLeast(1),
  }));
  add(slowAuto, slowPeer, (o, p) => ({
    target: '80 ms upstream, every cache off, WORKERS=auto: p50 ms minus Tailcall’s',
    ours: o.p50Ms,
    peer: p.p50Ms,
    compare: 'difference',
    goal: '≤ 10 ms',
    met: (v) => v <= 10,
  }));
  for (const [ours, peer, label] of [
    [production, cached, 'production against Tailcall `@cache`'],
    [responseCacheOff, cached, 'response cache off against Tailcall `@cache`'],
    [everyCacheOff, uncached, 'every cache off against Tailcall without cache'],
    [slowOurs, slowPeer, '80 ms upstream, every cache off against Tailcall without cache'],
  ] as const) {
    add(ours, peer, (o, p) => ({
      target: `upstream calls / request, ${label}`,
      ours: o.callsPerRequest,
      peer: p.callsPerRequest,
      compare: 'difference',
      goal: '≤ 0',
      met: (v) => v <= 0,
    }));
  }
  for (const [auto, one, label] of [
    [row('ours, production configuration, WORKERS=auto'), production, 'production'],
    [row('ours, response cache off, WORKERS=auto'), responseCacheOff, 'response cache off'],
    [row('ours, every cache off, WORKERS=auto', 80), slowOurs, '80 ms upstream, every cache off'],
  ] as const) {
    add(auto, one, (o, p) => ({
      target: `WORKERS=auto against WORKERS=1 req/s, ${label}`,
      ours: o.requestsPerSecond,
      peer: p.requestsPerSecond,
      compare: 'ratio',
      goal: '> 1',
      met: (v) => v > 1,
    }));
  }
  // What a process per core brings Node itself on this machine, the load generator on the same cores.
  add(row(BARE_AUTO), bare, (o, p) => ({
    target: 'bare node:http, one process per core against one, req/s (what this machine can show)',
    ours: o.requestsPerSecond,
    peer: p.requestsPerSecond,
    compare: 'ratio',
    goal: 'shown, not a target',
  }));
  return out;
}

export function targetTable(rows: PeerRow[]): string {
  const lines = targets(rows).map((t) => {
    const value = t.compare === 'ratio' ? t.ours / t.peer : t.ours - t.peer;
    const shown = t.compare === 'ratio' ? `${round(value, 2)}×` : String(round(value, 3));
    const met = t.met ? (t.met(value) ? 'yes' : 'no') : '';
    return `| ${t.target} | ${round(t.ours, 3)} | ${round(t.peer, 3)} | ${shown} | ${t.goal} | ${met} |`;
  });
  const ours = rows.filter((r) => r.name.startsWith('ours'));
  const largest = Math.max(...ours.flatMap((r) => r.rssMiB));
  lines.push(
    `| RSS of each of our processes after the bench, MiB (largest) | ${round(largest, 0)} | | | < ${RSS_TARGET_MIB} | ${largest < RSS_TARGET_MIB ? 'yes' : 'no'} |`,
  );
  return [
    '| target | ours | compared with | ours / it (or ours − it) | goal | met |',
    '|---|---|---|---|---|---|',
    ...lines,
  ].join('\n');
}
