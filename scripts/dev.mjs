// `npm run dev`: the gateway rebuilt and restarted on every change, with Node and tsc alone
// (no watcher package). `tsc --watch` compiles into dist/ (incrementally); after its first
// pass, `node --watch` runs dist/src/start/main.js and restarts it when a file it loaded is
// rewritten. An edit of schema/*.graphql regenerates the resolver types, which tsc then picks
// up. Ctrl-C or SIGTERM stops both children, and this process exits once they have.
import { execFileSync, spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { clearTimeout, setTimeout } from 'node:timers';

const root = join(import.meta.dirname, '..');
const children = new Set();

function run(args, stdio) {
  const child = spawn(process.execPath, args, { cwd: root, stdio });
  children.add(child);
  child.on('exit', () => {
    children.delete(child);
    if (stopping && children.size === 0) process.exit(0);
    // One gone (a crash of tsc, say): stop the other too, rather than serve a stale build.
    stop('SIGTERM');
  });
  return child;
}

function codegen() {
  try {
    execFileSync(process.execPath, [join(root, 'scripts', 'codegen-if-stale.mjs')], {
      cwd: root,
      stdio: 'inherit',
    });
  } catch {
    // graphql-codegen printed why; tsc goes on with the last good types.
  }
}

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  schemaWatcher.close();
  clearTimeout(pending);
  if (children.size === 0) process.exit(0);
  // Each child's exit handler exits this process once the last one is gone.
  for (const child of children) child.kill(signal);
}

codegen();
let pending;
const schemaWatcher = watch(join(root, 'schema'), () => {
  clearTimeout(pending);
  pending = setTimeout(codegen, 100);
});

const tsc = run(
  [
    join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
    '-p',
    'tsconfig.build.json',
    '--watch',
    '--preserveWatchOutput',
  ],
  ['ignore', 'pipe', 'inherit'],
);
let server;
tsc.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  // "Found N errors. Watching for file changes.": the first build is written (errors or not).
  if (!server && !stopping && /Watching for file changes/.test(String(chunk)))
    server = run(['--watch', '--watch-preserve-output', join('dist', 'src', 'start', 'main.js')], 'inherit');
});

process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
