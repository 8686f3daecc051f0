import { SINGLE_REQUEST_DISCIPLINE, useTestStack } from '../support/gateway';
import { FakeClock } from '../support/time';

/**
 * After an upstream comes back the circuit must not stay open its full time, and a refusal
 * must not name the full wait whatever the time left. The circuit half-opens after
 * CIRCUIT_OPEN_MS, lets one probe through at a time, and refusals give the real remaining wait. Circuits run on the gateway's clock: the tests move it.
 */

describe('an upstream circuit (CIRCUIT_FAILURE_THRESHOLD=3)', () => {
  const clock = new FakeClock();
  const stack = useTestStack({ ...SINGLE_REQUEST_DISCIPLINE, CIRCUIT_FAILURE_THRESHOLD: '3' }, { clock });
  const address = (code: string) => stack.query(`{ loccode(code: "${code}") { address { streetName } } }`);
  const calls = () => stack.sandbox.controls.count({ service: 'address' });
  const codes = () => stack.sandbox.dataset.streets.map((street) => street.code);

  it('lets a single probe through when half-open, however many requests arrive together', async () => {
    stack.sandbox.controls.injectFault({ service: 'address', kind: 'status', status: 500 });
    for (const code of codes().slice(0, 3)) await address(code);
    expect(calls()).toBe(3);
    clock.moveTo(clock.now() + 1100);
    // Still failing: ten requests at once, one probe, and the circuit opens again.
    const answers = await Promise.all(codes().slice(3, 13).map(address));
    expect(calls()).toBe(4);
    expect(answers.map((answer) => answer.errors![0]!.extensions!.code)).toEqual(
      Array.from({ length: 10 }, () => 'UPSTREAM_UNAVAILABLE'),
    );
    // Back: the next probe succeeds about a second later, and everything flows again.
    stack.sandbox.controls.clearFaults();
    clock.moveTo(clock.now() + 1100);
    const back = await Promise.all(codes().slice(13, 18).map(address));
    expect(back.map((answer) => answer.errors)).toEqual(Array.from({ length: 5 }, () => undefined));
    expect(calls()).toBe(9);
  });
});

describe('retryAfterSeconds while a circuit is open (CIRCUIT_OPEN_MS=5000)', () => {
  const clock = new FakeClock();
  const stack = useTestStack(
    { ...SINGLE_REQUEST_DISCIPLINE, CIRCUIT_FAILURE_THRESHOLD: '1', CIRCUIT_OPEN_MS: '5000' },
    { clock },
  );

  it('is the time left before the next probe, not the whole interval', async () => {
    stack.sandbox.controls.injectFault({ service: 'address', kind: 'status', status: 500 });
    const [first, second] = stack.sandbox.dataset.streets.map((street) => street.code);
    await stack.query(`{ loccode(code: "${first}") { address { streetName } } }`);
    const early = await stack.query(`{ loccode(code: "${second}") { address { streetName } } }`);
    expect(early.errors![0]!.extensions).toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      retryAfterSeconds: 5,
    });
    clock.moveTo(clock.now() + 2100);
    const later = await stack.query(`{ loccode(code: "${second}") { address { streetName } } }`);
    expect(later.errors![0]!.extensions!.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(later.errors![0]!.extensions!.retryAfterSeconds).toBe(3);
  });
});
