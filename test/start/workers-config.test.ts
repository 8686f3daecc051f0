import { availableParallelism } from 'node:os';
import { loadConfig } from '../../src/start/config';
import { effectiveConfig } from '../../src/start/effective-config';
import { problems } from '../support/config-problems';

/** WORKERS: how many processes serve the one port. */
describe('WORKERS', () => {
  it('is 1 unless set: one process, as before', () => {
    expect(loadConfig({}).workers).toBe(1);
  });

  it('takes a whole number up to 64, and auto (any case) as one per core', () => {
    expect(loadConfig({ WORKERS: '2' }).workers).toBe(2);
    expect(loadConfig({ WORKERS: '64' }).workers).toBe(64);
    expect(loadConfig({ WORKERS: 'Auto' }).workers).toBe(Math.min(availableParallelism(), 64));
  });

  it('names the variable, the value and what it takes when the value is wrong, reported with the other problems', () => {
    const expected = (value: string) =>
      `WORKERS must be auto (one per core) or a whole number from 1 to 64 (each worker is a process with its own caches), got "${value}".`;
    for (const value of ['0', '65', '1.5', 'all', '-2'])
      expect(problems({ WORKERS: value })).toEqual([expected(value)]);
    expect(problems({ WORKERS: '400', PORT: 'eighty' })).toEqual([
      'PORT must be a whole number from 0 to 65535, got "eighty".',
      expected('400'),
    ]);
  });

  it('appears in the configuration logged at start, resolved', () => {
    expect(effectiveConfig(loadConfig({ WORKERS: '3' }))).toMatchObject({ workers: 3 });
  });
});
