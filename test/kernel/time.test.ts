import { FakeClock } from '../support/time';

describe('the fake clock of the unit tests', () => {
  it('wakes a sleeper only once time has been advanced past its wait', async () => {
    const clock = new FakeClock(1_000);
    let woke = false;
    void clock.sleep(500).then(() => (woke = true));
    await clock.advance(499);
    expect(woke).toBe(false);
    await clock.advance(1);
    expect(woke).toBe(true);
    expect(clock.now()).toBe(1_500);
  });
});
