import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
/** A build of our own, so that a test never races another one rebuilding `dist/` under a running process. */
const BUILD_DIR = join(ROOT, '.cache', 'process-tests');

/** `npm run build`, into {@link BUILD_DIR}; the schema is found beside the build, as in `dist/`. */
export function buildService(): void {
  mkdirSync(BUILD_DIR, { recursive: true });
  execFileSync(
    join(ROOT, 'node_modules', '.bin', 'tsc'),
    ['-p', 'tsconfig.build.json', '--outDir', BUILD_DIR],
    { cwd: ROOT, timeout: 120_000, stdio: 'pipe' },
  );
  rmSync(join(BUILD_DIR, 'schema'), { force: true });
  symlinkSync(join(ROOT, 'schema'), join(BUILD_DIR, 'schema'));
}

export interface ServiceProcess {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  exited: Promise<number | null>;
}

/** `node <build>/src/start/main.js` with `env` added to ours, in its own process group (killed by {@link stopService}). */
export function spawnService(env: Record<string, string>): ServiceProcess {
  return spawnProcess(process.execPath, [join(BUILD_DIR, 'src', 'start', 'main.js')], { PORT: '0', ...env });
}

/**
 * Any command with `env` added to ours, its output collected, in its own process group so
 * that a signal reaches it and whatever it started (npm and its node) alike.
 */
export function spawnProcess(command: string, args: string[], env: Record<string, string>): ServiceProcess {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': by then everything it printed has been read.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Ends a process a test left running (after a failed assertion): its whole group, at once. */
export function stopService(service: ServiceProcess): void {
  if (service.child.exitCode === null && service.child.signalCode === null)
    process.kill(-service.child.pid!, 'SIGKILL');
}
