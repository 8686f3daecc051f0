import { useRedis } from '../support/redis';
import { countingOnRedis, useReplicas } from '../support/replicas';
import { waitFor } from '../support/time';

/*
 * One replica's discovery of an outage spares the others. When a replica's circuit
 * for a service opens, the others stop calling that service for the same open interval.
 */

const redis = useRedis();

describe('three replicas sharing one Redis: circuits', () => {
  const replicas = useReplicas(3, () =>
    countingOnRedis(redis, {
      CIRCUIT_FAILURE_THRESHOLD: '3',
      CIRCUIT_OPEN_MS: '1500',
    }),
  );

  it('an open circuit on replica A keeps B and C from calling, until the open interval is over', async () => {
    const codes = replicas.sandbox.dataset.streets.slice(0, 6).map((street) => street.code);
    const address = (replica: number, code: string) =>
      replicas.query(replica, `{ loccode(code: "${code}") { address { streetName } } }`);
    const calls = () => replicas.sandbox.controls.count({ service: 'address' });
    replicas.sandbox.controls.injectFault({ service: 'address', kind: 'status', status: 500 });
    for (const code of codes.slice(0, 3)) await address(0, code);
    expect(calls()).toBe(3);

    for (const replica of [1, 2]) {
      const refused = await address(replica, codes[3]!);
      expect(refused.errors![0]!.extensions).toMatchObject({
        code: 'UPSTREAM_UNAVAILABLE',
        service: 'address',
        retryAfterSeconds: expect.any(Number),
      });
      expect(refused.errors![0]!.message).toMatch(/not calling it for now/);
    }
    expect(calls()).toBe(3);

    replicas.sandbox.controls.clearFaults();
    // Redis expires the shared circuit in real time; refused queries call nothing meanwhile.
    await waitFor(async () => (await address(1, codes[4]!)).errors === undefined, {
      timeoutMs: 5_000,
      everyMs: 100,
      what: "replica B's query answered",
    });
    expect(calls()).toBe(4);
  });
});
