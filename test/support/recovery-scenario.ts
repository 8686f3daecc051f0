import type { GraphQLResult } from './gateway';
import type { Replicas } from './replicas';
import { FakeClock } from './time';

/*
 * Two bare 429s from agriculture (its spec documents no rate-limit headers), then a minute
 * of quiet, through real HTTP: one process, workers sharing a primary, or replicas sharing
 * Redis, on one injected clock. Each query makes one agriculture call (climate), and the
 * sandbox's own limit (60 a minute, in real time) is never reached.
 */

export const RECOVERY_ENV: Record<string, string> = {
  UPSTREAM_PACING: 'on',
  UPSTREAM_CACHE: 'off',
  RESPONSE_CACHE: 'off',
  // A retry would sleep on the injected clock; each refusal is answered at once instead.
  UPSTREAM_MAX_ATTEMPTS: '1',
  CIRCUIT_FAILURE_THRESHOLD: '1000000',
  CLIENT_POINTS_PER_MINUTE: '100000000',
};

const CLIMATE = 'query($code: String!) { loccode(code: $code) { climate { state } } }';

/** The first error code of an answer, or `data` when the climate came. */
function outcome(answer: GraphQLResult): string {
  if (answer.errors) return String(answer.errors[0]?.extensions?.code);
  return typeof answer.data?.loccode?.climate?.state === 'string' ? 'data' : 'neither';
}

export interface RecoveryRun {
  /** When the second refusal came, on the clock: the lesson the gateway keeps. */
  learnedAt: number;
  /** The two queries the service refused. */
  refused: string[];
  /** Each process's `/readyz` `learnedLimits` just after. */
  learnedAfterRefusals: unknown[];
  /** Two queries once the pause is over (one call fits the learned limit of one), and when the second may retry. */
  whileLearned: string[];
  retryAfterSeconds: unknown;
  /** Thirty queries a minute after the second refusal, round-robin over the processes. */
  afterAMinute: string[];
  /** Each process's `/readyz` then. */
  learnedAfterAMinute: unknown[];
  /** Agriculture calls the sandbox logged. */
  calls: number;
}

export async function refusedTwiceThenAMinuteOfQuiet(
  replicas: Replicas,
  clock: FakeClock,
): Promise<RecoveryRun> {
  const codes = replicas.sandbox.dataset.streets.slice(0, 40).map((street) => street.code);
  const processes = replicas.apps.length;
  const ask = (index: number) => replicas.query(index % processes, CLIMATE, { code: codes[index]! });
  const readyz = () =>
    Promise.all(
      replicas.apps.map(
        async (app) => (await replicas.http.get(app.url.replace(/\/graphql$/, '/readyz'))).json.learnedLimits,
      ),
    );
  replicas.sandbox.controls.injectFault({ service: 'agriculture', kind: 'status', status: 429, times: 2 });
  const refused = [outcome(await ask(0))];
  // The first refusal pauses agriculture for a second.
  clock.moveTo(clock.now() + 1_000);
  const learnedAt = clock.now();
  refused.push(outcome(await ask(1)));
  const learnedAfterRefusals = await readyz();
  // A second's pause again.
  clock.moveTo(learnedAt + 1_000);
  const whileLearned = [await ask(2), await ask(3)];
  clock.moveTo(learnedAt + 60_000);
  const afterAMinute = [];
  for (let index = 4; index < 34; index += 1) afterAMinute.push(outcome(await ask(index)));
  return {
    learnedAt,
    refused,
    learnedAfterRefusals,
    whileLearned: whileLearned.map(outcome),
    retryAfterSeconds: whileLearned[1]!.errors?.[0]?.extensions?.retryAfterSeconds,
    afterAMinute,
    learnedAfterAMinute: await readyz(),
    calls: replicas.sandbox.controls.count({ service: 'agriculture' }),
  };
}

/** What every run shows, whichever processes share the pacing. */
export function expectRecovered(run: RecoveryRun, processes: number): void {
  expect(run.refused).toEqual(['UPSTREAM_RATE_LIMITED', 'UPSTREAM_RATE_LIMITED']);
  // Every process paces at one call: with two, the first learned it from the first refusal,
  // a second earlier, and is told of the second lesson at its next call.
  const learned = (at: number) => ({
    agriculture: { requests: { limit: 1, documented: 60, backAt: new Date(at + 60_000).toISOString() } },
  });
  expect(run.learnedAfterRefusals).toEqual(
    processes === 1 ? [learned(run.learnedAt)] : [learned(run.learnedAt - 1_000), learned(run.learnedAt)],
  );
  // A second on, one call fits the learned limit; the next is refused until the limit's
  // first step back, 15 s after the lesson.
  expect(run.whileLearned).toEqual(['data', 'UPSTREAM_RATE_LIMITED']);
  expect(run.retryAfterSeconds).toBe(14);
  // A minute on, thirty queries are all answered, and nothing is paced below the spec any more.
  expect(run.afterAMinute).toEqual(Array.from({ length: 30 }, () => 'data'));
  expect(run.learnedAfterAMinute).toEqual(Array.from({ length: processes }, () => undefined));
  // Two refused calls, the one that fitted, and the thirty.
  expect(run.calls).toBe(33);
}
