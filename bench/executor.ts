import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import { ApolloServer, type ApolloServerPlugin, type GraphQLRequestContext } from '@apollo/server';
import { ApolloServerPluginCacheControl } from '@apollo/server/plugin/cacheControl';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
} from '@apollo/server/plugin/disabled';
import {
  execute,
  parse,
  print,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { createContext, type GatewayContext } from '../src/graph/context';
import { buildSchema } from '../src/graph/schema';
import { jitExecutor } from '../src/server/jit-executor';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import { Metrics } from '../src/observability/metrics';
import { startTracing, type StopTracing } from '../src/observability/tracing';
import { startSandbox, type Sandbox } from '../src/sandbox';
import { loadConfig } from '../src/start/config';
import { createUpstreams } from '../src/start/upstreams';
import { runInScope, type RequestScope } from '../src/kernel/request-scope';
import { goldenQuery } from './golden-query';
import { median, round } from './stats';

/**
 * `npm run build --silent && node dist/bench/executor.js`: what executing the
 * golden query costs in-process, from a warm upstream cache, with no HTTP in front. Each variant
 * runs the same document and variables, alternately, and reports the median µs per execution:
 *
 * - graphql-js `execute` on the plain schema;
 * - graphql-jit: `compileQuery` once, `query()` per execution;
 * - both again on a schema Apollo has instrumented (every field's resolver wrapped so that
 *   plugins' `willResolveField` runs; of ours only ApolloServerPluginCacheControl has one),
 *   with the cache-control hook installed per execution as Apollo's request pipeline does;
 * - Apollo's whole `executeOperation` (document store, validation cache, plugin hooks) with that plugin;
 * - and as the gateway runs it since: Apollo without field hooks, on graphql-js alone and with
 *   our executor (src/server/jit-executor.ts: graphql-jit once a document repeats).
 *
 * Before timing it compares every executor's answer with graphql-js's, byte for byte, for the
 * golden query, the same selection through `_entities` and three error cases (a malformed loccode,
 * bad representations, a @oneOf variable with two members); while timing, no upstream call may be made.
 * `--profile [variant]` instead profiles one variant (graphql-js by default) on the golden query
 * with the inspector's CPU profiler (what `node --cpu-prof` records, but around the timed loop
 * only), writes executor.cpuprofile (in the temporary directory) and prints self time by area and the top functions.
 * BENCH_EXECUTOR_TRACING=dropped registers the tracer provider as the gateway always does (spans
 * made, none exported); `exported` also gives it an exporter, which discards what it is given.
 * Unset, OpenTelemetry's no-op tracer. There is no request span here: upstream spans are roots.
 */
const ROUNDS = Number(process.env.BENCH_EXECUTOR_ROUNDS ?? 9);
const PER_ROUND = Number(process.env.BENCH_EXECUTOR_RUNS ?? 40);
const WARMUP = 100;
const CODE = 'KN3A 7QP';
/** Bodies with timestamps are the same in every run (as in the tests). */
const FIXED_NOW = new Date('2026-07-15T10:00:00.000Z');
/** test/support/gateway.ts SINGLE_REQUEST_DISCIPLINE, with the upstream cache on. */
const ENV = {
  PORT: '0',
  UPSTREAM_CACHE: 'on',
  RESPONSE_CACHE: 'off',
  UPSTREAM_PACING: 'off',
  UPSTREAM_MAX_ATTEMPTS: '1',
  CIRCUIT_FAILURE_THRESHOLD: '1000000',
};
const DISPATCHER = 'apolloServerExecutionDispatcherWillResolveField';

type Variables = Record<string, unknown>;
interface Case {
  name: string;
  document: DocumentNode;
  variables: Variables;
  timed: boolean;
}
/** The fields of Apollo's cache policy that its methods (restrict, replace) set. */
interface Policy {
  maxAge?: number;
  scope?: string;
}
/** One execution: its answer and, with Apollo's hooks, the response's cache policy. */
interface Outcome {
  result: ExecutionResult;
  policy?: Policy;
}
type Executor = (document: DocumentNode, variables: Variables, context: GatewayContext) => Promise<Outcome>;

async function main(): Promise<void> {
  const stopTracing = await tracing(process.env.BENCH_EXECUTOR_TRACING);
  const sandbox = await startSandbox({ now: () => FIXED_NOW });
  const config = loadConfig(ENV);
  const upstreams = createUpstreams(
    {
      agriculture: { baseUrl: sandbox.urls.agriculture, apiKey: sandbox.keys.agriculture },
      maps: { baseUrl: sandbox.urls.maps, hostUrl: sandbox.urls.mapHost, apiKey: sandbox.keys.maps },
      healthcare: { baseUrl: sandbox.urls.healthcare, apiKey: sandbox.keys.healthcare },
      address: { baseUrl: sandbox.urls.address, apiKey: sandbox.keys.address },
    },
    config.upstreamTimeoutMs,
    config.discipline,
    new Metrics(),
  );
  const contextOf = () => createContext(upstreams, 'http://127.0.0.1:4000', newScope(), config.pageMaxSize);
  const plain = buildSchema();
  const cases = casesOver(plain, sandbox);
  const all = await allExecutors(plain, cases, contextOf);
  // BENCH_EXECUTOR_ONLY: a pattern of the variants to run (graphql-js, the reference, always runs).
  const only = new RegExp(process.env.BENCH_EXECUTOR_ONLY ?? '.');
  const executors = Object.fromEntries(
    Object.entries(all).filter(([name]) => name === 'graphql-js' || only.test(name)),
  );

  const profiled = process.argv.indexOf('--profile');
  if (profiled >= 0) {
    const variant = process.argv[profiled + 1] ?? 'graphql-js';
    if (!all[variant]) throw new Error(`--profile takes one of: ${Object.keys(all).join(', ')}`);
    await profile(all[variant], cases[0]!, contextOf);
  } else {
    await checkIdentical(all, cases, contextOf);
    const before = sandbox.controls.count();
    const timings = await measure(executors, cases, contextOf);
    const calls = sandbox.controls.count() - before;
    if (calls > 0) throw new Error(`${calls} upstream calls while timing: the cache was not warm`);
    report(timings);
  }
  await upstreams.close();
  await sandbox.close();
  await stopTracing?.();
}

/** The tracing BENCH_EXECUTOR_TRACING asks for (see above). */
async function tracing(mode: string | undefined): Promise<StopTracing | undefined> {
  if (mode === undefined) return undefined;
  if (mode === 'dropped') return startTracing(undefined);
  if (mode !== 'exported') throw new Error('BENCH_EXECUTOR_TRACING takes dropped or exported');
  const discard: SpanExporter = { export: (_spans, done) => done({ code: 0 }), shutdown: async () => {} };
  return startTracing(undefined, undefined, { exporter: discard });
}

function newScope(): RequestScope {
  const caller = { name: 'anonymous', budgetKey: 'bench' };
  return { requestId: 'bench', deadline: Date.now() + 60_000, warnings: [], upstreamCalls: 0, caller };
}

/** The golden query, the same selection through `_entities`, and three error cases (not timed). */
function casesOver(schema: GraphQLSchema, sandbox: Sandbox): Case[] {
  const { streets } = sandbox.dataset;
  const destination = streets.find((s) => s.state === 'Kano' && s.code !== CODE)!.code;
  const supply = streets.find((s) => s.state === 'Lagos')!.code;
  const golden = goldenQuery(schema, destination, supply);
  const selection = golden.replace(/^query Golden\(\$code: String!\) \{ loccode\(code: \$code\) /, '');
  const entities = `query Entities($representations: [_Any!]!) { _entities(representations: $representations) { ... on Loccode ${selection.slice(0, -2)} } }`;
  const cases: Case[] = [
    { name: 'golden', document: parse(golden), variables: { code: CODE }, timed: true },
    {
      name: '_entities',
      document: parse(entities),
      variables: { representations: [{ __typename: 'Loccode', code: CODE }] },
      timed: true,
    },
    // A code of the wrong shape fails `loccode` itself (BAD_USER_INPUT); bad representations fail at their index.
    { name: 'golden, bad loccode', document: parse(golden), variables: { code: 'KN3A' }, timed: false },
    {
      name: '_entities, bad representations',
      document: parse(entities),
      variables: {
        representations: [{ __typename: 'Loccode', code: 'nope' }, { __typename: 'Place' }, 42],
      },
      timed: false,
    },
    // A @oneOf input given both members through a variable: graphql-js refuses it while coercing variables.
    {
      name: '@oneOf variable with two members',
      document: parse(
        'query Route($origin: RouteEndpointInput!, $destination: RouteEndpointInput!) { route(origin: $origin, destination: $destination) { __typename } }',
      ),
      variables: {
        origin: { loccode: CODE, coordinates: { latitude: 12, longitude: 8.5 } },
        destination: { loccode: destination },
      },
      timed: false,
    },
  ];
  for (const { name, document } of cases) {
    const problems = validate(schema, document);
    if (problems.length > 0) throw new Error(`${name}: ${problems.map((p) => p.message).join('; ')}`);
  }
  return cases;
}

async function allExecutors(
  plain: GraphQLSchema,
  cases: Case[],
  contextOf: () => GatewayContext,
): Promise<Record<string, Executor>> {
  const hooked = await apolloInstrumented(contextOf, cases[0]!);
  const hookedJit = jitOver(hooked.schema, cases);
  // Apollo as the gateway runs it now: no field hooks (plugins/cache-policy.ts), with graphql-js
  // alone, and with our executor (graphql-jit once a document repeats, src/server/jit-executor.ts).
  const withoutHooks = [ApolloServerPluginCacheControlDisabled(), ApolloServerPluginInlineTraceDisabled()];
  const apolloJs = new ApolloServer<GatewayContext>({ schema: buildSchema(), plugins: withoutHooks });
  const apolloJit = new ApolloServer<GatewayContext>({
    gateway: jitExecutor(buildSchema(), { compileMsPerSecond: 1000 }),
    plugins: withoutHooks,
  });
  await Promise.all([apolloJs.start(), apolloJit.start()]);
  const through =
    (server: ApolloServer<GatewayContext>): Executor =>
    async (document, variables, context) => {
      const response = await server.executeOperation(
        { query: print(document), variables },
        { contextValue: context },
      );
      if (response.body.kind !== 'single') throw new Error('incremental answer');
      const { data, errors } = response.body.singleResult;
      return { result: { ...(errors && { errors }), data } as ExecutionResult };
    };
  return {
    'graphql-js': async (document, variables, context) => ({
      result: await execute({ schema: plain, document, variableValues: variables, contextValue: context }),
    }),
    'graphql-jit': compiledExecutor(jitOver(plain, cases)),
    'graphql-js + Apollo field hooks': async (document, variables, context) => {
      const policy = await hooked.install(context);
      const result = await execute({
        schema: hooked.schema,
        document,
        variableValues: variables,
        contextValue: context,
      });
      return { result, policy: settled(policy) };
    },
    'graphql-jit + Apollo field hooks': async (document, variables, context) => {
      const policy = await hooked.install(context);
      const result = await hookedJit.get(document)!.query(undefined, context, variables);
      return { result, policy: settled(policy) };
    },
    'Apollo executeOperation (cache-control plugin)': async (document, variables, context) => {
      const response = await hooked.server.executeOperation(
        { query: hooked.textOf(document), variables },
        { contextValue: context },
      );
      if (response.body.kind !== 'single') throw new Error('incremental answer');
      const { data, errors } = response.body.singleResult;
      return { result: { ...(errors && { errors }), data } as ExecutionResult };
    },
    'Apollo executeOperation (graphql-js, no field hooks)': through(apolloJs),
    'Apollo executeOperation (our executor: graphql-jit)': through(apolloJit),
  };
}

/** Compiled once per document, as a gateway executor would keep them per document. */
function jitOver(schema: GraphQLSchema, cases: Case[]): Map<DocumentNode, CompiledQuery> {
  const compiled = new Map<DocumentNode, CompiledQuery>();
  for (const { name, document } of cases) {
    const query = compileQuery(schema, document);
    if (!isCompiledQuery(query)) throw new Error(`${name}: ${JSON.stringify(query.errors)}`);
    compiled.set(document, query);
  }
  return compiled;
}

function compiledExecutor(compiled: Map<DocumentNode, CompiledQuery>): Executor {
  return async (document, variables, context) => ({
    result: await compiled.get(document)!.query(undefined, context, variables),
  });
}

/** The policy's fields alone (its methods are the same function in every run). */
function settled(policy: Policy): Policy {
  return { maxAge: policy.maxAge, scope: policy.scope };
}

/**
 * A schema instrumented by Apollo itself: a server with the cache-control plugin executes once,
 * which wraps every field's resolver (its schemaInstrumentation) and shows the private symbol
 * under which the wrapper looks for the request's dispatcher. Per execution, `install` puts a
 * dispatcher for a fresh cache policy on the context, as Apollo's request pipeline does.
 */
async function apolloInstrumented(contextOf: () => GatewayContext, warmUp: Case) {
  const schema = buildSchema();
  const cacheControl = ApolloServerPluginCacheControl({ defaultMaxAge: 86_400 });
  let template: Policy | undefined;
  let symbol: symbol | undefined;
  const capture: ApolloServerPlugin<GatewayContext> = {
    async requestDidStart(requestContext) {
      template = requestContext.overallCachePolicy;
      return {
        async willSendResponse({ contextValue }) {
          symbol = Object.getOwnPropertySymbols(contextValue).find((s) => s.description === DISPATCHER);
        },
      };
    },
  };
  const server = new ApolloServer<GatewayContext>({
    schema,
    plugins: [capture, cacheControl, ApolloServerPluginInlineTraceDisabled()],
  });
  await server.start();
  const first = await server.executeOperation(
    { query: textOf(warmUp.document), variables: warmUp.variables },
    { contextValue: contextOf() },
  );
  if (first.body.kind !== 'single' || first.body.singleResult.errors)
    throw new Error('Apollo could not run the golden query');
  if (!template || !symbol) throw new Error('Apollo did not instrument the schema');
  const policyTemplate = template;
  const dispatcherSymbol = symbol;
  return {
    schema,
    server,
    textOf,
    install: async (context: GatewayContext): Promise<Policy> => {
      // Apollo's newCachePolicy(): its methods work on `this`, so a copy with cleared fields is a new one.
      const policy = { ...policyTemplate, maxAge: undefined, scope: undefined };
      const requestContext = {
        overallCachePolicy: policy,
      } as unknown as GraphQLRequestContext<GatewayContext>;
      const listener = await cacheControl.requestDidStart!(requestContext);
      const execution = await listener!.executionDidStart!(requestContext as never);
      const willResolveField = execution!.willResolveField!;
      // requestPipeline's invokeSyncDidStartHook over the one listener that has the hook.
      const dispatch = (...args: Parameters<typeof willResolveField>) => {
        const end = willResolveField(...args);
        return (...outcome: [Error | null, unknown?]) => end?.(...outcome);
      };
      Object.defineProperty(context, dispatcherSymbol, { value: dispatch });
      return policy;
    },
  };
}

/** The text a document was parsed from. */
function textOf(document: DocumentNode): string {
  return document.loc!.source.body;
}

/** Answers as a client reads them (Apollo writes errors, then data), and what each error wraps. */
function serialised({ result }: Outcome): string {
  const errors = result.errors?.map((error) => ({
    ...error.toJSON(),
    original: (error.originalError as Error | undefined)?.constructor.name,
  }));
  return JSON.stringify({ errors, data: result.data });
}

/**
 * Each executor's answer against graphql-js's, byte for byte; and the cache policy the hooks
 * computed under graphql-jit against the one under graphql-js. Apollo's own pipeline is graphql-js
 * behind Apollo's error formatting: not compared.
 */
async function checkIdentical(
  executors: Record<string, Executor>,
  cases: Case[],
  contextOf: () => GatewayContext,
): Promise<void> {
  const compared = Object.entries(executors).filter(([name]) => !name.startsWith('Apollo'));
  let different = 0;
  for (const { name, document, variables } of cases) {
    const outcomes = new Map<string, Outcome>();
    for (const [executor, run] of compared) {
      const context = contextOf();
      outcomes.set(executor, await runInScope(context.scope, () => run(document, variables, context)));
    }
    const reference = serialised(outcomes.get('graphql-js')!);
    for (const [executor, outcome] of outcomes) {
      const answer = serialised(outcome);
      const same = answer === reference;
      if (!same) {
        writeFileSync(output(`${slug(name)}-${slug(executor)}.json`), answer);
        writeFileSync(output(`${slug(name)}-graphql-js.json`), reference);
      }
      different += same ? 0 : 1;
      console.log(`${same ? 'identical' : 'DIFFERENT'}  ${name}: ${executor} (${answer.length} bytes)`);
    }
    const policies = ['graphql-js', 'graphql-jit'].map((e) =>
      JSON.stringify(outcomes.get(`${e} + Apollo field hooks`)!.policy),
    );
    console.log(
      `${policies[0] === policies[1] ? 'identical' : 'DIFFERENT'}  ${name}: cache policy ${policies.join(' vs ')}`,
    );
    if (policies[0] !== policies[1]) different++;
  }
  if (different > 0) console.log(`${different} differences: the answers are in ${output('')}`);
}

/** Where differing answers and the profile are written: outside the repository. */
function output(file: string): string {
  const dir = join(tmpdir(), 'loccode-executor');
  mkdirSync(dir, { recursive: true });
  return join(dir, file);
}

function slug(text: string): string {
  return text.replace(/\W+/g, '-');
}

/** Wall and CPU time of each execution, µs. */
interface Samples {
  wall: number[];
  cpu: number[];
}

/**
 * Every variant in turn, round after round, so that drift (GC, other processes) spreads over all
 * of them; per variant and query, the samples of each round.
 */
async function measure(
  executors: Record<string, Executor>,
  cases: Case[],
  contextOf: () => GatewayContext,
): Promise<Map<string, Samples[]>> {
  const timings = new Map<string, Samples[]>();
  const timed = cases.filter((c) => c.timed);
  for (const [name, run] of Object.entries(executors)) {
    for (const c of timed) await repeat(run, c, contextOf, WARMUP);
    for (const c of timed) timings.set(`${c.name}\t${name}`, []);
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of Object.entries(executors)) {
      for (const c of timed)
        timings.get(`${c.name}\t${name}`)!.push(await repeat(run, c, contextOf, PER_ROUND));
    }
  }
  return timings;
}

/**
 * Each execution with a fresh context (as each request has; its creation is not timed). Wall
 * time counts waiting for the CPU when other processes share it; CPU time (the process's, so
 * GC threads included) does not, and is the steadier figure on a busy machine.
 */
async function repeat(
  run: Executor,
  c: Case,
  contextOf: () => GatewayContext,
  times: number,
): Promise<Samples> {
  const samples: Samples = { wall: [], cpu: [] };
  for (let i = 0; i < times; i++) {
    const context = contextOf();
    const cpu = process.cpuUsage();
    const started = process.hrtime.bigint();
    const { result } = await runInScope(context.scope, () => run(c.document, c.variables, context));
    samples.wall.push(Number(process.hrtime.bigint() - started) / 1000);
    const used = process.cpuUsage(cpu);
    samples.cpu.push(used.user + used.system);
    if (result.errors) throw new Error(`${c.name}: ${result.errors[0]!.message}`);
  }
  return samples;
}

/**
 * Medians of all samples, and the speed-up over graphql-js as the median of the rounds' ratios
 * (each round's variants ran within moments of each other, so a busy spell affects both sides).
 */
function report(timings: Map<string, Samples[]>): void {
  console.log(`\nµs per execution, medians (${ROUNDS} rounds × ${PER_ROUND}, node ${process.version})`);
  console.log(
    `${'query'.padEnd(10)} ${'executor'.padEnd(48)} ${'wall'.padStart(6)} ${'CPU'.padStart(6)}  speed-up (CPU)`,
  );
  for (const [key, rounds] of timings) {
    const [caseName, executor] = key.split('\t') as [string, string];
    const reference = timings.get(`${caseName}\tgraphql-js`)!;
    const ratios = rounds.map((r, i) => median(reference[i]!.cpu) / median(r.cpu));
    const all = (pick: (r: Samples) => number[]) => round(median(rounds.flatMap(pick)), 0);
    console.log(
      `${caseName.padEnd(10)} ${executor.padEnd(48)} ${String(all((r) => r.wall)).padStart(6)} ${String(all((r) => r.cpu)).padStart(6)}  ×${round(median(ratios), 2)}`,
    );
  }
}

/** The CPU profile of one variant executing the golden query: self time by area and by function. */
async function profile(run: Executor, c: Case, contextOf: () => GatewayContext): Promise<void> {
  await repeat(run, c, contextOf, WARMUP * 3);
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  await repeat(run, c, contextOf, Number(process.env.BENCH_PROFILE_RUNS ?? 1000));
  const { profile: cpu } = await session.post('Profiler.stop');
  session.disconnect();
  writeFileSync(output('executor.cpuprofile'), JSON.stringify(cpu));
  const hits = new Map<number, number>();
  for (const id of cpu.samples ?? []) hits.set(id, (hits.get(id) ?? 0) + 1);
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  for (const node of cpu.nodes) {
    const n = hits.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/^file:\/\//, '').replace(/^.*?\/(node_modules|dist)\//, '$1/');
    const key = `${functionName || '(anonymous)'}  ${where}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + n);
    byArea.set(areaOf(where, functionName), (byArea.get(areaOf(where, functionName)) ?? 0) + n);
  }
  const total = cpu.samples?.length ?? 0;
  const print = (entries: Map<string, number>, count: number) => {
    const top = [...entries.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
    for (const [key, n] of top) console.log(`${String(round((100 * n) / total, 1)).padStart(5)} %  ${key}`);
  };
  console.log(`self time of ${total} samples (one per 100 µs); ${output('executor.cpuprofile')} written\n`);
  print(byArea, 20);
  console.log('');
  print(byFunction, 40);
}

/** A package (node_modules/<name>), a folder of ours (dist/<part>/<dir>), or what V8 and Node do. */
function areaOf(where: string, functionName: string): string {
  const pkg = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where);
  if (pkg) return pkg[1]!;
  const ours = /^dist\/((?:src\/)?[^/]+\/[^/]+)/.exec(where);
  if (ours) return ours[1]!;
  if (where.startsWith('node:')) return 'node internals';
  return functionName.startsWith('(') ? functionName : 'V8 builtins and other';
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
