import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { ROOT } from './processes';
import { freePort } from './redis';
import { normalisedUpstreamEnv, tailcallConfig, type InferredTypes } from './tailcall-config';

/**
 * Tailcall 1.0 (Rust) as a benchmark peer, in its own process over the
 * same sandbox as our gateway. Its package lives in bench/tailcall with its own lock file,
 * out of the gateway's install; the bench installs it the first time it is needed.
 */
const PACKAGE_DIR = join(ROOT, 'bench', 'tailcall');
const BINARY = join(PACKAGE_DIR, 'node_modules', '@tailcallhq', 'core-linux-x64-gnu', 'bin', 'tailcall');

/** The binary's path, installed from bench/tailcall/package-lock.json when missing. */
export function tailcallBinary(): string {
  if (!existsSync(BINARY)) {
    process.stderr.write('installing Tailcall 1.0.0 into bench/tailcall (once)\n');
    execFileSync('npm', ['ci', '--prefix', PACKAGE_DIR, '--no-audit', '--no-fund'], { stdio: 'inherit' });
  }
  return BINARY;
}

export interface TailcallPeer {
  pid: number;
  graphqlUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts Tailcall on a configuration written into a fresh temporary directory (removed on
 * stop), with the gateway's upstream variables in its environment; resolves once it answers.
 */
export async function startTailcall(
  types: InferredTypes,
  upstreamEnv: Record<string, string>,
  cacheMs?: Record<string, number>,
): Promise<TailcallPeer> {
  const binary = tailcallBinary();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'loccode-tailcall-'));
  const config = join(dir, 'tailcall.graphql');
  writeFileSync(config, tailcallConfig(types, { port, ...(cacheMs && { cacheMs }) }));
  const child = spawn(binary, ['start', config], {
    // TC_TRACKER: no usage report home; the log at error level, so a measured round writes nothing.
    env: {
      ...process.env,
      ...normalisedUpstreamEnv(upstreamEnv),
      TAILCALL_LOG_LEVEL: 'error',
      TC_TRACKER: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const graphqlUrl = `http://127.0.0.1:${port}/graphql`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`Tailcall did not start:\n${output}`);
    }
    try {
      const res = await request(graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query":"{ __typename }"}',
      });
      await res.body.text();
      if (res.statusCode === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { pid: child.pid!, graphqlUrl, stop };
}
