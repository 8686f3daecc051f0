import { Pool } from 'undici';
import { loadDataset } from '../src/sandbox/dataset';
import type { Started } from './processes';
import { startRedis } from './redis';
import { BenchSandbox, startGateway, type Latency } from './stack';
import { median, percentile, round } from './stats';
import { runtimeLabel } from './runtime';

/**
 * `npm run bench -- --replicas 3`: one sandbox, one real Redis, and first
 * one gateway, then N, each phase on fresh processes. The load generator sends round robin
 * over the replicas (there is no balancer here): a cold round, where every distinct query is
 * asked once of each of N replicas at about the same time, then warm load for a while. Both
 * phases send the same requests, so upstream calls per request compare directly: shared cache
 * and single flight keep them equal however many replicas there are.
 */
const CODES = Number(process.env.BENCH_REPLICAS_CODES ?? 30);
const WARM_SECONDS = Number(process.env.BENCH_REPLICAS_WARM_SECONDS ?? 10);
const CONNECTIONS = 12;
const LATENCY: Latency = { fixedMs: 80, jitterMs: 20 };
// Three services a request; 30 distinct codes stay under agriculture's 60 calls a minute.
const QUERY = `query($code: String!) { loccode(code: $code) { climate { state } facilities(level: PRIMARY) { count } address { streetName } } }`;

interface Outcome {
  ms: number;
  failed: boolean;
}

interface Row {
  replicas: number;
  phase: 'cold' | 'warm';
  requests: number;
  failed: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  upstreamCalls: number;
  upstream429s: number;
}

/** `--replicas N` on the command line, if given. */
export function replicasArgument(argv: readonly string[]): number | undefined {
  const at = argv.indexOf('--replicas');
  if (at === -1) return undefined;
  const count = Number(argv[at + 1]);
  if (!Number.isInteger(count) || count < 1 || count > 8)
    throw new Error(`--replicas takes a whole number from 1 to 8, got "${argv[at + 1] ?? ''}".`);
  return count;
}

async function send(pool: Pool, path: string, code: string): Promise<Outcome> {
  const started = performance.now();
  try {
    const res = await pool.request({
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: QUERY, variables: { code } }),
    });
    const body = (await res.body.json()) as { errors?: unknown };
    return { ms: performance.now() - started, failed: res.statusCode !== 200 || body.errors !== undefined };
  } catch {
    return { ms: performance.now() - started, failed: true };
  }
}

/**
 * Request `i` asks for code `i / replicas` of replica `i % replicas`, so each code reaches
 * every replica in turn; `CONNECTIONS` at a time, until `amount` requests or `until`.
 */
async function load(
  urls: string[],
  repeats: number,
  codes: string[],
  stop: { amount: number } | { until: number },
): Promise<{ outcomes: Outcome[]; seconds: number }> {
  const pools = urls.map((url) => new Pool(new URL(url).origin, { connections: CONNECTIONS }));
  const path = new URL(urls[0]!).pathname;
  const outcomes: Outcome[] = [];
  let next = 0;
  const more = () => ('amount' in stop ? next < stop.amount : performance.now() < stop.until);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (more()) {
        const index = next++;
        const code = codes[Math.floor(index / repeats) % codes.length]!;
        outcomes.push(await send(pools[index % pools.length]!, path, code));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(pools.map((pool) => pool.close()));
  return { outcomes, seconds };
}

function row(
  replicas: number,
  phase: Row['phase'],
  run: { outcomes: Outcome[]; seconds: number },
  upstream: { total: number; rateLimited: number },
): Row {
  const latencies = run.outcomes.map((o) => o.ms);
  return {
    replicas,
    phase,
    requests: run.outcomes.length,
    failed: run.outcomes.filter((o) => o.failed).length,
    requestsPerSecond: run.outcomes.length / run.seconds,
    p50Ms: median(latencies),
    p99Ms: percentile(latencies, 99),
    upstreamCalls: upstream.total,
    upstream429s: upstream.rateLimited,
  };
}

/** One phase: fresh sandbox, Redis and `replicas` gateways; cold round, then warm load. */
async function phase(replicas: number, repeats: number, codes: string[]): Promise<Row[]> {
  const sandbox = await BenchSandbox.start(LATENCY);
  const redis = await startRedis();
  const gateways: Started[] = [];
  try {
    const urls: string[] = [];
    for (let index = 0; index < replicas; index += 1) {
      const gateway = await startGateway(sandbox, { REDIS_URL: redis.url, REPLICAS: String(replicas) });
      gateways.push(gateway.process);
      urls.push(gateway.graphqlUrl);
    }
    await sandbox.control('DELETE', '/requests');
    const cold = await load(urls, repeats, codes, { amount: codes.length * repeats });
    const coldRow = row(replicas, 'cold', cold, await sandbox.upstreamCalls());
    await sandbox.control('DELETE', '/requests');
    const warm = await load(urls, repeats, codes, { until: performance.now() + WARM_SECONDS * 1000 });
    return [coldRow, row(replicas, 'warm', warm, await sandbox.upstreamCalls())];
  } finally {
    await Promise.all(gateways.map((gateway) => gateway.stop()));
    await redis.stop();
    await sandbox.stop();
  }
}

function table(rows: Row[]): string {
  return [
    '| replicas | phase | requests | failed | requests/s | p50 ms | p99 ms | upstream calls | upstream calls / request | upstream 429s |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.replicas} | ${r.phase} | ${r.requests} | ${r.failed} | ${round(r.requestsPerSecond, 0)} | ${round(r.p50Ms)} | ${round(r.p99Ms)} | ${r.upstreamCalls} | ${round(r.upstreamCalls / r.requests, 3)} | ${r.upstream429s} |`,
    ),
  ].join('\n');
}

export async function benchReplicas(count: number): Promise<void> {
  const codes = loadDataset()
    .streets.slice(200, 200 + CODES)
    .map((street) => street.code);
  // Both phases send the same requests: each code once to each of the most replicas.
  const repeats = count;
  const rows: Row[] = [];
  for (const replicas of [...new Set([1, count])]) {
    rows.push(...(await phase(replicas, repeats, codes)));
    process.stderr.write(`${replicas} replica(s) done\n`);
  }
  console.log(
    `One Redis, one sandbox (upstream latency ${LATENCY.fixedMs} ± ${LATENCY.jitterMs} ms), ${CONNECTIONS} connections round robin over the replicas; the gateways on ${runtimeLabel()}, the bench on ${process.version}.`,
  );
  console.log(
    `Cold: ${codes.length} distinct loccodes, each asked ${repeats} times at once (climate, primary facilities, address). Warm: the same for ${WARM_SECONDS} s.\n`,
  );
  console.log(table(rows));
  const coldCalls = (replicas: number) => rows.find((r) => r.replicas === replicas && r.phase === 'cold')!;
  if (count > 1)
    console.log(
      `\ncold upstream calls, ${count} replicas / 1 replica = ${round(coldCalls(count).upstreamCalls / coldCalls(1).upstreamCalls, 2)} (1 when cache and single flight are shared)`,
    );
}
