import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The repository (this file runs from dist/bench). */
export const ROOT = join(__dirname, '..', '..');

export interface Started {
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts a built entry point (dist/...) in its own process and waits for `ready` in its output;
 * on the bench's own Node unless `node` names another binary (runtime.ts).
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  ready: RegExp,
  nodeOptions: string[] = [],
  node: string = process.execPath,
): Promise<Started> {
  const child = spawn(node, [...nodeOptions, join(ROOT, entry)], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  while (!ready.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`${entry} did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Peak resident set size of a process so far, in MiB (Linux VmHWM). */
export function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round((kib / 1024) * 10) / 10;
}

/** Resident set size of a process now, in MiB (Linux VmRSS). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round((kib / 1024) * 10) / 10;
}

/** A process and its descendants (a cluster's primary and its workers), parents first. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // Gone since the listing.
    }
    // "pid (comm) state ppid ...": the command may hold spaces and parentheses, so read after the last ")".
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** Clock ticks a second of /proc's CPU times (`getconf CLK_TCK`; 100 on every Linux build we run). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user and system, every thread) a process and its descendants have used so far:
 * what a request costs the server, whichever process the load generator leaves short of CPU.
 */
export function cpuSeconds(pid: number): number {
  let ticks = 0;
  for (const member of processTree(pid)) {
    try {
      const stat = readFileSync(`/proc/${member}/stat`, 'utf8');
      // After "pid (comm) ": state is field 3, utime and stime fields 14 and 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone since the listing: its time is lost with it (a worker does not exit under load).
    }
  }
  return ticks / CLOCK_TICKS_PER_SECOND;
}
