import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * A real Redis for the replicas benchmark and the shared-state tests: Debian's
 * `redis-server`, started on a free port with nothing saved to disk. `.ci/run` installs it.
 */
export interface LocalRedis {
  url: string;
  port: number;
  /** Stops the server (as an outage would); `start()` brings it back on the same port, empty. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open and nothing answers, as a hung Redis. */
  pause(): void;
  /** Lets a paused server go on (SIGCONT), with what it held. */
  resume(): void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function launch(port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        child.stdout!.off('data', onData);
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.once('error', (error) =>
      reject(
        new Error(`redis-server could not start (${error.message}); install Debian's redis-server package.`),
      ),
    );
    child.once('exit', (code) =>
      reject(new Error(`redis-server exited with ${code}: ${output.slice(-500)}`)),
    );
  });
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // A paused server takes SIGTERM only once it runs again.
    child.kill('SIGCONT');
    child.kill('SIGTERM');
  });
}

export async function startRedis(): Promise<LocalRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined = await launch(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: async () => {
      if (child) await stopped(child);
      child = undefined;
    },
    start: async () => {
      child ??= await launch(port);
    },
    pause: () => {
      child?.kill('SIGSTOP');
    },
    resume: () => {
      child?.kill('SIGCONT');
    },
  };
}
