import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/*
 * One clock per program: the gateway reads time only in src/kernel/clock.ts and the sandbox,
 * a program of its own that imports nothing of the gateway, only in src/sandbox/kit/clock.ts.
 * Everything else takes a Clock, so a test can move time instead of waiting for it.
 */

const ROOT = join(__dirname, '..', '..');
const CLOCK_MODULES = ['src/kernel/clock.ts', 'src/sandbox/kit/clock.ts'];
/** Readings of the system's time: `Date.now()`, `new Date()` without an argument, the monotonic timers. */
const READINGS = /Date\.now\(|new Date\(\)|performance\.now\(|process\.hrtime/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(dir, file));
}

function readingsIn(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(READINGS)].map(
    (match) => `${file}:${text.slice(0, match.index).split('\n').length}: ${match[0]}`,
  );
}

describe('reading the time', () => {
  it('happens in src/ only in the clock module of each program', () => {
    const files = sourceFiles('src').filter((file) => !CLOCK_MODULES.includes(relative('.', file)));
    expect(files.flatMap(readingsIn)).toEqual([]);
  });

  it('is found where it happens (the clock modules themselves)', () => {
    for (const module of CLOCK_MODULES)
      expect(readingsIn(module)).toContainEqual(expect.stringMatching(/Date\.now\(/));
  });
});
