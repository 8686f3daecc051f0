import { connect } from 'node:net';
import { SINGLE_REQUEST_DISCIPLINE, startTestStack, useTestStack } from '../support/gateway';
import { waitFor } from '../support/time';

/**
 * `/healthz` is liveness; `/readyz` stays 200 while the replica can serve
 * anything (one upstream down included, since every replica shares it) and is 503 while it drains.
 */
describe('GET /readyz and /healthz', () => {
  const stack = useTestStack({
    ...SINGLE_REQUEST_DISCIPLINE,
    CIRCUIT_FAILURE_THRESHOLD: '2',
    // Long enough that the circuit stays open for the whole test.
    CIRCUIT_OPEN_MS: '60000',
  });
  const base = () => stack.app.url.replace(/\/graphql$/, '');
  /** Every upstream's readiness: agriculture's as given, the others sandboxed. */
  const agricultureIs = (agriculture: string) => ({
    agriculture,
    maps: 'sandboxed',
    healthcare: 'sandboxed',
    address: 'sandboxed',
  });

  it('lists every upstream as sandboxed while all are simulated and well', async () => {
    const ready = await stack.http.get(`${base()}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({
      status: 'ready',
      upstreams: agricultureIs('sandboxed'),
    });
  });

  it('stays 200 with one upstream down: degraded after a failure, open-circuit once the circuit opens', async () => {
    stack.sandbox.controls.injectFault({ service: 'agriculture', kind: 'status', status: 500 });
    const [first, second] = stack.sandbox.dataset.streets.slice(0, 2).map((street) => street.code);
    await stack.query(`{ loccode(code: "${first}") { climate { __typename } } }`);
    const degraded = await stack.http.get(`${base()}/readyz`);
    expect(degraded.status).toBe(200);
    expect(degraded.json.upstreams).toEqual(agricultureIs('degraded'));

    await stack.query(`{ loccode(code: "${second}") { climate { __typename } } }`);
    const open = await stack.http.get(`${base()}/readyz`);
    expect(open.status).toBe(200);
    expect(open.json).toEqual({
      status: 'ready',
      upstreams: agricultureIs('open-circuit'),
    });
    // The other domains still answer.
    const { data, errors } = await stack.query('{ loccode(code: "KN3A 7QP") { address { __typename } } }');
    expect(errors).toBeUndefined();
    expect(data.loccode.address.__typename).toBe('Address');
    expect((await stack.http.get(`${base()}/healthz`)).status).toBe(200);
    const metrics = await stack.http.get(`${base()}/metrics`);
    expect(metrics.text).toContain('loccode_upstream_circuit_state{service="agriculture"} 1');
  });
});

describe('GET /readyz while draining', () => {
  it('is 503 "draining" once close() has begun, while an in-flight request finishes', async () => {
    const stack = await startTestStack({ ...SINGLE_REQUEST_DISCIPLINE, UPSTREAM_TIMEOUT_MS: '300' });
    const { port } = new URL(stack.app.url);
    // The agriculture call hangs until the gateway's timeout: the request stays in flight meanwhile.
    stack.sandbox.controls.injectFault({ service: 'agriculture', kind: 'hang', times: 1 });
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const body = JSON.stringify({ query: '{ loccode(code: "KN3A 7QP") { climate { __typename } } }' });
    socket.write(
      `POST /graphql HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await waitFor(() => stack.sandbox.controls.count({ service: 'agriculture' }) > 0);

    const closing = stack.close();
    // The same connection: a new one would be refused, the listener is closed.
    socket.write('GET /readyz HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
    await closing;
    await closed;
    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
    expect(answers[0]).toContain('UPSTREAM_TIMEOUT');
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503 /);
    expect(answers[1]).toContain('"status":"draining"');
  });
});
