import { Pool, WebSocket } from 'undici';
import { loadDataset } from '../src/sandbox/dataset';
import { BenchStack } from './stack';
import { median, round } from './stats';

/**
 * `npm run bench:memory`: the gateway (its own process, as in production)
 * under distinct queries, every one a new document with random aliases and variables,
 * from 10 connections, for BENCH_MEMORY_SECONDS (120 by default). Every 10 s it records
 * the gateway's RSS and its heap after a full garbage collection, asked for through the
 * inspector (so the gateway carries no benchmark hook). Upstream pacing is off and the
 * sandbox's limits lifted, so every cache fills as fast as the load can make it: the
 * worst case for memory, not a production setting.
 */
const SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 120);
const CONNECTIONS = 10;
const SAMPLE_EVERY_MS = 10_000;
const RSS_TARGET_MIB = 300;

const dataset = loadDataset();
const codes = [...dataset.streets.map((street) => street.code), ...dataset.areas.map((area) => area.code)];
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const word = () => Math.random().toString(36).slice(2, 10);

/** A document never seen before: random aliases over a random mix of fields, and random variables. */
function distinctRequest(): { query: string; variables: Record<string, unknown> } {
  const fields = [
    'code',
    'climate { state airTemperatureCelsius }',
    'address { streetName }',
    'healthcareAccess { accessScore }',
    'facilities(level: PRIMARY) { count }',
  ];
  const selections = Array.from(
    { length: 1 + Math.floor(Math.random() * 4) },
    () => `${pick(['a', 'b', 'c'])}${word()}: ${pick(fields)}`,
  );
  return {
    query: `query Q${word()}($code: String!, $other: String!) { first: loccode(code: $code) { ${selections.join(' ')} } second: loccode(code: $other) { code } }`,
    // One code in ten is not a loccode at all: not-found answers are cached too.
    variables: { code: pick(codes), other: Math.random() < 0.1 ? `ZZ${word()}` : pick(codes) },
  };
}

/** The inspector's Runtime domain over its WebSocket: full GC, then the heap in use. */
class Inspector {
  private next = 0;
  private readonly pending = new Map<number, (result: unknown) => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
      if (message.id !== undefined) this.pending.get(message.id)?.(message.result);
    });
  }

  static async connect(url: string): Promise<Inspector> {
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve);
      socket.addEventListener('error', reject);
    });
    return new Inspector(socket);
  }

  send(method: string): Promise<unknown> {
    const id = (this.next += 1);
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.socket.send(JSON.stringify({ id, method }));
    });
  }

  async heapAfterGcMiB(): Promise<number> {
    await this.send('HeapProfiler.collectGarbage');
    const { usedSize } = (await this.send('Runtime.getHeapUsage')) as { usedSize: number };
    return round(usedSize / 1024 / 1024, 1);
  }

  close(): void {
    this.socket.close();
  }
}

async function main(): Promise<void> {
  const stack = await BenchStack.start(
    { fixedMs: 5, jitterMs: 5 },
    { UPSTREAM_PACING: 'off', LOG_LEVEL: 'error' },
    ['--inspect=127.0.0.1:0'],
  );
  const unlimited = { kind: 'window', limit: 100_000_000, windowMs: 60_000 };
  for (const [service, dimension] of [
    ['agriculture', 'requests'],
    ['healthcare', 'requests'],
    ['address', 'requests'],
  ])
    await stack.control('PUT', '/rate-limits', { service, dimension, spec: unlimited });
  const inspectorUrl = /Debugger listening on (ws:\/\/\S+)/.exec(stack.gatewayOutput())?.[1];
  if (!inspectorUrl) throw new Error('the gateway did not print its inspector address');
  const inspector = await Inspector.connect(inspectorUrl);
  const pool = new Pool(new URL(stack.graphqlUrl).origin, { connections: CONNECTIONS });
  const path = new URL(stack.graphqlUrl).pathname;

  const samples: Array<{ seconds: number; requests: number; rssMiB: number; heapAfterGcMiB: number }> = [];
  let requests = 0;
  let failures = 0;
  const started = Date.now();
  const until = started + SECONDS * 1000;
  const client = async () => {
    while (Date.now() < until) {
      try {
        const response = await pool.request({
          method: 'POST',
          path,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(distinctRequest()),
        });
        await response.body.text();
        if (response.statusCode !== 200) failures += 1;
      } catch {
        failures += 1;
      }
      requests += 1;
    }
  };
  const sample = async () => {
    samples.push({
      seconds: Math.round((Date.now() - started) / 1000),
      requests,
      rssMiB: stack.rssMiB(),
      heapAfterGcMiB: await inspector.heapAfterGcMiB(),
    });
  };
  await sample();
  const sampler = setInterval(() => void sample(), SAMPLE_EVERY_MS);
  await Promise.all(Array.from({ length: CONNECTIONS }, client));
  clearInterval(sampler);
  await sample();

  console.table(samples);
  const minute = Math.min(60, SECONDS / 2);
  const firstMinute = samples
    .filter((s) => s.seconds > 0 && s.seconds <= minute)
    .map((s) => s.heapAfterGcMiB);
  const lastMinute = samples.filter((s) => s.seconds > SECONDS - minute).map((s) => s.heapAfterGcMiB);
  const [first, last] = [median(firstMinute), median(lastMinute)];
  const peakRss = Math.max(...samples.map((s) => s.rssMiB));
  const growth = round(((last - first) / first) * 100, 1);
  console.log(
    JSON.stringify({
      seconds: SECONDS,
      connections: CONNECTIONS,
      requests,
      non200: failures,
      peakRssMiB: peakRss,
      peakRssPeakMiB: stack.peakRssMiB(),
      heapAfterGcFirstMinuteMedianMiB: first,
      heapAfterGcLastMinuteMedianMiB: last,
      heapGrowthPercent: growth,
      rssUnderTarget: peakRss < RSS_TARGET_MIB,
      heapFlat: Math.abs(growth) <= 10,
    }),
  );
  inspector.close();
  await pool.close();
  await stack.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
