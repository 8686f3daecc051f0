import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * Tests move a fake clock instead of sleeping. Real time is waited for only where a real
 * process (Redis, a child process, a socket peer) must be, through test/support/time.ts:
 * `waitFor` when a condition can be read, else `realSleep` with a comment above the call
 * saying why. A sleep slows every run and fails on a busy machine: there are at most ten.
 */

const ROOT = join(__dirname, '..');
const HELPER = join('support', 'time.ts');
const MOST_REAL_SLEEPS = 10;

const files = readdirSync(ROOT, { recursive: true, encoding: 'utf8' }).filter(
  (file) => file.endsWith('.ts') && file !== HELPER,
);

/** `file:line` of each line of `file` matching `pattern`, with the line before it. */
function linesMatching(file: string, pattern: RegExp): Array<{ at: string; before: string }> {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  return lines.flatMap((line, index) =>
    pattern.test(line) ? [{ at: `test/${file}:${index + 1}`, before: lines[index - 1] ?? '' }] : [],
  );
}

describe('real time in the tests', () => {
  it('is waited for only through test/support/time.ts', () => {
    expect(
      files.flatMap((file) => linesMatching(file, /\bset(Timeout|Interval)\(/)).map(({ at }) => at),
    ).toEqual([]);
  });

  const sleeps = files.flatMap((file) => linesMatching(file, /\brealSleep\(/));

  it(`holds at most ${MOST_REAL_SLEEPS} real sleeps`, () => {
    expect(sleeps.length).toBeGreaterThan(0);
    expect(sleeps.length <= MOST_REAL_SLEEPS ? [] : sleeps.map(({ at }) => at)).toEqual([]);
  });

  it('says above each real sleep why it is one', () => {
    expect(sleeps.filter(({ before }) => !/^\s*\/\/ \S/.test(before)).map(({ at }) => at)).toEqual([]);
  });
});
