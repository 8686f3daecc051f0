import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Pool } from 'undici';
import { peerCalls } from './tailcall-config';

/*
 * The Node floor (floors.ts starts it): the least a Node gateway can do for the benchmark's
 * query. Each request needs the nine upstream answers: the requests that arrive while they are
 * out wait for the same nine calls (one flight, as identical queries share one execution in ours
 * and in Tailcall), each answer is read and parsed as JSON, and every waiting request then gets
 * the same bytes, our production answer captured once. No schema, no execution, no key, no
 * budget, no log, no metrics.
 *
 * argv: the answer's file, the port. UPSTREAM_ENV: the services' variables, as JSON.
 */
const [answerFile, port] = process.argv.slice(2);
const answer = readFileSync(answerFile!);
const calls = peerCalls(JSON.parse(process.env.UPSTREAM_ENV ?? '{}') as Record<string, string>);
const pools = new Map<string, Pool>();

function poolFor(origin: string): Pool {
  let pool = pools.get(origin);
  if (!pool) pools.set(origin, (pool = new Pool(origin)));
  return pool;
}

async function askAll(): Promise<void> {
  await Promise.all(
    calls.map(async ({ field, url, headers }) => {
      const res = await poolFor(url.origin).request({
        method: 'GET',
        path: url.pathname + url.search,
        headers,
      });
      const body: unknown = await res.body.json();
      if (res.statusCode !== 200)
        throw new Error(`${field.field}: ${res.statusCode} ${JSON.stringify(body).slice(0, 200)}`);
    }),
  );
}

let flight: Promise<void> | undefined;

createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    flight ??= askAll().finally(() => (flight = undefined));
    flight.then(
      () => {
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': answer.length,
        });
        res.end(answer);
      },
      (error: Error) => {
        const body = JSON.stringify({ errors: [{ message: error.message }] });
        res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
        res.end(body);
      },
    );
  });
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
