import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './redis';
import { gatewayNode } from './runtime';

/*
 * The floor of issue #17 item 3: a bare node:http server in a process of its own, answering
 * every request with the same bytes (our answer, captured once) and nothing else: no key, no
 * budget, no log. "A response-cache hit costs within 3x of it".
 */
const SERVER = `
const { readFileSync } = require('node:fs');
const body = readFileSync(process.argv[1]);
require('node:http')
  .createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    });
  })
  .listen(Number(process.argv[2]), '127.0.0.1', () => process.stdout.write('ready\\n'));
`;

/** On the gateway's Node (runtime.ts), so that item 3 compares two servers on one runtime. */
export async function startBareHttp(
  body: string,
  node: string = gatewayNode(),
): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'bare-http-'));
  const file = join(dir, 'answer.json');
  writeFileSync(file, body);
  const port = await freePort();
  const child = spawn(node, ['-e', SERVER, file, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare node:http server exited ${code}`)));
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
