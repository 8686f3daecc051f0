import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/*
 * The bare node:http floor (floors.ts starts it): every request gets the same bytes, our
 * production answer captured once, and nothing else: no key, no budget, no log. The peer
 * report compares a response-cache hit with it, the least any Node server could spend.
 *
 * With BARE_WORKERS above 1 it is that many node:cluster workers behind the one port, as
 * `WORKERS` makes ours: what Node itself gains from a second process on this machine, with the
 * load generator on the same cores.
 *
 * argv: the answer's file, the port.
 */
const [answerFile, port] = process.argv.slice(2);
const workers = Number(process.env.BARE_WORKERS ?? 1);

if (workers > 1 && cluster.isPrimary) {
  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === workers) process.stdout.write('ready\n');
  });
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(0);
  });
  for (let count = 0; count < workers; count += 1) cluster.fork();
} else {
  const body = readFileSync(answerFile!);
  createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': body.length,
      });
      res.end(body);
    });
  }).listen(Number(port), '127.0.0.1', () => {
    if (workers <= 1) process.stdout.write('ready\n');
  });
}
