import { RateLimiter, type Admission, type LimitRule } from '../../src/upstream/rate-limiter';
import type { CoordinatedLimiter } from '../../src/upstream/coordinated-limiter';
import type { FakeClock } from './time';

/** The fields every limiter answers (a coordinated one may add what the upstream told). */
function plain({ allowed, waitMs, limit, remaining, fullInMs }: Admission): Admission {
  return { allowed, waitMs, limit, remaining, fullInMs };
}

/** A small deterministic generator, so a failure replays. */
function random(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    // The high bits: an LCG's low bits repeat with a short period.
    return Math.floor((state / 2 ** 31) * below);
  };
}

/**
 * 400 random operations (take, peek, waitMs, giveBack, fullAt, time passing) on two keys, run
 * on the in-memory limiter and on `limiters` (taking turns, as replicas or workers do) on the
 * same clock: the answers that differ, which should be none, and whether any take was refused
 * (so that the script exercised refusals and waits, not only admissions).
 */
export async function differencesFromMemory(
  clock: FakeClock,
  rule: LimitRule,
  limiters: CoordinatedLimiter[],
): Promise<{ differing: Array<[string, unknown, unknown]>; refused: boolean }> {
  const memory = new RateLimiter(clock);
  const next = random(rule.kind === 'window' ? 7 : 11);
  const answers: Array<[string, unknown, unknown]> = [];
  for (let step = 0; step < 400; step += 1) {
    const other = limiters[step % limiters.length]!;
    const key = `k${next(2)}`;
    const cost = next(5);
    const op = next(7);
    if (op <= 1)
      answers.push([`take ${cost}`, memory.take(key, rule, cost), plain(await other.take(key, rule, cost))]);
    else if (op === 2) answers.push(['peek', memory.peek(key, rule), plain(await other.peek(key, rule))]);
    else if (op === 3)
      answers.push([`waitMs ${cost}`, memory.waitMs(key, rule, cost), await other.waitMs(key, rule, cost)]);
    else if (op === 4) {
      memory.giveBack(key, rule, cost);
      await other.giveBack(key, rule, cost);
    } else if (op === 5) {
      const at = clock.now() + next(2_000);
      memory.fullAt(key, rule, at);
      await other.fullAt(key, rule, at);
    } else await clock.advance(next(400));
  }
  return {
    differing: answers.filter(([, a, b]) => JSON.stringify(a) !== JSON.stringify(b)),
    refused: answers.some(([, inMemory]) => (inMemory as Admission).allowed === false),
  };
}
