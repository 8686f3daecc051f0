import { startApp, type App, type AppOptions } from '../../src/start/app';
import { loadConfig } from '../../src/start/config';
import type { Sandbox } from '../../src/sandbox';
import { TestHttp, type HttpResponse } from './http';
import { FIXED_NOW } from './sandbox';

export interface GraphQLResult {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
  errors?: Array<{ message: string; path?: Array<string | number>; extensions?: Record<string, unknown> }>;
  response: HttpResponse;
}

export interface TestStack {
  app: App;
  sandbox: Sandbox;
  http: TestHttp;
  /** POSTs a GraphQL request to the gateway, as a client would. */
  query(document: string, variables?: Record<string, unknown>): Promise<GraphQLResult>;
  close(): Promise<void>;
}

/**
 * Single-request semantics: no cross-request caches, no pacing, no retry, a circuit
 * that never opens. Suites that reuse one stack across tests count calls and read
 * error codes of one request at a time; the upstream-discipline suites (test/upstream)
 * and a golden run with production defaults turn it all back on.
 */
export const SINGLE_REQUEST_DISCIPLINE = {
  UPSTREAM_CACHE: 'off',
  RESPONSE_CACHE: 'off',
  UPSTREAM_PACING: 'off',
  UPSTREAM_MAX_ATTEMPTS: '1',
  CIRCUIT_FAILURE_THRESHOLD: '1000000',
  // Every request of a suite comes from one address; budgets have suites of their own.
  CLIENT_POINTS_PER_MINUTE: '100000000',
};

/** The gateway on a free port over the embedded sandbox (fixed clock), as `npm start` runs it. */
export async function startTestStack(
  env: Record<string, string> = SINGLE_REQUEST_DISCIPLINE,
  options: AppOptions = {},
): Promise<TestStack> {
  const app = await startApp(loadConfig({ PORT: '0', ...env }), { now: () => FIXED_NOW }, options);
  const http = new TestHttp({ record: true });
  return {
    app,
    sandbox: app.sandbox!,
    http,
    query: async (document, variables) => {
      const response = await http.post(app.url, { query: document, variables });
      return { status: response.status, data: response.json?.data, errors: response.json?.errors, response };
    },
    close: async () => {
      await http.close();
      await app.close();
    },
  };
}

/**
 * The stack for one `describe`: started before its tests, its sandbox switches reset
 * after each test, closed after the last. The handle reads the started stack, so use it
 * inside tests and hooks, not at the top of the `describe`.
 */
export function useTestStack(env?: Record<string, string>, options?: AppOptions): TestStack {
  let started: TestStack | undefined;
  beforeAll(async () => {
    started = await startTestStack(env, options);
  });
  afterEach(() => started?.sandbox.controls.reset());
  afterAll(() => started?.close());
  return new Proxy({} as TestStack, {
    get: (_target, member) => {
      if (!started) throw new Error('The test stack starts in beforeAll: use it inside tests and hooks.');
      return started[member as keyof TestStack];
    },
  });
}
