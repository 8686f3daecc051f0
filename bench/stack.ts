import { Agent, request } from 'undici';
import { peakRssMiB, rssMiB, startProcess, type Started } from './processes';
import { gatewayNode, runtimeEnv } from './runtime';

export interface Latency {
  fixedMs: number;
  jitterMs: number;
}

/** The sandbox in its own process, with its latency set; its switches and request log over HTTP. */
export class BenchSandbox {
  private readonly agent = new Agent({ connections: 8 });

  private constructor(
    private readonly process: Started,
    /** Its base URLs and keys, as the gateway's upstream variables. */
    readonly upstreamEnv: Record<string, string>,
    private readonly controlUrl: string,
  ) {}

  static async start(latency: Latency): Promise<BenchSandbox> {
    const sandbox = await startProcess(
      'dist/src/sandbox/cli.js',
      {
        SANDBOX_AGRICULTURE_PORT: '0',
        SANDBOX_MAPS_PORT: '0',
        SANDBOX_HEALTHCARE_PORT: '0',
        SANDBOX_ADDRESS_PORT: '0',
      },
      /Try: curl/,
    );
    const value = (name: string) => new RegExp(`${name}=(\\S+)`).exec(sandbox.output())![1]!;
    const upstreamEnv: Record<string, string> = {};
    for (const name of [
      'AGRI_BASE_URL',
      'AGRI_API_KEY',
      'MAP_API_BASE_URL',
      'MAP_HOST_URL',
      'MAP_API_KEY',
      'HEALTH_BASE_URL',
      'HEALTH_API_KEY',
      'ADDRESS_BASE_URL',
      'ADDRESS_API_KEY',
    ]) {
      upstreamEnv[name] = value(name);
    }
    const started = new BenchSandbox(sandbox, upstreamEnv, `${value('AGRI_BASE_URL')}/__sandbox`);
    await started.control('PUT', '/latency', { service: 'all', ...latency });
    return started;
  }

  /** Its process, for the bench to place on a core of its own (pinning.ts). */
  get pid(): number {
    return this.process.child.pid!;
  }

  async control(method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
    const res = await request(`${this.controlUrl}${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      dispatcher: this.agent,
    });
    return res.body.json();
  }

  /** Upstream requests the sandbox received, in all and refused with 429. */
  async upstreamCalls(): Promise<{ total: number; rateLimited: number; durations: number[] }> {
    const { requests } = (await this.control('GET', '/requests')) as {
      requests: Array<{ outcome: string; durationMs: number; at: number }>;
    };
    return {
      total: requests.length,
      rateLimited: requests.filter((r) => r.outcome === 'rate-limited').length,
      durations: requests.map((r) => r.durationMs),
    };
  }

  async stop(): Promise<void> {
    await this.agent.close();
    await this.process.stop();
  }
}

/** A gateway process over the sandbox, on the image's Node unless told otherwise (runtime.ts); its `/graphql` URL. */
export async function startGateway(
  sandbox: BenchSandbox,
  gatewayEnv: Record<string, string> = {},
  nodeOptions: string[] = [],
  node: string = gatewayNode(),
): Promise<{ process: Started; graphqlUrl: string }> {
  // The benchmark measures upstream discipline; one load generator is not a crowd of clients,
  // so client budgets stay out of its way (they have tests of their own).
  const env: Record<string, string> = {
    ...runtimeEnv(node),
    PORT: '0',
    ALLOW_ANONYMOUS: 'true',
    CLIENT_POINTS_PER_MINUTE: '100000000',
    ...sandbox.upstreamEnv,
    ...gatewayEnv,
  };
  const ready = /serving GraphQL at (\S+)/;
  const gateway = await startProcess('dist/src/start/main.js', env, ready, nodeOptions, node);
  return { process: gateway, graphqlUrl: ready.exec(gateway.output())![1]! };
}

/** The sandbox and the gateway, each in its own process, as in production. */
export class BenchStack {
  private readonly agent = new Agent({ connections: 64 });

  private constructor(
    private readonly sandbox: BenchSandbox,
    private readonly gateway: Started,
    readonly graphqlUrl: string,
  ) {}

  static async start(
    latency: Latency,
    gatewayEnv: Record<string, string> = {},
    gatewayNodeOptions: string[] = [],
  ): Promise<BenchStack> {
    const sandbox = await BenchSandbox.start(latency);
    const gateway = await startGateway(sandbox, gatewayEnv, gatewayNodeOptions);
    return new BenchStack(sandbox, gateway.process, gateway.graphqlUrl);
  }

  control(method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
    return this.sandbox.control(method, path, body);
  }

  /** Upstream requests the sandbox received, in all and refused with 429. */
  upstreamCalls(): Promise<{ total: number; rateLimited: number; durations: number[] }> {
    return this.sandbox.upstreamCalls();
  }

  /** One GraphQL POST; its latency in milliseconds. */
  async query(
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<{ ms: number; errors: unknown }> {
    const started = performance.now();
    const res = await request(this.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
      dispatcher: this.agent,
    });
    const body = (await res.body.json()) as { errors?: unknown };
    return { ms: performance.now() - started, errors: body.errors };
  }

  peakRssMiB(): number {
    return peakRssMiB(this.gateway.child.pid!);
  }

  /** The gateway's resident set size now, in MiB. */
  rssMiB(): number {
    return rssMiB(this.gateway.child.pid!);
  }

  /** What the gateway printed (the inspector's address, when started with --inspect). */
  gatewayOutput(): string {
    return this.gateway.output();
  }

  async stop(): Promise<void> {
    await this.agent.close();
    await this.gateway.stop();
    await this.sandbox.stop();
  }
}
