import { RestartBackoff } from '../../src/start/restart-backoff';
import { FakeClock } from '../support/time';

describe("the primary's wait before replacing a dead worker (README, Every core)", () => {
  it('is 250 ms after a lone death, doubled for each other death of the last minute, at most 30 s', async () => {
    const clock = new FakeClock(0);
    const backoff = new RestartBackoff(clock);
    expect([backoff.next(), backoff.next(), backoff.next()]).toEqual([250, 500, 1000]);
    for (let death = 0; death < 10; death += 1) backoff.next();
    expect(backoff.next()).toBe(30_000);
    // A minute later the earlier deaths are forgotten.
    await clock.advance(60_000);
    expect(backoff.next()).toBe(250);
  });
});
