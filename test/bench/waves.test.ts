import { pooledWaves, waveParts } from '../../bench/waves';

/*
 * Waves of upstream calls as the sandbox logs them (arrival and answer time, ms), worked out by
 * hand: five waves; the first (the load began in it) and the last (nothing ends it) are left out.
 *
 *   wave 0: calls at 0, 0.2, 0.4, answered at 81, 82.2, 85.4
 *   wave 1: 87.0, 87.3, 87.5 -> 168.0, 168.8, 171.5: the sandbox's part 84.5, then 2.0 to wave 2
 *   wave 2: 173.5, 173.9     -> 254.0, 257.0:        83.5, then 2.0
 *   wave 3: 259.0            -> 340.0:               81.0, then 2.0
 *   wave 4: 342.0            -> 423.0
 */
const FIVE_WAVES = [
  { at: 0, durationMs: 81 },
  { at: 0.2, durationMs: 82 },
  { at: 0.4, durationMs: 85 },
  { at: 87.0, durationMs: 81 },
  { at: 87.3, durationMs: 81.5 },
  { at: 87.5, durationMs: 84 },
  { at: 173.5, durationMs: 80.5 },
  { at: 173.9, durationMs: 83.1 },
  { at: 259.0, durationMs: 81 },
  { at: 342.0, durationMs: 81 },
];

describe('the waves of the bench rows with upstream latency', () => {
  it('divides each measured wave at the sandbox’s last answer, as means that add up to the wave', () => {
    const parts = waveParts(FIVE_WAVES)!;
    expect(parts.waves).toBe(3);
    expect(parts.upstreamMs).toBeCloseTo((84.5 + 83.5 + 81) / 3, 9);
    expect(parts.gatewayMs).toBeCloseTo(2, 9);
    // Wave 1's first call to wave 4's: three waves.
    expect(parts.waveMs).toBeCloseTo((342 - 87) / 3, 9);
  });

  it('reads the log in any order', () => {
    const shuffled = [...FIVE_WAVES].reverse();
    expect(waveParts(shuffled)).toEqual(waveParts(FIVE_WAVES));
  });

  it('counts a call that arrives before the wave’s last answer in that wave, however late', () => {
    // 120.0 arrives before wave 1's last answer (171.5), and its own (201.0) comes after wave 2's
    // calls arrive (173.5, 173.9): waves 1 and 2 are one, its last answer 257.0, then 2.0 to wave 3.
    const parts = waveParts([...FIVE_WAVES, { at: 120, durationMs: 81 }])!;
    expect(parts.waves).toBe(2);
    expect(parts.upstreamMs).toBeCloseTo((257 - 87 + 81) / 2, 9);
    expect(parts.gatewayMs).toBeCloseTo(2, 9);
    expect(parts.waveMs).toBeCloseTo((342 - 87) / 2, 9);
  });

  it('has nothing to say with fewer than three waves', () => {
    expect(waveParts(FIVE_WAVES.slice(0, 6))).toBeUndefined();
    expect(waveParts([])).toBeUndefined();
  });

  it('pools the rounds, each weighed by its waves', () => {
    const pooled = pooledWaves([
      { waveMs: 85, upstreamMs: 83, gatewayMs: 2, waves: 3 },
      { waveMs: 90, upstreamMs: 86, gatewayMs: 4, waves: 1 },
    ]);
    expect(pooled).toEqual({ waveMs: 86.25, upstreamMs: 83.75, gatewayMs: 2.5, waves: 4 });
    expect(pooledWaves([])).toBeUndefined();
  });
});
