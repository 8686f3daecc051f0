import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { processTree } from './processes';

/**
 * Whether the sandbox can have a core of its own for a measurement: at least two cores, and
 * util-linux's `taskset` to say which process runs where.
 */
export function canSetSandboxApart(): boolean {
  if (availableParallelism() < 2) return false;
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `measure` with every thread of the sandbox on the last core and every thread of the
 * contender's processes and of this one (the load generator) on the others, then lets them
 * all run anywhere again. At 80 ms upstream latency a wave ends with the sandbox's last answer:
 * sharing cores, that answer waits behind whatever the gateway and the load generator do then,
 * and the gateways' rows close up (BENCHMARKS.md, "Where the 80 ms row stands").
 */
export async function withSandboxApart<T>(
  sandboxPid: number,
  contenderPid: number,
  measure: () => Promise<T>,
): Promise<T> {
  const last = availableParallelism() - 1;
  const sandbox = processTree(sandboxPid);
  const others = [...processTree(contenderPid), process.pid];
  place(sandbox, String(last));
  place(others, last === 1 ? '0' : `0-${last - 1}`);
  try {
    return await measure();
  } finally {
    place([...sandbox, ...others], `0-${last}`);
  }
}

function place(pids: number[], cpus: string): void {
  for (const pid of pids) {
    try {
      // -a: every thread of the process (Node's and Tailcall's workers included).
      execFileSync('taskset', ['-a', '-pc', cpus, String(pid)], { stdio: 'ignore' });
    } catch {
      // Gone since the listing: nothing of it to place.
    }
  }
}
