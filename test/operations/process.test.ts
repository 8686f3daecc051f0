import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { TestHttp } from '../support/http';
import { buildService, spawnService, stopService, type ServiceProcess } from '../support/service-process';
import { realSleep, waitFor } from '../support/time';

/** Every upstream pointed at a sandbox of the test's own, so the test can slow it down. */
function liveEnv(sandbox: Sandbox): Record<string, string> {
  const { urls, keys } = sandbox;
  return {
    AGRI_BASE_URL: urls.agriculture,
    AGRI_API_KEY: keys.agriculture,
    MAP_API_BASE_URL: urls.maps,
    MAP_HOST_URL: urls.mapHost,
    MAP_API_KEY: keys.maps,
    HEALTH_BASE_URL: urls.healthcare,
    HEALTH_API_KEY: keys.healthcare,
    ADDRESS_BASE_URL: urls.address,
    ADDRESS_API_KEY: keys.address,
    ALLOW_ANONYMOUS: 'true',
  };
}

describe('the service as a process', () => {
  const running: ServiceProcess[] = [];
  const start = (env: Record<string, string>) => {
    const service = spawnService(env);
    running.push(service);
    return service;
  };
  beforeAll(() => buildService(), 120_000);
  afterEach(() => running.splice(0).forEach(stopService));

  describe('with a bad configuration', () => {
    const STACK_LINE = /^\s+at /m;

    it('stops with exit code 1 when AGRI_BASE_URL is not a URL, naming it, without a stack trace', async () => {
      const service = start({ AGRI_BASE_URL: 'not-a-url', AGRI_API_KEY: 'some-key' });
      expect(await service.exited).toBe(1);
      expect(service.output()).toMatch(/AGRI_BASE_URL is not a URL/);
      expect(service.output()).not.toMatch(STACK_LINE);
      expect(service.output()).not.toContain('some-key');
    });

    it('stops with exit code 1 when a base URL comes without its key, naming both variables', async () => {
      const service = start({ HEALTH_BASE_URL: 'https://health.example.com' });
      expect(await service.exited).toBe(1);
      expect(service.output()).toMatch(/HEALTH_BASE_URL is set but HEALTH_API_KEY is not/);
      expect(service.output()).not.toMatch(STACK_LINE);
      expect(service.output()).not.toContain('serving GraphQL');
    });

    it('stops with exit code 1 when OTEL_EXPORTER_OTLP_ENDPOINT is not a URL, naming it', async () => {
      const service = start({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' });
      expect(await service.exited).toBe(1);
      expect(service.output()).toMatch(/OTEL_EXPORTER_OTLP_ENDPOINT must be an http/);
      expect(service.output()).not.toMatch(STACK_LINE);
    });
  });

  describe('on SIGTERM', () => {
    let sandbox: Sandbox;
    const http = new TestHttp({ record: true });
    beforeAll(async () => {
      sandbox = await startSandbox();
    });
    afterAll(async () => {
      await http.close();
      await sandbox.close();
    });

    it('refuses new connections, finishes 50 in-flight slow queries with data, and exits 0', async () => {
      // NODE_ENV=production: Apollo's own signal handlers (on outside tests) re-raised SIGTERM, exit 143.
      const service = start({ ...liveEnv(sandbox), NODE_ENV: 'production' });
      await waitFor(() => /serving GraphQL at (\S+)\n/.test(service.output()), { timeoutMs: 30_000 });
      const url = /serving GraphQL at (\S+)\n/.exec(service.output())![1]!;
      // Live upstreams with ALLOW_ANONYMOUS: the banner warns that keyless callers spend them.
      expect(service.output()).toMatch(
        /ALLOW_ANONYMOUS is on: callers without a key spend the live upstreams/,
      );
      sandbox.controls.setLatency('agriculture', { fixedMs: 2500, jitterMs: 0 });
      const codes = sandbox.dataset.streets.slice(0, 50).map((s) => s.code);

      const inFlight = codes.map((code) =>
        http.post(url, { query: `{ loccode(code: "${code}") { code climate { __typename } } }` }),
      );
      // Well inside the upstream's 2.5 s: every query has reached the child process and waits on
      // agriculture, which logs nothing before it answers.
      await realSleep(1000);
      process.kill(service.child.pid!, 'SIGTERM');

      // Until the signal has reached the process (well inside the upstream's 2.5 s).
      const latecomer = new TestHttp();
      let refusal: unknown;
      const refused = async () => {
        refusal = await latecomer.get(url.replace('/graphql', '/healthz')).catch((error: Error) => error);
        return (refusal as { code?: string }).code === 'ECONNREFUSED';
      };
      await waitFor(refused, { timeoutMs: 1_000 }).catch(() => undefined);
      await latecomer.close();
      expect(refusal).toMatchObject({ code: 'ECONNREFUSED' });
      expect(sandbox.controls.count({ service: 'agriculture' })).toBe(0);

      const answers = await Promise.all(inFlight);
      expect(answers.map((a) => a.status)).toEqual(codes.map(() => 200));
      expect(answers.map((a) => a.json.errors)).toEqual(codes.map(() => undefined));
      expect(answers.map((a) => a.json.data.loccode.climate.__typename)).toEqual(codes.map(() => 'Climate'));
      expect(await service.exited).toBe(0);
      expect(service.output()).not.toContain('OpenTelemetry');
    }, 30_000);
  });

  describe('on SIGTERM with SHUTDOWN_DELAY_MS=3000 (README, Operations)', () => {
    const http = new TestHttp();
    afterAll(() => http.close());

    it('answers /readyz 503 to new connections while it still serves queries, then exits 0', async () => {
      const service = start({ SHUTDOWN_DELAY_MS: '3000' });
      await waitFor(() => /serving GraphQL at (\S+)\n/.test(service.output()), { timeoutMs: 30_000 });
      const url = /serving GraphQL at (\S+)\n/.exec(service.output())![1]!;
      expect((await http.get(url.replace('/graphql', '/readyz'))).status).toBe(200);

      process.kill(service.child.pid!, 'SIGTERM');
      // Fresh clients, as a balancer's probes are: the listener stays open, readiness turns to no.
      const probe = new TestHttp();
      let readiness = await probe.get(url.replace('/graphql', '/readyz'));
      // Until the signal has reached the process (well inside its 3 s of draining).
      const draining = async () => {
        readiness = await probe.get(url.replace('/graphql', '/readyz'));
        return readiness.status !== 200;
      };
      if (readiness.status === 200) await waitFor(draining, { timeoutMs: 1_000 }).catch(() => undefined);
      const query = await probe.post(url, { query: '{ loccode(code: "KN3A 7QP") { code } }' });
      await probe.close();
      expect(readiness.status).toBe(503);
      expect(readiness.json).toMatchObject({ status: 'draining' });
      expect(query.status).toBe(200);
      expect(query.json.data).toEqual({ loccode: { code: 'KN3A 7QP' } });
      expect(await service.exited).toBe(0);
    }, 30_000);
  });

  describe('on SIGTERM with requests slower than their deadline (REQUEST_DEADLINE_MS=1500)', () => {
    let sandbox: Sandbox;
    const http = new TestHttp();
    beforeAll(async () => {
      sandbox = await startSandbox();
    });
    afterAll(async () => {
      await http.close();
      await sandbox.close();
    });

    it('answers every in-flight request by its deadline and exits 0, without waiting for the upstream', async () => {
      const service = start({ ...liveEnv(sandbox), NODE_ENV: 'production', REQUEST_DEADLINE_MS: '1500' });
      await waitFor(() => /serving GraphQL at (\S+)\n/.test(service.output()), { timeoutMs: 30_000 });
      const url = /serving GraphQL at (\S+)\n/.exec(service.output())![1]!;
      // The upstream would take 8 s, past the request deadline: the drain waits for deadlines, not a fixed time.
      sandbox.controls.setLatency('agriculture', { fixedMs: 8000, jitterMs: 0 });
      const codes = sandbox.dataset.streets.slice(0, 10).map((s) => s.code);
      const inFlight = codes.map((code) =>
        http.post(url, { query: `{ loccode(code: "${code}") { code climate { __typename } } }` }),
      );
      // The queries reach the child process and wait on agriculture, which logs nothing before it answers.
      await realSleep(300);
      process.kill(service.child.pid!, 'SIGTERM');
      const exited = () => service.child.exitCode !== null || service.child.signalCode !== null;
      await waitFor(exited, { timeoutMs: 6_000, what: 'the process to exit' }).catch(() => undefined);
      expect(exited() ? await service.exited : 'still running').toBe(0);
      const answers = await Promise.all(inFlight);
      expect(answers.map((a) => a.status)).toEqual(codes.map(() => 200));
      expect(answers.map((a) => a.json.data.loccode.code)).toEqual(codes);
      expect(answers.map((a) => a.json.errors[0].extensions.code)).toEqual(
        codes.map(() => 'UPSTREAM_TIMEOUT'),
      );
    }, 30_000);
  });

  describe('with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
    let collector: Server;
    const batches: OtlpTraces[] = [];
    beforeAll(async () => {
      collector = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          if (req.url === '/v1/traces') batches.push(JSON.parse(body) as OtlpTraces);
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        });
      });
      await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise((resolve) => collector.close(resolve)));

    it('exports a span per operation with its upstream calls as children', async () => {
      const { port } = collector.address() as AddressInfo;
      const service = start({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` });
      await waitFor(() => service.output().includes('OpenTelemetry spans are exported'), {
        timeoutMs: 30_000,
      });
      const url = /serving GraphQL at (\S+)\n/.exec(service.output())![1]!;
      const http = new TestHttp();
      const query =
        'query Traced { loccode(code: "KN3A 7QP") { climate { __typename } address { __typename } } }';
      const answer = await http.post(url, { query });
      await http.close();
      expect(answer.json.errors).toBeUndefined();
      process.kill(service.child.pid!, 'SIGTERM');
      expect(await service.exited).toBe(0);

      const spans = batches.flatMap((b) =>
        b.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
      );
      const operation = spans.find((span) => span.name === 'query Traced');
      expect(operation).toBeDefined();
      const children = spans
        .filter((span) => span.parentSpanId === operation!.spanId)
        .map((span) => span.name);
      expect(children.sort()).toEqual(['address byLoccode', 'agriculture climate']);
      const serviceName = batches[0]!.resourceSpans[0]!.resource.attributes.find(
        (a) => a.key === 'service.name',
      );
      expect(serviceName?.value.stringValue).toBe('loccode-graph');
    }, 30_000);
  });
});

/** The parts of an OTLP/JSON trace export the test reads. */
interface OtlpTraces {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
    scopeSpans: Array<{ spans: Array<{ name: string; spanId: string; parentSpanId?: string }> }>;
  }>;
}
