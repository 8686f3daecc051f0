import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadDataset } from '../../src/sandbox/dataset';
import { TestHttp, type HttpResponse } from '../support/http';
import { buildService, spawnService, stopService, type ServiceProcess } from '../support/service-process';
import { waitFor } from '../support/time';
import { sum } from '../support/exposition';

/*
 * `npm start` with WORKERS=2, through real HTTP on its one port, over its one
 * embedded sandbox. Every request opens a connection of its own (`connection: close`), so
 * the primary hands consecutive requests to the two workers in turn. Which worker served a
 * request is read from the access log: with WORKERS > 1 every line carries the worker's
 * `pid` and `worker` id. Anonymous callers have a budget per address; TRUST_PROXY=1 lets
 * each request name its address in X-Forwarded-For.
 */

const LOG_DIR = join(__dirname, '..', '..', 'test-artifacts', 'gateway-logs');
const LOG_FILE = join(LOG_DIR, `workers-${process.pid}.jsonl`);
const CLIMATE = 'query Climate($code: String!) { loccode(code: $code) { climate { state } } }';
const ADDRESS = 'query Address($code: String!) { loccode(code: $code) { address { streetName } } }';
/** Each client's budget: 3 points a minute, one point back every 20 s. */
const POINTS_PER_MINUTE = 3;

interface LogLine {
  message: string;
  pid?: number;
  worker?: number;
  requestId?: string;
  route?: string;
  urls?: { agriculture: string };
}

function logLines(): LogLine[] {
  if (!existsSync(LOG_FILE)) return [];
  return readFileSync(LOG_FILE, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** The pid of the worker whose access-log line names each response's request id (logged once the response is sent). */
async function servedBy(responses: HttpResponse[]): Promise<number[]> {
  const ids = responses.map((response) => response.headers['x-request-id']);
  let pids = new Map<string | undefined, number | undefined>();
  await waitFor(
    () => {
      pids = new Map(
        logLines()
          .filter((line) => line.message === 'request')
          .map((line) => [line.requestId, line.pid]),
      );
      return ids.every((id) => pids.has(id));
    },
    { timeoutMs: 5_000 },
  );
  return ids.map((id) => pids.get(id)!);
}

describe('WORKERS=2: two worker processes behind one port', () => {
  const http = new TestHttp({ record: true });
  const streets = loadDataset().streets;
  let service: ServiceProcess;
  let url: string;
  let sandboxControls: string;
  const firstWorkers = new Set<number>();

  const post = (query: string, code: string, address: string) =>
    http.post(url, { query, variables: { code } }, { connection: 'close', 'x-forwarded-for': address });

  beforeAll(async () => {
    buildService();
    mkdirSync(LOG_DIR, { recursive: true });
    rmSync(LOG_FILE, { force: true });
    service = spawnService({
      WORKERS: '2',
      LOG_LEVEL: 'info',
      LOG_FILE,
      TRUST_PROXY: '1',
      CLIENT_POINTS_PER_MINUTE: String(POINTS_PER_MINUTE),
      QUERY_MAX_COST: String(POINTS_PER_MINUTE),
    });
    await waitFor(() => /serving GraphQL at (\S+)\n/.test(service.output()), { timeoutMs: 60_000 });
    url = /serving GraphQL at (\S+)\n/.exec(service.output())![1]!;
    const sandbox = logLines().find(
      (line) => line.message === 'embedded sandbox started: one for every worker',
    );
    sandboxControls = `${sandbox!.urls!.agriculture}/__sandbox`;
  }, 150_000);
  afterAll(async () => {
    await http.close();
    if (service) stopService(service);
  });

  it('says so in its banner, and serves no HTTP from the primary', () => {
    expect(service.output()).toContain('2 worker processes (WORKERS) share the port');
    const listening = logLines().filter((line) => line.message === 'worker listening');
    expect(listening.map((line) => line.pid)).not.toContain(service.child.pid);
    expect(new Set(listening.map((line) => line.pid)).size).toBe(2);
  });

  it('lets exactly 60 of 80 cold climate queries reach agriculture (60 a minute, spec Limits), through both workers, and the sandbox refuses none', async () => {
    const codes = streets.slice(0, 80).map((street) => street.code);
    expect(new Set(codes).size).toBe(80);
    // A budget per address, so that only pacing limits them.
    const answers = await Promise.all(codes.map((code, index) => post(CLIMATE, code, `10.1.0.${index + 1}`)));
    const states = answers.filter((answer) => typeof answer.json.data?.loccode?.climate?.state === 'string');
    const refused = answers.filter(
      (answer) => answer.json.errors?.[0]?.extensions?.code === 'UPSTREAM_RATE_LIMITED',
    );
    expect([states.length, refused.length]).toEqual([60, 20]);

    const logged = (await http.get(`${sandboxControls}/requests?service=agriculture`)).json;
    expect(logged.count).toBe(60);
    expect(logged.requests.filter((request: { status: number }) => request.status === 429)).toEqual([]);

    const pids = await servedBy(answers);
    pids.forEach((pid) => firstWorkers.add(pid));
    expect(firstWorkers.size).toBe(2);
    expect(pids).not.toContain(service.child.pid);
  }, 30_000);

  it("refuses a client's 4th request with 429 RATE_LIMITED on a budget of 3 points, its requests spread over both workers", async () => {
    const answers: HttpResponse[] = [];
    for (const street of streets.slice(100, 104)) answers.push(await post(ADDRESS, street.code, '10.2.0.1'));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    // One bucket, whichever worker charges it: 2, 1, 0 points left, then nothing.
    expect(answers.map((answer) => answer.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
    expect(answers[3]!.json.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(new Set(await servedBy(answers)).size).toBe(2);
  }, 20_000);

  it('shows on /metrics of either worker the requests and upstream calls of both, summed', async () => {
    for (let scrape = 0; scrape < 2; scrape += 1) {
      const text = (await http.get(url.replace(/\/graphql$/, '/metrics'), { connection: 'close' })).text;
      expect(sum(text, 'loccode_http_requests_total', { route: 'graphql' })).toBe(84);
      expect(sum(text, 'loccode_upstream_calls_total', { service: 'agriculture' })).toBe(60);
    }
  }, 20_000);

  it('makes one address call for 6 identical cold queries served by both workers, and hands its answer to all', async () => {
    const latency = (fixedMs: number) =>
      http.send(
        'PUT',
        `${sandboxControls}/latency`,
        { 'content-type': 'application/json' },
        JSON.stringify({ service: 'address', fixedMs, jitterMs: 0 }),
      );
    const street = streets[120]!;
    const calls = async () =>
      (await http.get(`${sandboxControls}/requests?service=address`)).json.count as number;
    const before = await calls();
    // Long enough for all six to arrive while the one call is out.
    await latency(1_000);
    try {
      const answers = await Promise.all(
        [1, 2, 3, 4, 5, 6].map((client) => post(ADDRESS, street.code, `10.3.0.${client}`)),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const names = answers.map((answer) => answer.json.data?.loccode?.address?.streetName);
      expect(new Set(names)).toEqual(new Set([street.name]));
      expect(new Set(await servedBy(answers)).size).toBe(2);
      expect((await calls()) - before).toBe(1);
    } finally {
      await latency(0);
    }
  }, 20_000);

  it('replaces a worker that is killed, and the new one serves', async () => {
    const [victim] = [...firstWorkers];
    process.kill(victim!, 'SIGKILL');
    await waitFor(
      () =>
        logLines().some(
          (line) => line.message === 'worker exited unexpectedly; starting another' && line.pid === victim,
        ),
      { timeoutMs: 10_000 },
    );
    await waitFor(() => logLines().filter((line) => line.message === 'worker listening').length === 3, {
      timeoutMs: 30_000,
    });
    const pids = new Set<number>();
    for (let request = 0; request < 4; request += 1) {
      const answer = await http.get(url.replace(/\/graphql$/, '/healthz'), { connection: 'close' });
      expect(answer.status).toBe(200);
      pids.add((await servedBy([answer]))[0]!);
    }
    expect(pids.has(victim!)).toBe(false);
    expect(pids.size).toBe(2);
  }, 45_000);

  it('exits 0 on SIGTERM once every worker has drained', async () => {
    const workers = [
      ...new Set(logLines().flatMap((line) => (line.message === 'worker listening' ? [line.pid!] : []))),
    ];
    process.kill(service.child.pid!, 'SIGTERM');
    expect(await service.exited).toBe(0);
    const running = workers.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(running).toEqual([]);
  }, 20_000);
});
