import { KeyFailures } from '../../src/server/access/key-failures';
import { FakeClock } from '../support/time';

describe('wrong keys per address (FAILED_KEYS_PER_MINUTE)', () => {
  it('locks an address after its allowance of wrong keys, for as long as one takes to drain', async () => {
    // 6 a minute: one wrong key drains every 10 s.
    const clock = new FakeClock(0);
    const failures = new KeyFailures(6, clock);
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect(failures.lockedForSeconds('10.0.0.1')).toBe(0);
      failures.failed('10.0.0.1');
    }
    expect(failures.lockedForSeconds('10.0.0.1')).toBe(10);
    expect(failures.lockedForSeconds('10.0.0.2')).toBe(0);
    await clock.advance(7_500);
    expect(failures.lockedForSeconds('10.0.0.1')).toBe(3);
    await clock.advance(2_500);
    expect(failures.lockedForSeconds('10.0.0.1')).toBe(0);
    failures.failed('10.0.0.1');
    expect(failures.lockedForSeconds('10.0.0.1')).toBe(10);
  });
});
