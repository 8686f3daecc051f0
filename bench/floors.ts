import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './redis';
import { gatewayNode } from './runtime';

/** A floor's server, started in a process of its own. */
export interface Floor {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The bare floor (bare-http-server.ts): node:http answering every request with our answer's
 * bytes and nothing else; the target is a response-cache hit within 3x of it. On the
 * gateway's Node (runtime.ts), so that the two servers compare on one runtime; with
 * `workers` above 1, that many node:cluster workers behind one port (the floor for WORKERS).
 */
export function startBareHttp(body: string, node: string = gatewayNode(), workers = 1): Promise<Floor> {
  return startServing(node, 'the bare node:http server', [join(__dirname, 'bare-http-server.js')], body, {
    BARE_WORKERS: String(workers),
  });
}

/**
 * The floor at upstream latency: node-floor-server.ts, which makes the query's nine
 * upstream calls once for the requests that wait on them and answers `body`. On the gateway's
 * Node, over the services `upstreamEnv` names.
 */
export function startNodeFloor(
  body: string,
  upstreamEnv: Record<string, string>,
  node: string = gatewayNode(),
): Promise<Floor> {
  return startServing(node, 'the Node floor', [join(__dirname, 'node-floor-server.js')], body, {
    UPSTREAM_ENV: JSON.stringify(upstreamEnv),
  });
}

/** Runs `node ...script <answer file> <port>` and waits for its `ready`. */
async function startServing(
  node: string,
  name: string,
  script: string[],
  body: string,
  env: Record<string, string>,
): Promise<Floor> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  const file = join(dir, 'answer.json');
  writeFileSync(file, body);
  const port = await freePort();
  const child = spawn(node, [...script, file, String(port)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${name} exited ${code}`)));
    child.stdout!.once('data', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
