import type { Clock } from '../../src/kernel/clock';
import { recoveredRule } from '../../src/upstream/coordinated-limiter';
import { ClusterRateLimiter } from '../../src/upstream/cluster-rate-limiter';
import { primaryOn } from '../support/limiter-primary';
import {
  describeCase,
  expectedObservation,
  observeCase,
  RECOVERY_CASES,
  SUPERSEDING_LIMITS,
  supersedingSequence,
} from '../support/recovery-cases';

/*
 * A limit learned from an upstream's refusals climbs back to the documented one, step by
 * step, on an injected clock: the table of test/support/recovery-cases.ts against the pure
 * function and against the cluster primary's host (WORKERS > 1), as workers reach it.
 * test/shared/pacing-recovery.test.ts runs the same table against the Redis scripts.
 */

const atHost = (clock: Clock) => new ClusterRateLimiter(primaryOn(clock).worker(), 'pace:agriculture:');

describe('a learned limit recovering, case by case', () => {
  it.each(RECOVERY_CASES.map((row) => [describeCase(row), row] as const))(
    'recoveredRule: %s',
    (_name, row) => {
      const learnedAt = 1_000_000;
      expect(
        recoveredRule(row.documented, { rule: row.learned, learnedAt }, learnedAt + row.elapsedMs),
      ).toEqual(row.expected);
    },
  );

  it.each(RECOVERY_CASES.map((row) => [describeCase(row), row] as const))(
    "the cluster primary's host: %s",
    async (_name, row) => {
      expect(await observeCase(atHost, row)).toEqual(expectedObservation(row.expected));
    },
  );

  it("the cluster primary's host: a lower lesson restarts the climb, a higher one is ignored", async () => {
    expect(await supersedingSequence(atHost)).toEqual(SUPERSEDING_LIMITS);
  });

  it('recoveredRule: without a lesson, or with one no lower than the documented rule, the documented rule', () => {
    const documented = RECOVERY_CASES[0]!.documented;
    expect(recoveredRule(documented, undefined, 0)).toEqual(documented);
    expect(recoveredRule(documented, { rule: documented, learnedAt: 0 }, 0)).toEqual(documented);
  });
});
