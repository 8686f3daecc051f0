import { failWithStatus } from '../support/sandbox';
import { SINGLE_REQUEST_DISCIPLINE } from '../support/gateway';
import { useRedis } from '../support/redis';
import { countingOnRedis, useReplicas, type Replicas } from '../support/replicas';

/*
 * Single flight across replicas. The first replica to ask a cold key makes the one
 * upstream call; the others wait for its answer in Redis. A failure, or an answer that is not
 * kept, releases them at once into their own call.
 */

const redis = useRedis();

const climateOf = (code: string) =>
  `{ loccode(code: "${code}") { code climate { state airTemperatureCelsius } } }`;

/** The same query `times` times at once, round-robin over the replicas. */
function burst(replicas: Replicas, document: string, times: number) {
  return Promise.all(
    Array.from({ length: times }, (_, index) => replicas.query(index % replicas.apps.length, document)),
  );
}

describe('three replicas sharing one Redis: one flight per cold key', () => {
  const replicas = useReplicas(3, () => countingOnRedis(redis, { UPSTREAM_CACHE: 'on' }));
  // Each call takes long enough for all 30 requests to arrive while the first is on its way.
  beforeEach(() => replicas.sandbox.controls.setLatency('agriculture', { fixedMs: 300, jitterMs: 0 }));
  afterEach(() => replicas.sandbox.controls.reset());

  it('the same cold query sent 30 times at once, spread over the three replicas: one upstream call', async () => {
    const street = replicas.sandbox.dataset.streets[10]!;
    const answers = await burst(replicas, climateOf(street.code), 30);
    for (const { status, data, errors } of answers) {
      expect(status).toBe(200);
      expect(errors).toBeUndefined();
      expect(data.loccode.climate.state).toBe(street.state);
    }
    expect(replicas.sandbox.controls.counts()).toEqual({ 'agriculture/climate': 1 });
  });

  it('hands a remembered "not found" to the waiting replicas: one upstream call', async () => {
    const answers = await burst(replicas, climateOf('ZZ9Z 9ZY'), 30);
    for (const { errors } of answers)
      expect(errors![0]!.extensions).toMatchObject({ code: 'LOCCODE_NOT_FOUND', service: 'agriculture' });
    expect(replicas.sandbox.controls.counts()).toEqual({ 'agriculture/climate': 1 });
  });

  it('releases the waiting replicas as soon as the call fails: each then asks once for itself', async () => {
    const street = replicas.sandbox.dataset.streets[11]!;
    failWithStatus(replicas.sandbox.controls, 'agriculture', 'climate', { status: 503 });
    const started = Date.now();
    const answers = await burst(replicas, climateOf(street.code), 30);
    const elapsed = Date.now() - started;
    for (const { status, errors } of answers) {
      expect(status).toBe(200);
      expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', service: 'agriculture' });
    }
    // Two 300 ms calls one after the other, not a wait for the lock to expire (the request deadline).
    expect(elapsed).toBeLessThan(2000);
    expect(replicas.sandbox.controls.count({ service: 'agriculture', operation: 'climate' })).toBe(3);
  });
});

describe('three replicas without REDIS_URL', () => {
  const replicas = useReplicas(3, () => ({ ...SINGLE_REQUEST_DISCIPLINE, UPSTREAM_CACHE: 'on' }));

  it('make one flight each: the same cold query 30 times at once costs three upstream calls', async () => {
    replicas.sandbox.controls.setLatency('agriculture', { fixedMs: 300, jitterMs: 0 });
    const street = replicas.sandbox.dataset.streets[10]!;
    const answers = await burst(replicas, climateOf(street.code), 30);
    for (const { data } of answers) expect(data.loccode.climate.state).toBe(street.state);
    expect(replicas.sandbox.controls.counts()).toEqual({ 'agriculture/climate': 3 });
  });
});
