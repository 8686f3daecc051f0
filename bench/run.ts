import autocannon from 'autocannon';
import { buildSchema } from '../src/graph/schema';
import { loadDataset } from '../src/sandbox/dataset';
import { goldenQuery } from './golden-query';
import { benchPeer } from './peer';
import { benchReplicas, replicasArgument } from './replicas';
import { BenchStack, type Latency } from './stack';
import { median, percentile, round } from './stats';
import { runtimeLabel } from './runtime';

/**
 * `npm run bench`: gateway and sandbox in separate processes, upstream latency
 * injected, every scenario repeated on fresh processes (so one scenario's
 * 60-a-minute agriculture budget does not spend another's) and reported as medians.
 * `npm run bench -- --replicas 3`: 1 and then 3 replicas sharing one Redis (bench/replicas.ts).
 * After the scenarios, nine upstream operations through our gateway and through Tailcall
 * (bench/peer.ts); BENCH_ONLY=peer runs only that part, BENCH_ONLY=gateway only the scenarios.
 */
/** BENCH_SMOKE=1: one run of the first scenario only, so a test can run the whole command quickly. */
const SMOKE = process.env.BENCH_SMOKE === '1';
const RUNS = SMOKE ? 1 : Number(process.env.BENCH_RUNS ?? 3);
const LATENCY: Latency = { fixedMs: 80, jitterMs: 20 };
// Its calls on a cold cache for a new loccode: 16. Its routes' destination (the same in every
// run) is resolved alongside them once, on the first query, and cached for the rest
// (datasources/maps/billed-with-resolves.ts), so the median query makes 16.
const GOLDEN_CALLS = 16;

const dataset = loadDataset();
const kano = dataset.streets.filter((s) => s.state === 'Kano');
const golden = goldenQuery(
  buildSchema(),
  kano[1]!.code,
  dataset.streets.find((s) => s.state === 'Lagos')!.code,
);
const loccodesQuery = `query($codes: [String!]!) { loccodes(codes: $codes) { code climate { state } facilities(level: PRIMARY) { count } address { streetName } } }`;
const climateQuery = `query($code: String!) { loccode(code: $code) { climate { airTemperatureCelsius } } }`;

interface Row {
  scenario: string;
  callsOverMinimum: number;
  p50Ms: number;
  p99Ms: number;
  criticalPathMs: number | null;
  p50OverCriticalPath: number | null;
  requestsPerSecond: number | null;
  peakRssMiB: number;
  upstream429s: number;
}

async function load(
  stack: BenchStack,
  query: string,
  variables: object[],
  options: { amount?: number; duration?: number; connections: number },
) {
  const result = await autocannon({
    url: stack.graphqlUrl,
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 4 }),
    requests: variables.map((v) => ({
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables: v }),
    })),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`load saw ${result.non2xx} non-2xx and ${result.errors} errors`);
  return result;
}

/** Latency of one request at a time (sub-millisecond, unlike autocannon's whole milliseconds). */
async function sequential(
  stack: BenchStack,
  query: string,
  variables: Record<string, unknown>,
  count: number,
) {
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const { ms, errors } = await stack.query(query, variables);
    if (errors) throw new Error(`query failed: ${JSON.stringify(errors).slice(0, 300)}`);
    latencies.push(ms);
  }
  return { p50: median(latencies), p99: percentile(latencies, 99) };
}

/**
 * Sequential cold queries, each on a loccode not asked before; latency against its slowest upstream call.
 * They are spaced out so that the documented budgets (maps routing: 5 a second) do not set the pace.
 */
async function cold(
  stack: BenchStack,
  query: string,
  variables: Array<Record<string, unknown>>,
  callsPerQuery: number,
) {
  const latencies: number[] = [];
  const criticalPaths: number[] = [];
  let calls = 0;
  let rateLimited = 0;
  for (const v of variables) {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await stack.control('DELETE', '/requests');
    const { ms, errors } = await stack.query(query, v);
    if (errors) throw new Error(`cold query failed: ${JSON.stringify(errors).slice(0, 300)}`);
    const upstream = await stack.upstreamCalls();
    latencies.push(ms);
    criticalPaths.push(Math.max(...upstream.durations));
    calls += upstream.total;
    rateLimited += upstream.rateLimited;
  }
  return {
    callsOverMinimum: calls / (variables.length * callsPerQuery),
    p50Ms: median(latencies),
    p99Ms: percentile(latencies, 99),
    criticalPathMs: median(criticalPaths),
    p50OverCriticalPath: median(latencies.map((ms, i) => ms / criticalPaths[i]!)),
    rateLimited,
  };
}

type Scenario = (stack: BenchStack) => Promise<Row[]>;

async function warmRows(stack: BenchStack, name: string): Promise<Row[]> {
  const code = { code: kano[0]!.code };
  const trivialLatency = await sequential(stack, '{ __typename }', {}, 300);
  const trivialLoad = await load(stack, '{ __typename }', [{}], { connections: 10 });
  await stack.query(golden, code);
  await stack.control('DELETE', '/requests');
  const warmLatency = await sequential(stack, golden, code, 300);
  const warmLoad = await load(stack, golden, [code], { connections: 10 });
  const upstream = await stack.upstreamCalls();
  const rss = stack.peakRssMiB();
  return [
    row(
      'trivial `{ __typename }`',
      1,
      trivialLatency.p50,
      trivialLatency.p99,
      null,
      trivialLoad.requests.average,
      rss,
      0,
    ),
    row(
      name,
      upstream.total === 0 ? 1 : Infinity,
      warmLatency.p50,
      warmLatency.p99,
      null,
      warmLoad.requests.average,
      rss,
      upstream.rateLimited,
    ),
  ];
}

const scenarios: Array<{ latency: Latency; gatewayEnv?: Record<string, string>; run: Scenario }> = [
  {
    // A trivial query and the warm golden query on the same server.
    latency: LATENCY,
    run: (stack) => warmRows(stack, 'golden query, warm'),
  },
  {
    // The same without the response cache: what execution alone costs when upstream answers are cached.
    latency: LATENCY,
    gatewayEnv: { RESPONSE_CACHE: 'off' },
    run: async (stack) => (await warmRows(stack, 'golden query, warm, response cache off')).slice(1),
  },
  {
    // 11 cold golden queries spend 55 of agriculture's 60 calls a minute.
    latency: LATENCY,
    run: async (stack) => {
      const result = await cold(
        stack,
        golden,
        kano
          .slice(0, 9)
          .concat(dataset.streets.filter((s) => s.state === 'Kaduna').slice(0, 2))
          .map((s) => ({ code: s.code })),
        GOLDEN_CALLS,
      );
      return [coldRow('golden query, cold (80 ± 20 ms upstream)', result, stack)];
    },
  },
  {
    // Independent upstream calls go out in one round, in parallel: well under two upstream latencies.
    latency: { fixedMs: 200, jitterMs: 0 },
    run: async (stack) => {
      const result = await cold(
        stack,
        golden,
        kano.slice(0, 5).map((s) => ({ code: s.code })),
        GOLDEN_CALLS,
      );
      return [coldRow('golden query, cold (200 ms upstream)', result, stack)];
    },
  },
  {
    latency: LATENCY,
    run: async (stack) => {
      const codes = dataset.streets.slice(0, 50).map((s) => s.code);
      const result = await cold(stack, loccodesQuery, [{ codes }], 150);
      return [coldRow('`loccodes` over 50 codes, cold', result, stack)];
    },
  },
  {
    // 500 requests over 20 loccodes against agriculture's 60 a minute.
    latency: LATENCY,
    run: async (stack) => {
      const codes = dataset.streets.slice(100, 120).map((s) => ({ code: s.code }));
      // 20 connections: autocannon cycles the request list per connection, so each one asks all 20 codes.
      const burst = await load(stack, climateQuery, codes, { connections: 20, amount: 500 });
      const upstream = await stack.upstreamCalls();
      return [
        row(
          'burst: 500 requests over 20 loccodes',
          upstream.total / 20,
          burst.latency.p50,
          burst.latency.p99,
          null,
          burst.requests.average,
          stack.peakRssMiB(),
          upstream.rateLimited,
        ),
      ];
    },
  },
];

function row(
  scenario: string,
  callsOverMinimum: number,
  p50Ms: number,
  p99Ms: number,
  criticalPathMs: number | null,
  requestsPerSecond: number | null,
  peakRssMiB: number,
  upstream429s: number,
): Row {
  return {
    scenario,
    callsOverMinimum,
    p50Ms,
    p99Ms,
    criticalPathMs,
    p50OverCriticalPath: criticalPathMs === null ? null : p50Ms / criticalPathMs,
    requestsPerSecond,
    peakRssMiB,
    upstream429s,
  };
}

function coldRow(scenario: string, result: Awaited<ReturnType<typeof cold>>, stack: BenchStack): Row {
  return {
    ...row(
      scenario,
      result.callsOverMinimum,
      result.p50Ms,
      result.p99Ms,
      result.criticalPathMs,
      null,
      stack.peakRssMiB(),
      result.rateLimited,
    ),
    p50OverCriticalPath: result.p50OverCriticalPath,
  };
}

/** Medians, field by field, of the same scenario's rows across runs. */
function medianRow(rows: Row[]): Row {
  const m = (pick: (r: Row) => number | null) => {
    const values = rows.map(pick).filter((v): v is number => v !== null);
    return values.length === 0 ? null : median(values);
  };
  return {
    scenario: rows[0]!.scenario,
    callsOverMinimum: m((r) => r.callsOverMinimum)!,
    p50Ms: m((r) => r.p50Ms)!,
    p99Ms: m((r) => r.p99Ms)!,
    criticalPathMs: m((r) => r.criticalPathMs),
    p50OverCriticalPath: m((r) => r.p50OverCriticalPath),
    requestsPerSecond: m((r) => r.requestsPerSecond),
    peakRssMiB: Math.max(...rows.map((r) => r.peakRssMiB)),
    upstream429s: Math.max(...rows.map((r) => r.upstream429s)),
  };
}

function table(rows: Row[]): string {
  const fmt = (v: number | null, d = 1) => (v === null ? '' : String(round(v, d)));
  // Cold rows have no throughput figure: they are spaced out on purpose.
  return [
    '| scenario | upstream calls / minimum | p50 ms | p99 ms | upstream critical path ms | p50 / critical path | requests/s | peak RSS MiB | upstream 429s |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${fmt(r.callsOverMinimum, 2)} | ${fmt(r.p50Ms)} | ${fmt(r.p99Ms)} | ${fmt(r.criticalPathMs)} | ${fmt(r.p50OverCriticalPath, 2)} | ${fmt(r.requestsPerSecond, 0)} | ${fmt(r.peakRssMiB)} | ${r.upstream429s} |`,
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  const byScenario = new Map<string, Row[]>();
  for (let run = 0; run < RUNS; run++) {
    for (const scenario of SMOKE ? scenarios.slice(0, 1) : scenarios) {
      const stack = await BenchStack.start(scenario.latency, scenario.gatewayEnv);
      try {
        for (const r of await scenario.run(stack))
          byScenario.set(r.scenario, [...(byScenario.get(r.scenario) ?? []), r]);
      } finally {
        await stack.stop();
      }
    }
    process.stderr.write(`run ${run + 1} of ${RUNS} done\n`);
  }
  const rows = [...byScenario.values()].map(medianRow);
  const trivial = rows.find((r) => r.scenario.startsWith('trivial'))!;
  const warm = rows.find((r) => r.scenario === 'golden query, warm')!;
  console.log(
    `Medians of ${RUNS} runs on fresh processes; the gateway on ${runtimeLabel()}, the sandbox and the load on ${process.version}; upstream latency ${LATENCY.fixedMs} ± ${LATENCY.jitterMs} ms unless stated.\n`,
  );
  console.log(table(rows));
  const uncached = rows.find((r) => r.scenario === 'golden query, warm, response cache off');
  console.log(`\nwarm golden p50 / trivial p50 = ${round(warm.p50Ms / trivial.p50Ms, 2)} (target < 3)`);
  if (uncached) {
    console.log(
      `warm golden without the response cache p50 / trivial p50 = ${round(uncached.p50Ms / trivial.p50Ms, 2)}`,
    );
  }
  console.log(
    `warm golden requests/s = ${round(warm.requestsPerSecond ?? 0, 0)}, trivial = ${round(trivial.requestsPerSecond ?? 0, 0)}`,
  );
}

async function start(): Promise<void> {
  const replicas = replicasArgument(process.argv);
  if (replicas !== undefined) return benchReplicas(replicas);
  const only = process.env.BENCH_ONLY;
  if (only !== undefined && only !== 'peer' && only !== 'gateway')
    throw new Error(`BENCH_ONLY takes peer or gateway, got "${only}".`);
  if (only !== 'peer') await main();
  // The smoke run stays one scenario long; the peer needs its own install and minutes.
  if (only !== 'gateway' && !SMOKE && !(await benchPeer())) process.exitCode = 1;
}

start().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
