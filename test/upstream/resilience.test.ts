import { UpstreamError } from '../../src/kernel/errors';
import { Metrics } from '../../src/observability/metrics';
import { Resilience } from '../../src/upstream/resilience';

/*
 * Retries and the circuit (cockatiel) on jest's fake timers: the circuit reads the default
 * clock, which reads Date, and cockatiel waits between retries on setTimeout; both are the
 * globals faked here, so nothing sleeps.
 */

const outage = () => new UpstreamError('maps', 'UPSTREAM_UNAVAILABLE', 'down', undefined, true);
const rateLimited = (seconds: number) =>
  new UpstreamError('maps', 'UPSTREAM_RATE_LIMITED', 'slow down', seconds, true);

function resilience(maxAttempts = 1) {
  return new Resilience('maps', { failureThreshold: 3, halfOpenAfterMs: 10_000, maxAttempts }, new Metrics());
}

/** An attempt that fails with `failures` in turn, then answers `ok`. */
function scripted(...failures: UpstreamError[]) {
  const attempt = jest.fn(async () => {
    const next = failures.shift();
    if (next) throw next;
    return 'ok';
  });
  return attempt;
}

describe('retries and the circuit of one upstream, on fake timers', () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  it('opens after 3 consecutive outages, then refuses at once without calling, for the open interval', async () => {
    const policy = resilience();
    const attempt = scripted(outage(), outage(), outage());
    for (let call = 0; call < 3; call += 1)
      await expect(policy.execute(attempt, 'transient')).rejects.toThrow('down');
    const refused = await policy.execute(attempt, 'transient').catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', retryAfterSeconds: 10 });
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(policy.ready).toBe(false);
  });

  it('lets one probe through once the open interval is over, and closes again when it answers', async () => {
    const policy = resilience();
    const attempt = scripted(outage(), outage(), outage());
    for (let call = 0; call < 3; call += 1) await policy.execute(attempt, 'transient').catch(() => undefined);
    jest.advanceTimersByTime(10_000);
    expect(policy.ready).toBe(true);
    await expect(policy.execute(attempt, 'transient')).resolves.toBe('ok');
    await expect(policy.execute(attempt, 'transient')).resolves.toBe('ok');
    expect(attempt).toHaveBeenCalledTimes(5);
  });

  it('retries a rate-limited read after the Retry-After the upstream gave', async () => {
    const policy = resilience(2);
    const attempt = scripted(rateLimited(2));
    const answer = policy.execute(attempt, 'transient');
    await jest.advanceTimersByTimeAsync(1_999);
    expect(attempt).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toBe('ok');
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  it('does not retry what is not transient, nor a call that is not safe to send twice', async () => {
    const policy = resilience(2);
    const notFound = scripted(new UpstreamError('maps', 'NOT_FOUND', 'no such place'));
    await expect(policy.execute(notFound, 'transient')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(notFound).toHaveBeenCalledTimes(1);
    const unsafe = scripted(outage());
    await expect(policy.execute(unsafe, 'none')).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(unsafe).toHaveBeenCalledTimes(1);
  });

  it('retries a billed call only after a refusal that billed nothing (maps spec, Limits rule 4)', async () => {
    const policy = resilience(2);
    const failed = scripted(outage());
    await expect(policy.execute(failed, 'unbilled')).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(failed).toHaveBeenCalledTimes(1);
    const refused = scripted(rateLimited(1));
    const answer = policy.execute(refused, 'unbilled');
    await jest.advanceTimersByTimeAsync(1_000);
    await expect(answer).resolves.toBe('ok');
    expect(refused).toHaveBeenCalledTimes(2);
  });
});
