import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isObjectType, Kind, type GraphQLSchema } from 'graphql';
import { request } from 'undici';
import { buildSchema } from '../src/graph/schema';
import { loccodeQuery } from './golden-query';
import { cpuSeconds, processTree, rssMiB } from './processes';
import { BenchSandbox, startGateway } from './stack';
import { median } from './stats';
import {
  APART,
  BARE,
  BARE_AUTO,
  NODE_FLOOR,
  peerTable,
  targetTable,
  waveTable,
  type PeerRow,
} from './peer-report';
import { startTailcall } from './tailcall';
import { startBareHttp, startNodeFloor, type Floor } from './floors';
import { canSetSandboxApart, withSandboxApart } from './pinning';
import { gatewayNode, runtimeLabel } from './runtime';
import { inferPeerTypes, PEER_CODE, PEER_FIELDS, tailcallQuery } from './tailcall-config';
import { pooledWaves, waveParts, type LoggedCall, type WaveParts } from './waves';

/**
 * `npm run bench` against Tailcall: both gateways over one sandbox,
 * the same nine upstream operations for one loccode, 10 connections, measured in turn
 * (ours, Tailcall, ours, ...) round after round; the table holds the medians of the rounds.
 * Every process is started once and kept for all rounds, so its RSS afterwards is reported.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** BENCH_PEER_SECONDS: length of each measured load; a warm-up of up to 2 s, not measured, precedes it. */
const SECONDS = Number(process.env.BENCH_PEER_SECONDS ?? 10);
const WARMUP_SECONDS = Math.min(2, SECONDS);
const CONNECTIONS = 10;
/** A realistic upstream latency, fixed so that p50s compare directly. */
const SLOW_UPSTREAM_MS = 80;

/** Rate limits the sandbox keeps per key (its README): lifted so that no round meets one. */
const UNLIMITED = { kind: 'bucket', ratePerSecond: 1e9, burst: 1e9 };
const LIMITS: Array<[service: string, dimension: string]> = [
  ['agriculture', 'requests'],
  ['healthcare', 'requests'],
  ['address', 'requests'],
  ['maps', 'loccode'],
];

const ACCESS_LOG_ROW = 'ours, production configuration, access log on (LOG_LEVEL=info, to a file)';
const NO_DEDUPE_ROW = 'ours, every cache off, QUERY_DEDUPE=off';

/**
 * Our configurations. Client budgets are lifted by startGateway (one load generator is not a
 * crowd of clients). With every cache off, pacing is off too: otherwise agriculture's 60 calls a
 * minute (spec, Limits) would set the pace, and Tailcall, which does not pace, is measured with the
 * sandbox's limits lifted.
 */
const OURS: Record<string, Record<string, string>> = {
  'ours, production configuration (response cache hits)': {},
  // Every other row logs warnings only; `npm start` writes an access-log line a request (LOG_LEVEL=info),
  // here to a file (startContenders names it).
  [ACCESS_LOG_ROW]: { LOG_LEVEL: 'info' },
  'ours, upstream cache warm, response cache off': { RESPONSE_CACHE: 'off' },
  'ours, every cache off': { RESPONSE_CACHE: 'off', UPSTREAM_CACHE: 'off', UPSTREAM_PACING: 'off' },
  // Identical queries in flight executing once is not a cache (nothing finished is kept) and is on
  // by default; this row shows what it is worth where it matters most.
  [NO_DEDUPE_ROW]: {
    RESPONSE_CACHE: 'off',
    UPSTREAM_CACHE: 'off',
    UPSTREAM_PACING: 'off',
    QUERY_DEDUPE: 'off',
  },
  // Item 5's setting; a gateway without it yet ignores the variable.
  'ours, production configuration, WORKERS=auto': { WORKERS: 'auto' },
  'ours, response cache off, WORKERS=auto': { RESPONSE_CACHE: 'off', WORKERS: 'auto' },
  'ours, every cache off, WORKERS=auto': {
    RESPONSE_CACHE: 'off',
    UPSTREAM_CACHE: 'off',
    UPSTREAM_PACING: 'off',
    WORKERS: 'auto',
  },
};
/**
 * Two configurations again on the Node running the bench, when ours run on another (the
 * image's, runtime.ts): what the runtime alone changes, and figures comparable with runs
 * made before the bench ran the gateway on the image's Node.
 */
const ON_BENCH_NODE = ['ours, production configuration (response cache hits)', 'ours, every cache off'];
/** The row of one of OURS run again on the bench's Node. */
const onBenchNode = (name: string) => `this machine's Node ${process.version}: ${name}`;
const TAILCALL_NO_CACHE = 'Tailcall 1.0, no cache';
const TAILCALL_CACHE = 'Tailcall 1.0, `@cache` on every upstream field';

/**
 * One measurement of a round, in the order they are taken: ours and Tailcall in turn where rows
 * pair up. `apart`: the sandbox on a core of its own, everything else on the others (pinning.ts).
 */
const ORDER: Array<{ contender: string; latencyMs: number; apart?: boolean }> = [
  { contender: 'ours, production configuration (response cache hits)', latencyMs: 0 },
  { contender: TAILCALL_CACHE, latencyMs: 0 },
  { contender: BARE, latencyMs: 0 },
  { contender: ACCESS_LOG_ROW, latencyMs: 0 },
  { contender: onBenchNode('ours, production configuration (response cache hits)'), latencyMs: 0 },
  { contender: 'ours, upstream cache warm, response cache off', latencyMs: 0 },
  { contender: TAILCALL_NO_CACHE, latencyMs: 0 },
  { contender: 'ours, every cache off', latencyMs: 0 },
  { contender: NODE_FLOOR, latencyMs: 0 },
  { contender: onBenchNode('ours, every cache off'), latencyMs: 0 },
  { contender: 'ours, production configuration, WORKERS=auto', latencyMs: 0 },
  { contender: BARE_AUTO, latencyMs: 0 },
  { contender: 'ours, response cache off, WORKERS=auto', latencyMs: 0 },
  { contender: 'ours, every cache off', latencyMs: SLOW_UPSTREAM_MS },
  { contender: TAILCALL_NO_CACHE, latencyMs: SLOW_UPSTREAM_MS },
  { contender: NODE_FLOOR, latencyMs: SLOW_UPSTREAM_MS },
  { contender: NO_DEDUPE_ROW, latencyMs: SLOW_UPSTREAM_MS },
  { contender: 'ours, every cache off, WORKERS=auto', latencyMs: SLOW_UPSTREAM_MS },
  // The 80 ms rows again where the sandbox's last answer waits for no one's CPU.
  { contender: 'ours, every cache off', latencyMs: SLOW_UPSTREAM_MS, apart: true },
  { contender: TAILCALL_NO_CACHE, latencyMs: SLOW_UPSTREAM_MS, apart: true },
  { contender: NODE_FLOOR, latencyMs: SLOW_UPSTREAM_MS, apart: true },
];

interface Contender {
  name: string;
  url: string;
  /** The POST body, query and variables. */
  body: string;
  pid: number;
  stop(): Promise<void>;
}

interface Sample {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers received. */
  requests: number;
  /** Requests sent: the answers, and those still in flight when the load stopped (their upstream calls count too). */
  sent: number;
  upstreamCalls: number;
  /** CPU seconds the contender's processes used during the measured load. */
  cpuSeconds: number;
  failures: number;
  firstFailure?: string;
  /** With upstream latency: how its waves divide between the sandbox and the gateway (waves.ts). */
  wave?: WaveParts | undefined;
}

/** Each peer field's `@cacheControl(maxAge)` in our schema, in ms: Tailcall keeps an answer as long as we do. */
function cacheMaxAgesMs(schema: GraphQLSchema): Record<string, number> {
  const loccode = schema.getType('Loccode');
  if (!isObjectType(loccode)) throw new Error('no Loccode type');
  const ages: Record<string, number> = {};
  for (const { field } of PEER_FIELDS) {
    const definition = loccode.getFields()[field]?.astNode;
    const directive = definition?.directives?.find((d) => d.name.value === 'cacheControl');
    const maxAge = directive?.arguments?.find((argument) => argument.name.value === 'maxAge')?.value;
    if (maxAge?.kind !== Kind.INT) throw new Error(`Loccode.${field} has no @cacheControl(maxAge)`);
    ages[field] = Number(maxAge.value) * 1000;
  }
  return ages;
}

async function upstreamCallsSoFar(sandbox: BenchSandbox): Promise<number> {
  const counts = (await sandbox.control('GET', '/counts')) as Record<string, number>;
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

async function answerText(contender: Contender): Promise<string> {
  const res = await request(contender.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: contender.body,
  });
  return res.body.text();
}

/** One answer, checked: 200, no `errors`; its size in bytes. */
async function check(contender: Contender): Promise<number> {
  const res = await request(contender.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: contender.body,
  });
  const text = await res.body.text();
  if (res.statusCode !== 200 || text.includes('"errors"'))
    throw new Error(`${contender.name} answered ${res.statusCode}: ${text.slice(0, 500)}`);
  return Buffer.byteLength(text);
}

/**
 * Load for `seconds`; every answer is checked (a round that measures errors is worthless):
 * not 200, an `errors` member or a body under half the checked answer's size counts as failed.
 */
async function load(contender: Contender, seconds: number, minimumBytes: number): Promise<Sample> {
  let failures = 0;
  let firstFailure: string | undefined;
  const result = await autocannon({
    url: contender.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: contender.body,
        onResponse: (status: number, body: string) => {
          if (status === 200 && body.length >= minimumBytes && !body.includes('"errors"')) return;
          failures += 1;
          firstFailure ??= `${status} ${body.slice(0, 300)}`;
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    sent: result.requests.sent,
    upstreamCalls: 0,
    cpuSeconds: 0,
    failures: failures + result.errors + result.timeouts,
    ...(firstFailure !== undefined && { firstFailure }),
  };
}

/** Long enough for the calls of requests in flight to reach the sandbox's log. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, SLOW_UPSTREAM_MS + 200));
}

async function measure(
  sandbox: BenchSandbox,
  contender: Contender,
  answerBytes: number,
  latencyMs: number,
): Promise<Sample> {
  const warmup = await load(contender, WARMUP_SECONDS, answerBytes / 2);
  // The warm-up's last requests make their calls before the count starts, not inside it.
  await settle();
  // With latency, the log then holds this load's calls alone, for its waves (counts start again too).
  if (latencyMs > 0) await sandbox.control('DELETE', '/requests');
  const before = await upstreamCallsSoFar(sandbox);
  const cpuBefore = cpuSeconds(contender.pid);
  const sample = await load(contender, SECONDS, answerBytes / 2);
  const cpu = cpuSeconds(contender.pid) - cpuBefore;
  // Calls of requests still in flight when the load stopped land in the log first.
  await settle();
  const calls = (await upstreamCallsSoFar(sandbox)) - before;
  const wave =
    latencyMs > 0
      ? waveParts(((await sandbox.control('GET', '/requests')) as { requests: LoggedCall[] }).requests)
      : undefined;
  return {
    ...sample,
    wave,
    upstreamCalls: calls,
    cpuSeconds: cpu,
    failures: sample.failures + warmup.failures,
    ...((sample.firstFailure ?? warmup.firstFailure) !== undefined && {
      firstFailure: sample.firstFailure ?? warmup.firstFailure,
    }),
  };
}

/** Every contender, into `contenders` as each starts (so a failure part way still stops the others). */
async function startContenders(
  sandbox: BenchSandbox,
  contenders: Map<string, Contender>,
  logDir: string,
): Promise<void> {
  const schema = buildSchema();
  const variables = { code: PEER_CODE };
  const oursBody = JSON.stringify({
    query: loccodeQuery(
      schema,
      'Peer',
      PEER_FIELDS.map((field) => field.ours),
    ),
    variables,
  });
  const types = await inferPeerTypes(sandbox.upstreamEnv);
  const tailcallBody = JSON.stringify({ query: tailcallQuery(types), variables });
  for (const [name, cacheMs] of [
    [TAILCALL_NO_CACHE, undefined],
    [TAILCALL_CACHE, cacheMaxAgesMs(schema)],
  ] as const) {
    const peer = await startTailcall(types, sandbox.upstreamEnv, cacheMs);
    contenders.set(name, { name, url: peer.graphqlUrl, body: tailcallBody, pid: peer.pid, stop: peer.stop });
  }
  const node = gatewayNode();
  const configurations = [
    ...Object.entries(OURS).map(([name, env]) => ({ name, env, node })),
    // Only when the gateway's Node is another than the bench's: otherwise they would repeat rows.
    ...(node === process.execPath
      ? []
      : ON_BENCH_NODE.map((name) => ({ name: onBenchNode(name), env: OURS[name]!, node: process.execPath }))),
  ];
  for (const { name, env, node } of configurations) {
    const logFile: Record<string, string> =
      env.LOG_LEVEL === 'info' ? { LOG_FILE: join(logDir, 'access.log') } : {};
    const gateway = await startGateway(sandbox, { ...env, ...logFile }, [], node);
    contenders.set(name, {
      name,
      url: gateway.graphqlUrl,
      body: oursBody,
      pid: gateway.process.child.pid!,
      stop: () => gateway.process.stop(),
    });
  }
}

export async function benchPeer(): Promise<boolean> {
  const sandbox = await BenchSandbox.start({ fixedMs: 0, jitterMs: 0 });
  const contenders = new Map<string, Contender>();
  const logDir = mkdtempSync(join(tmpdir(), 'bench-access-log-'));
  try {
    for (const [service, dimension] of LIMITS)
      await sandbox.control('PUT', '/rate-limits', { service, dimension, spec: UNLIMITED });
    await startContenders(sandbox, contenders, logDir);
    const production = contenders.get('ours, production configuration (response cache hits)')!;
    const answer = await answerText(production);
    const floor = (name: string, { url, pid, stop }: Floor) =>
      contenders.set(name, { name, url, body: production.body, pid, stop });
    floor(BARE, await startBareHttp(answer));
    floor(BARE_AUTO, await startBareHttp(answer, gatewayNode(), availableParallelism()));
    floor(NODE_FLOOR, await startNodeFloor(answer, sandbox.upstreamEnv));
    const answerBytes = new Map<string, number>();
    for (const contender of contenders.values()) answerBytes.set(contender.name, await check(contender));

    const apartPossible = canSetSandboxApart();
    if (!apartPossible)
      process.stderr.write(
        'one core or no taskset: the rows with the sandbox on a core of its own are left out\n',
      );
    const samples = new Map<string, { name: string; latencyMs: number; apart: boolean; runs: Sample[] }>();
    for (let round = 0; round < RUNS; round += 1) {
      for (const { contender: name, latencyMs, apart = false } of ORDER) {
        const contender = contenders.get(name);
        if (!contender || (apart && !apartPossible)) continue;
        await sandbox.control('PUT', '/latency', { service: 'all', fixedMs: latencyMs, jitterMs: 0 });
        const taken = () => measure(sandbox, contender, answerBytes.get(name)!, latencyMs);
        const sample = apart ? await withSandboxApart(sandbox.pid, contender.pid, taken) : await taken();
        const key = `${name}\n${latencyMs}\n${apart}`;
        const kept = samples.get(key) ?? { name, latencyMs, apart, runs: [] };
        kept.runs.push(sample);
        samples.set(key, kept);
      }
      process.stderr.write(`peer round ${round + 1} of ${RUNS} done\n`);
    }

    const rows: PeerRow[] = [...samples.values()].map(({ name, latencyMs, apart, runs }) => {
      const pids = processTree(contenders.get(name)!.pid);
      return {
        name: apart ? `${name}${APART}` : name,
        upstreamLatencyMs: latencyMs,
        requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
        p50Ms: median(runs.map((r) => r.p50Ms)),
        p99Ms: median(runs.map((r) => r.p99Ms)),
        callsPerRequest: median(runs.map((r) => r.upstreamCalls / Math.max(1, r.sent))),
        cpuMicrosPerRequest: median(runs.map((r) => (1e6 * r.cpuSeconds) / Math.max(1, r.requests))),
        answerBytes: answerBytes.get(name)!,
        rssMiB: pids.map((pid) => rssMiB(pid)),
        failures: runs.reduce((sum, r) => sum + r.failures, 0),
        firstFailure: runs.find((r) => r.firstFailure)?.firstFailure,
        wave: pooledWaves(runs.flatMap((r) => (r.wave ? [r.wave] : []))),
      };
    });
    console.log(
      `\n## Against Tailcall\n\nMedians of ${RUNS} round(s) of ${SECONDS} s each (after a ${WARMUP_SECONDS} s warm-up), ${CONNECTIONS} connections, one query for ${PEER_CODE} (nine upstream operations); ours and bare node:http on ${runtimeLabel()}, the sandbox and the load generator on Node ${process.version}; ${cpus().length} cores shared by the load generator, the sandbox and the gateway under load (except in the rows that say${APART.replace(',', '')}, placed with taskset); Tailcall with its default workers (one per core).\n`,
    );
    console.log(peerTable(rows));
    console.log(`\n${waveTable(rows, CONNECTIONS)}`);
    console.log(`\n${targetTable(rows)}`);
    const failed = rows.filter((row) => row.failures > 0);
    for (const row of failed)
      console.error(
        `FAILED ANSWERS: ${row.name} (${row.upstreamLatencyMs} ms): ${row.failures}, first: ${row.firstFailure}`,
      );
    return failed.length === 0;
  } finally {
    for (const contender of contenders.values()) await contender.stop();
    await sandbox.stop();
    rmSync(logDir, { recursive: true, force: true });
  }
}
